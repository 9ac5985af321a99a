// A Vite plugin printing every chunk's gzip size and the login route's total against its budget.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every chunk loaded before `start` runs: itself and its static imports, transitively. */
export function staticClosure(chunks: Map<string, ChunkInfo>, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !chunks.has(name)) return;
    seen.add(name);
    for (const dependency of chunks.get(name)!.imports) visit(dependency);
  };
  visit(start);
  return seen;
}

/**
 * The chunks a page needs: `starts` with their static imports, plus, of the `oneOf` chunks (alternatives loaded at
 * startup, e.g. one dictionary per language), the one whose own closure adds the most.
 */
export function neededChunks(
  chunks: Map<string, ChunkInfo>,
  size: (name: string) => number,
  starts: string[],
  oneOf: string[] = [],
): Set<string> {
  const needed = new Set(starts.flatMap((start) => [...staticClosure(chunks, start)]));
  const added = (start: string) => [...staticClosure(chunks, start)].filter((name) => !needed.has(name));
  const weight = (names: string[]) => names.reduce((sum, name) => sum + size(name), 0);
  const heaviest = oneOf.map(added).sort((a, b) => weight(b) - weight(a))[0] ?? [];
  for (const name of heaviest) needed.add(name);
  return needed;
}

/** A route whose first paint is budgeted: the modules it loads before painting (each a lazy chunk's own module). */
export interface BudgetedRoute {
  name: string;
  modules: RegExp[];
  budgetKb: number;
}

/**
 * Prints the gzip size of every JS chunk and, for each budgeted route, the total its first paint needs (entry + the
 * route's chunks, with their static imports, + the larger dictionary), and warns when that total passes its budget.
 */
export function sizeReport(options: { routes: BudgetedRoute[]; oneOfModules?: RegExp }): Plugin {
  return {
    name: 'trialdesk-size-report',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const gzip = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(item.fileName, item);
        gzip.set(item.fileName, gzipSync(item.code, { level: 9 }).length);
      }
      const rows = [...chunks.keys()].sort((a, b) => gzip.get(b)! - gzip.get(a)!);
      const width = Math.max(...rows.map((name) => name.length));
      this.info(`gzip size per chunk:\n${rows.map((n) => `  ${n.padEnd(width)}  ${kb(gzip.get(n)!)}`).join('\n')}`);

      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const alternatives = [...chunks.values()]
        .filter((chunk) => chunk.facadeModuleId && options.oneOfModules?.test(chunk.facadeModuleId))
        .map((chunk) => chunk.fileName);
      for (const route of options.routes) {
        const starts = route.modules.map(
          (module) =>
            [...chunks.values()].find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId))?.fileName,
        );
        if (!entry || starts.some((start) => start === undefined)) {
          this.error(`size report: the entry or a chunk of the ${route.name} route was not found`);
          return;
        }
        const needed = neededChunks(
          chunks,
          (name) => gzip.get(name)!,
          [entry.fileName, ...(starts as string[])],
          alternatives,
        );
        const total = [...needed].reduce((sum, name) => sum + gzip.get(name)!, 0);
        if (process.env.SIZE_REPORT_MODULES) {
          for (const name of needed) {
            const chunk = bundle[name] as unknown as { modules: Record<string, { renderedLength: number }> };
            const top = Object.entries(chunk.modules)
              .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
              .slice(0, Number(process.env.SIZE_REPORT_MODULES))
              .map(([id, m]) => `    ${(m.renderedLength / 1024).toFixed(1)} KB ${id.replace(/.*node_modules\//, '')}`);
            this.info(`${name}:\n${top.join('\n')}`);
          }
        }
        const listed = [...needed].sort((a, b) => gzip.get(b)! - gzip.get(a)!);
        this.info(
          `${route.name} route JavaScript: ${kb(total)} gzip in ${needed.size} chunks (budget ${route.budgetKb} KB):\n` +
            listed.map((n) => `  ${n.padEnd(width)}  ${kb(gzip.get(n)!)}`).join('\n'),
        );
        // Reported, not fatal: a budget overrun must not stop the local stack from building.
        if (total > route.budgetKb * 1024) this.warn(`${route.name} route is over its ${route.budgetKb} KB budget`);
      }
    },
  };
}
