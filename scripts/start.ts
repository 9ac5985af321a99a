// `npm start`: builds (what changed), starts the local stack on the ports of firebase.json with data kept in .data/,
// seeds the demo data when missing, prints how long each phase took, and stops everything on Ctrl-C or SIGTERM.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-data.js';
import { startSeededStack } from './seed-stack.js';
import { DEFAULT_PORTS, busyPorts, ROOT, type Stack } from './stack.js';

// performance.now() counts from the start of this process: its own loading is in the total.
const began = 0;
const phases: { name: string; began: number; ended: number }[] = [];
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Runs `task` as the phase `name`, recording when it began and ended. */
async function phase<T>(name: string, task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await task();
  } finally {
    phases.push({ name, began: start, ended: performance.now() });
  }
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    // Quiet unless it fails: two builds at once would interleave their output.
    const child = spawn('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`npm ${args.join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output.trimEnd()}`)),
    );
  });
}

/** Every file under `dir` (sorted, relative to ROOT), but the folders named in `skip`. */
function filesUnder(dir: string, skip: string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').some((part) => skip.includes(part)))
    .sort();
}

const IGNORED = ['node_modules', 'lib', 'dist', 'test-output', '.tmp'];

/** What a build reads, and what it writes: it is skipped when neither changed since it last ran from here. */
interface Build {
  name: string;
  npmArgs: string[];
  env?: NodeJS.ProcessEnv;
  inputs: () => string[];
  output: string;
}

const BUILDS: Build[] = [
  {
    name: 'functions',
    npmArgs: ['run', 'build', '-w', 'functions'],
    inputs: () => [
      ...filesUnder(join(ROOT, 'functions'), [...IGNORED, 'test']),
      ...filesUnder(join(ROOT, 'shared'), IGNORED),
    ],
    output: join(ROOT, 'functions', 'lib'),
  },
  {
    name: 'web',
    npmArgs: ['run', 'build', '-w', 'web'],
    // Against the emulators: the app reads their addresses from the emulators.json the stack serves beside it.
    env: { VITE_USE_EMULATORS: 'true' },
    inputs: () => [
      ...filesUnder(join(ROOT, 'web'), [...IGNORED, 'test']),
      ...filesUnder(join(ROOT, 'shared'), IGNORED),
    ],
    output: join(ROOT, 'web', 'dist'),
  },
];

/** Where each build's fingerprint is kept (ignored by git with node_modules). */
const STAMPS = join(ROOT, 'node_modules', '.cache', 'trialdesk-start');

/**
 * A build's fingerprint: its inputs' contents (and package-lock.json, for the tools and libraries), its environment,
 * and its output's file names, sizes and times, so an output rebuilt or changed by anything else is rebuilt too.
 */
