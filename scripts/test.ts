// `npm test`: the type checks, lint and every test suite, three at a time on two cores, longest first; each suite's
// output is printed whole when it ends, and a table of each one's time closes the run (docs/architecture.md, "Tests").
// `npm test -- web browser` runs only the suites named.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack.js';

interface Suite {
  name: string;
  /** An npm command run from the repository's root. */
  npm: string[];
}

/**
 * Longest first (as measured on a quiet two-core machine), so the last to start are short. Three at a time: the
 * browser and HTTP suites spend much of their time waiting on their stacks, Chromium and function workers, and the
 * vitest suites run one worker each (cores less one); three kept the two cores busier than two did (10.8 minutes
 * against 11.8 for the whole run, docs/architecture.md "Tests"). No two suites share anything but the build of
 * functions/lib, which a build of unchanged sources leaves untouched (functions/build.mjs).
 */
const SUITES: Suite[] = [
  { name: 'browser', npm: ['test', '-w', 'e2e'] },
  { name: 'web', npm: ['test', '-w', 'web'] },
  { name: 'functions over HTTP', npm: ['run', 'test:http', '-w', 'functions'] },
  { name: 'functions', npm: ['test', '-w', 'functions'] },
  { name: 'typecheck', npm: ['run', 'typecheck', '--workspaces', '--if-present'] },
  { name: 'emulator', npm: ['test', '-w', 'emulator'] },
  { name: 'lint', npm: ['run', 'lint'] },
  { name: 'shared', npm: ['test', '-w', 'shared'] },
];
const AT_ONCE = 3;

interface Outcome {
  name: string;
  seconds: number;
  code: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** vitest's closing count, e.g. "Tests  2 failed | 345 passed | 1 skipped (348)"; zeros for a step without one. */
function counts(output: string): Pick<Outcome, 'passed' | 'failed' | 'skipped'> {
  const found = { passed: 0, failed: 0, skipped: 0 };
  // eslint-disable-next-line no-control-regex -- the colour codes vitest writes around the figures
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of plain.match(/^\s*Tests\s+.*\(\d+\)\s*$/gm) ?? []) {
    for (const key of Object.keys(found) as (keyof typeof found)[]) {
      found[key] += Number(new RegExp(`(\\d+) ${key}`).exec(line)?.[1] ?? 0);
    }
  }
  return found;
}

/** Runs one suite with its output in a file (two suites at once would interleave it), then prints that whole. */
async function runSuite(suite: Suite, logDir: string): Promise<Outcome> {
  const began = Date.now();
  const log = join(logDir, `${suite.name.replace(/\W+/g, '-')}.log`);
  console.log(`[test] ${suite.name}: started (npm ${suite.npm.join(' ')})`);
  const out = createWriteStream(log);
  const code = await new Promise<number>((done) => {
    const child = spawn('npm', suite.npm, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('error', (error) => {
      out.write(`${error.message}\n`);
      done(1);
    });
    child.once('close', (exit, signal) => done(exit ?? (signal ? 1 : 0)));
  });
  await new Promise((done) => out.end(done));
  const output = await readFile(log, 'utf8');
  const seconds = (Date.now() - began) / 1000;
  process.stdout.write(
    `\n===== ${suite.name} (${seconds.toFixed(0)} s, ${code === 0 ? 'passed' : `exit ${code}`}) =====\n`,
  );
  process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  return { name: suite.name, seconds, code, ...counts(output) };
}

const duration = (seconds: number) =>
  seconds < 60 ? `${seconds.toFixed(0)} s` : `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0)} s`;

const wanted = process.argv.slice(2);
const known = SUITES.map((suite) => suite.name);
const unknown = wanted.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}: the suites are ${known.map((name) => `'${name}'`).join(', ')}.`);
  process.exit(2);
}
const queue = SUITES.filter((suite) => wanted.length === 0 || wanted.includes(suite.name));

const began = Date.now();
const logDir = await mkdtemp(join(tmpdir(), 'trialdesk-test-'));
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) outcomes.push(await runSuite(suite, logDir));
  }),
);
await rm(logDir, { recursive: true, force: true });

outcomes.sort((a, b) => known.indexOf(a.name) - known.indexOf(b.name));
const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
console.log('\n===== every suite =====');
for (const outcome of outcomes) {
  const tests = outcome.passed + outcome.failed > 0 ? `${outcome.passed} passed, ${outcome.failed} failed` : '';
  const result = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
  console.log(
    `${outcome.name.padEnd(width)}  ${duration(outcome.seconds).padStart(10)}  ${result.padEnd(6)}  ${tests}`,
  );
}
console.log(`${'in all'.padEnd(width)}  ${duration((Date.now() - began) / 1000).padStart(10)}`);
const total = (key: 'passed' | 'failed' | 'skipped') => outcomes.reduce((sum, outcome) => sum + outcome[key], 0);
const failedSteps = outcomes.filter((outcome) => outcome.code !== 0);
const skipped = total('skipped') > 0 ? `, ${total('skipped')} skipped` : '';
console.log(`tests: ${total('passed')} passed, ${total('failed')} failed${skipped}`);
if (failedSteps.length > 0) console.log(`failed: ${failedSteps.map((outcome) => outcome.name).join(', ')}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
