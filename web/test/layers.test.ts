// The web's folders are layers: core, shared UI, resources, the showcase, the referral portal, then the shell; imports
// only go down, no cycle; the portal builds on core and ui alone.
// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KIND_NAMES } from '@trialdesk/shared';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** Lowest first: a folder may import its own layer and those before it (see docs/architecture.md). */
const LAYERS = ['core', 'ui', 'resources', 'showcase', 'portal', 'shell'];
/** What the referral portal may import: it shows none of the back office's screens, nor the showcase's. */
const PORTAL_IMPORTS = ['core', 'ui', 'portal'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative import names, as the bundler resolves it. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((path) => existsSync(path) && statSync(path).isFile());
}

interface Edge {
  from: string;
  to: string;
  /** `import type` (erased) and `import()` (a lazy chunk) do not tie modules at load time. */
  loadTime: boolean;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  const pattern = /(import\s+type\b[^'"]*?from\s*|import\s*\(\s*|(?:from|import)\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const [, keyword, specifier] of text.matchAll(pattern)) {
    const to = resolveImport(file, specifier);
    if (!to) throw new Error(`${relative(SRC, file)}: cannot resolve ${specifier}`);
    edges.push({ from: file, to, loadTime: !/^import\s+type\b|\($/.test(keyword.trim()) });
  }
  return edges;
}

const top = (file: string) => relative(SRC, file).split(/[\\/]/)[0];
/** A top-level folder, or one resource's or showcase group's folder: the units between which no cycle may form. */
const unit = (file: string) => {
  const parts = relative(SRC, file).split(/[\\/]/);
  return ['resources', 'showcase'].includes(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
};

/** The cycles of a graph, each as the path that closes it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      found.push([...path.slice(path.indexOf(node)), node]);
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

function graphOf(edges: Edge[], key: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [key(from), key(to)];
    if (a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

const files = sourceFiles(SRC);
const edges = files.flatMap(importsOf);

describe('web layers', () => {
  it('every source file lives in a layer', () => {
    expect(files.map(top).filter((folder) => !LAYERS.includes(folder))).toEqual([]);
  });

  it('imports go down the layers only (core, ui, resources, showcase, portal, shell)', () => {
    const upward = edges
      .filter(({ from, to }) => LAYERS.indexOf(top(to)) > LAYERS.indexOf(top(from)))
      .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`);
    expect(upward).toEqual([]);
  });

  it('the referral portal imports core and ui only, never resources or the showcase', () => {
    const found = edges
      .filter(({ from, to }) => top(from) === 'portal' && !PORTAL_IMPORTS.includes(top(to)))
      .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`);
    expect(found).toEqual([]);
  });

  it('no cycle between top-level folders or between resources', () => {
    expect(cycles(graphOf(edges, unit))).toEqual([]);
  });

  it("a record kind's folder is imported by no other resource folder: they name the kind by its key", () => {
    // A part of one kind shown on another's screen is a panel registered by key (the study's documents).
    const crossings = edges
      .map(({ from, to }) => `${unit(from)} -> ${unit(to)}`)
      .filter((edge) => {
        const [from, to] = edge.split(' -> ');
        const kind = to.startsWith('resources/') && (KIND_NAMES as readonly string[]).includes(to.split('/')[1]);
        return kind && from !== to && from.startsWith('resources/');
      });
    expect([...new Set(crossings)]).toEqual([]);
  });

  it('no cycle between modules at load time', () => {
    const loadTime = edges.filter((edge) => edge.loadTime);
    expect(cycles(graphOf(loadTime, (file) => relative(SRC, file)))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
