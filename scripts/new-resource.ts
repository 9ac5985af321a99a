// `npm run new-resource -- <name> [--singular <one>]`: writes a new record kind end to end (docs/adding-a-resource.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { kindNames, type KindNames } from './new-resource/names.js';
import { callablesFile, fixturesFile, serviceFile, sharedFile, testFile } from './new-resource/serverFiles.js';
import { apiFile, definitionFile, formFile, screensFile, words } from './new-resource/webFiles.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The new files, by path from the repository's root. */
const newFiles = (n: KindNames): Record<string, string> => ({
  [`shared/src/${n.name}.ts`]: sharedFile(n),
  [`functions/src/${n.name}/service.ts`]: serviceFile(n),
  [`functions/src/${n.name}/callables.ts`]: callablesFile(n),
  [`functions/test/kinds/${n.name}.test.ts`]: testFile(n),
  [`functions/test/kinds/${n.name}.fixtures.ts`]: fixturesFile(n),
  [`web/src/resources/${n.name}/index.ts`]: definitionFile(n),
  [`web/src/resources/${n.name}/api.ts`]: apiFile(n),
  [`web/src/resources/${n.name}/${n.One}Form.tsx`]: formFile(n),
  [`web/src/resources/${n.name}/screens.tsx`]: screensFile(n),
});

/** One insertion into an existing file: `text` before the first match of `before`. */
type Insertion = [path: string, before: RegExp, text: string];

/** The kind's lines in the three registries and its words in the two dictionaries. */
const insertions = (n: KindNames): Insertion[] => [
  ['shared/src/kinds.ts', /\nexport const KINDS = \[/, `export * from './${n.name}.js';\n`],
  ['shared/src/kinds.ts', /\n\/\/ Each kind's module/, `import { ${n.name}Kind } from './${n.name}.js';\n`],
  ['shared/src/kinds.ts', /(?<=export const KINDS = \[[^\]]*)\]/, `, ${n.name}Kind`],
  [
    'functions/src/index.ts',
    /\/\/ The functions of no kind\./,
    `export { ${n.name} } from './${n.name}/callables.js';\n`,
  ],
  ['web/src/resources/index.ts', /\n\/\/ The document library's words/, `import { ${n.name} } from './${n.name}';\n`],
  ['web/src/resources/index.ts', /(?<=export const RESOURCES = \[[^\]]*)\]/, `, ${n.name}`],
  ['web/src/core/i18n/en.ts', /};\n\n\/\*\* Same shape as `en`/, words(n, 'en')],
  ['web/src/core/i18n/fr.ts', /};\n*$/, words(n, 'fr')],
];

/** Every edited file's new content, or an error naming the place missing (nothing is written then). */
function edited(n: KindNames): Map<string, string> {
  const contents = new Map<string, string>();
  for (const [path, before, text] of insertions(n)) {
    const content = contents.get(path) ?? readFileSync(join(ROOT, path), 'utf8');
    const match = before.exec(content);
    if (!match) throw new Error(`${path}: the place to add the kind (${before}) is missing; nothing was written`);
    contents.set(path, content.slice(0, match.index) + text + content.slice(match.index));
  }
  return contents;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function main(): void {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { singular: { type: 'string' } } });
  if (positionals.length !== 1) throw new Error('Usage: npm run new-resource -- <name> [--singular <one>]');
  const n = kindNames(positionals[0], values.singular);
  const files = newFiles(n);
  const taken = Object.keys(files).filter((path) => existsSync(join(ROOT, path)));
  if (taken.length > 0 || existsSync(join(ROOT, 'web/src/resources', n.name))) {
    throw new Error(`"${n.name}" exists already: ${taken.join(', ') || `web/src/resources/${n.name}`}`);
  }
  const edits = edited(n);
  for (const [path, content] of [...Object.entries(files), ...edits]) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), content);
  }
  // Its indexes from its list's query shapes, then every written or edited file in the repository's format.
  run('npm', ['run', 'indexes', '-w', 'functions']);
  run('npx', ['prettier', '--log-level', 'warn', '--write', ...Object.keys(files), ...edits.keys()]);
  console.log(
    `\nThe "${n.name}" record kind is written: ${Object.keys(files).length} new files, ${edits.size + 1} edited.`,
  );
  console.log('Next: its real fields (docs/adding-a-resource.md), the French words, then npm test and npm start.');
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
