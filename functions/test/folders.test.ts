// Folders of every workspace but the web's (web/test/layers.test.ts): no two import each other, directly or through
// others; on the server, `common` imports no record kind's folder (docs/architecture.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The top-level folder of a file below `src` (`.` for the files directly in it). */
const folderOf = (src: string, file: string) => {
  const parts = relative(src, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : '.';
};

/** A source without its template literals: generated code (scripts/new-resource) holds import lines too. */
const withoutTemplates = (text: string) => text.replace(/`(?:\\[\s\S]|[^\\`])*`/g, '``');

/** For each folder of `src`, the other folders its files import (relative imports; types count: they tie the code). */
function folderImports(src = SRC): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    for (const [, specifier] of withoutTemplates(readFileSync(file, 'utf8')).matchAll(
      /from\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    )) {
      const to = folderOf(src, resolve(dirname(file), specifier));
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** A cycle through `start`, as the folders on it, or null. */
function cycleFrom(graph: Map<string, Set<string>>, start: string): string[] | null {
  const walk = (folder: string, path: string[]): string[] | null => {
    for (const next of graph.get(folder) ?? []) {
      if (next === start) return [...path, next];
      if (!path.includes(next)) {
        const found = walk(next, [...path, next]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(start, [start]);
}

describe('functions/src folders', () => {
  const graph = folderImports();

  it('common imports no other folder', () => {
    expect([...(graph.get('common') ?? [])]).toEqual([]);
  });

  it('no folder imports another that imports it back, directly or through others', () => {
    const cycles = [...graph.keys()].map((folder) => cycleFrom(graph, folder)).filter((cycle) => cycle !== null);
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  // The other workspaces' source folders (scripts keeps its sources at its root).
  it.each(['shared/src', 'emulator/src', 'scripts'])('%s: no folder imports another that imports it back', (src) => {
    const other = folderImports(join(ROOT, src));
    const cycles = [...other.keys()].map((folder) => cycleFrom(other, folder)).filter((cycle) => cycle !== null);
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
    if (src === 'emulator/src') expect(other.get('firestore')).toContain('common');
    if (src === 'scripts') expect(other.get('.')).toContain('stack');
  });

  it('sees the imports it checks', () => {
    // The record kinds' folders use common; the index names every folder of callables.
    expect(graph.get('studies')).toContain('common');
    expect(graph.get('.')).toContain('files');
  });
});