function fingerprint(build: Build): string {
  const hash = createHash('sha256').update(JSON.stringify(build.env ?? {}));
  for (const file of [...build.inputs(), 'package-lock.json']) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  for (const file of filesUnder(build.output, [])) {
    const { size, mtimeMs } = statSync(join(ROOT, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/** Builds when the inputs or the output changed since the last build made here (always on a fresh clone). */
async function buildIfChanged(build: Build): Promise<void> {
  const stamp = join(STAMPS, `${build.name}.sha256`);
  const before = existsSync(build.output) && existsSync(stamp) ? fingerprint(build) : null;
  if (before !== null && readFileSync(stamp, 'utf8') === before) {
    phases.push({
      name: `build ${build.name} (unchanged, skipped)`,
      began: performance.now(),
      ended: performance.now(),
    });
    return;
  }
  await phase(`build ${build.name}`, () => run(build.npmArgs, build.env));
  await mkdir(STAMPS, { recursive: true });
  await writeFile(stamp, fingerprint(build));
}

let stack: Stack | undefined;

/** What a demo account may do, as the start-up message names it: a referrer works in the portal. */
const standing = (account: (typeof DEMO_ACCOUNTS)[number], app: string): string =>
  !account.roleApproved
    ? `requested ${account.role} access, not approved`
    : account.role === 'User'
      ? `approved User: a referring clinician, in the portal at ${app}/refer`
      : `approved ${account.role}`;

async function main(): Promise<void> {
  const busy = await busyPorts(DEFAULT_PORTS);
  if (busy.length > 0) {
    throw new Error(`Port(s) ${busy.join(', ')} already in use: is \`npm start\` already running? Stop it first.`);
  }
  // `npm start -- --skip-build` restarts with the outputs as they are, without even checking them.
  const skipBuild = process.argv.includes('--skip-build');
  if (skipBuild) console.log('Skipping the builds (--skip-build).');
  else console.log('Building the functions and the web app (what changed since the last build)...');
  // Both builds at once, and the built-in emulators (and the load of .data/) meanwhile: firebase-tools waits for
  // the builds, since it loads functions/lib and serves a copy of web/dist.
  const builds = skipBuild ? undefined : Promise.all(BUILDS.map(buildIfChanged));

  let stopping = false;
  const shutdown = (signal: string) => {
    // Ctrl-C reaches npm, tsx and this process: the first signal stops, the others wait for it.
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the emulators (saving the Auth accounts)...`);
    (stack ? stack.stop() : Promise.resolve()).then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: Error) => {
        console.error(`Stop failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  console.log('Starting the emulators (Firestore and Storage built-in, maildev, Auth, Functions, Hosting, Tasks)...');
  // The seed begins once Auth answers (with fresh data), beside the Functions emulator's start (seed-stack.ts).
  const started = await startSeededStack({
    ports: DEFAULT_PORTS,
    dataDir: join(ROOT, '.data'),
    hosting: true,
    after: builds,
    seed: { log: (line) => console.log(line) },
    onStack: (early) => (stack = early),
    onPhase: (name, start, end) =>
      phases.push({
        name: name === 'firebase-tools' ? 'Auth, Functions, Hosting, Tasks' : name,
        began: start,
        ended: end,
      }),
    // Every call logs three lines; keep the rest (function errors and warnings, emulator messages).
    log: (line) => {
      if (!/Beginning execution of|Finished "|callable-request-verification/.test(line))
        console.log(`  [firebase] ${line}`);
    },
  });
  stack = started.stack;
  if (stopping) return;

  const result = started.seeded;
  const made = Object.entries(result.accounts).filter(([, state]) => state !== 'kept');
  if (made.length > 0) console.log(`Demo accounts: ${made.map(([email, state]) => `${email} ${state}`).join(', ')}.`);
  if (!result.records) console.log('Existing data kept (delete .data/ to start over with fresh demo data).');

  const ready = performance.now();
  const { urls } = stack;
  console.log(`
Started in ${seconds(ready - began)} s (seconds since this process started; phases overlap: see docs/architecture.md):
${phases
  .sort((a, b) => a.began - b.began)
  .map(
    (p) =>
      `  ${p.name.padEnd(38)} ${seconds(p.began - began).padStart(5)} → ${seconds(p.ended - began).padStart(5)}  (${seconds(p.ended - p.began)} s)`,
  )
  .join('\n')}

TrialDesk is running.
  App:        ${urls.hosting}
  Functions:  ${urls.functions}
  Auth:       ${urls.auth}
  Firestore:  ${urls.firestoreHost} (built-in emulator, data in .data/firestore)
  Storage:    ${urls.storageHost} (built-in emulator, files in .data/storage)
  Registry:   ${urls.registry} (ClinicalTrials.gov stand-in, records in emulator/registry/records)
  Mail inbox: ${urls.mail} (maildev: every message the app sends, kept in .data/mail)
  SMTP:       ${urls.smtp} (maildev, where the functions send)
  App Check:  ${urls.appCheck} (stand-in of App Check's token exchange, where the app gets its tokens)

App Check enforcement: off (the functions serve calls without a token, so scripts and curl work; docs/operations.md).

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${standing(a, urls.app)}`).join('\n')}

Press Ctrl-C to stop.`);
}

main().catch(async (error: Error) => {
  console.error(`npm start failed: ${error.message}`);
  await stack?.stop().catch(() => {});
  process.exit(1);
});
