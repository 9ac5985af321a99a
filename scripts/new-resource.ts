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

/** Inserts `text` before the first match of `before` in a file (which must have it once). */
function insertBefore(path: string, before: RegExp, text: string): void {
  const file = join(ROOT, path);
  const content = readFileSync(file, 'utf8');
  const match = before.exec(content);
  if (!match) throw new Error(`${path}: the place to add the kind (${before}) is missing; add it by hand`);
  writeFileSync(file, content.slice(0, match.index) + text + content.slice(match.index));
}

/** Adds the kind to the three registries and its words to the two dictionaries. */
function register(n: KindNames): void {
  const kinds = 'shared/src/kinds.ts';
  insertBefore(kinds, /\nexport const KINDS = \[/, `export * from './${n.name}.js';\n`);
  insertBefore(kinds, /\n\/\/ Each kind's module/, `import { ${n.name}Kind } from './${n.name}.js';\n`);
  insertBefore(kinds, /] as const;\n/, `, ${n.name}Kind`);
  insertBefore(
    'functions/src/index.ts',
    /\/\/ The functions of no kind\./,
    `export { ${n.name} } from './${n.name}/callables.js';\n`,
  );
  const resources = 'web/src/resources/index.ts';
  insertBefore(resources, /\n\/\/ The document library's words/, `import { ${n.name} } from './${n.name}';\n`);
  insertBefore(resources, /];\n*$/, `, ${n.name}`);
  insertBefore('web/src/core/i18n/en.ts', /};\n\n\/\*\* Same shape as `en`/, words(n, 'en'));
  insertBefore('web/src/core/i18n/fr.ts', /};\n*$/, words(n, 'fr'));
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
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), content);
  }
  register(n);
  // Its indexes from its list's query shapes, then every written or edited file in the repository's format.
  run('npm', ['run', 'indexes', '-w', 'functions']);
  run('npx', [
    'prettier',
    '--log-level',
    'warn',
    '--write',
    ...Object.keys(files),
    'shared/src/kinds.ts',
    'functions/src/index.ts',
    'web/src/resources/index.ts',
    'web/src/core/i18n',
  ]);
  console.log(`\nThe "${n.name}" record kind is written: ${Object.keys(files).length} new files, 6 edited.`);
  console.log('Next: its real fields (docs/adding-a-resource.md), the French words, then npm test and npm start.');
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
