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
 * Prints the gzip size of every JS chunk and the total the login route needs (entry + login page, with their
 * static imports), and warns when that total passes `loginBudgetKb`.
 */
export function sizeReport(options: { routeModule: RegExp; loginBudgetKb: number }): Plugin {
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
      const login = [...chunks.values()].find(
        (chunk) => chunk.facadeModuleId && options.routeModule.test(chunk.facadeModuleId),
      );
      if (!entry || !login) {
        this.error('size report: entry or login chunk not found');
        return;
      }
      const needed = new Set([...staticClosure(chunks, entry.fileName), ...staticClosure(chunks, login.fileName)]);
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
      this.info(
        `login route JavaScript: ${kb(total)} gzip in ${needed.size} chunks (budget ${options.loginBudgetKb} KB)`,
      );
      // Reported, not fatal: a budget overrun must not stop the local stack from building.
      if (total > options.loginBudgetKb * 1024) this.warn(`login route is over its ${options.loginBudgetKb} KB budget`);
    },
  };
}
