// `npm start`: builds, starts the local stack on the ports of firebase.json with data kept in .data/, seeds the
// demo data when missing, and stops everything on Ctrl-C (SIGINT) or SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-data.js';
import { seed } from './seed.js';
import { DEFAULT_PORTS, busyPorts, ROOT, startStack, type Stack } from './stack.js';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function build(): Promise<void> {
  console.log('Building the functions...');
  await run('npm', ['run', 'build', '-w', 'functions']);
  if (existsSync(join(ROOT, 'web', 'index.html'))) {
    console.log('Building the web app (against the emulators)...');
    await run('npm', ['run', 'build', '-w', 'web'], { VITE_USE_EMULATORS: 'true' });
  } else {
    console.log('Note: web/ has no app yet (no web/index.html): skipping its build; Hosting serves web/dist as it is.');
  }
}

let stack: Stack | undefined;

async function main(): Promise<void> {
  const busy = await busyPorts(DEFAULT_PORTS);
  if (busy.length > 0) {
    throw new Error(`Port(s) ${busy.join(', ')} already in use: is \`npm start\` already running? Stop it first.`);
  }
  // `npm start -- --skip-build` restarts quickly when nothing changed since the last build.
  if (process.argv.includes('--skip-build')) console.log('Skipping the builds (--skip-build).');
  else await build();

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

  console.log('Starting the emulators (Firestore and Storage built-in, Auth, Functions, Hosting)...');
  stack = await startStack({
    ports: DEFAULT_PORTS,
    dataDir: join(ROOT, '.data'),
    hosting: true,
    // Every call logs three lines; keep the rest (function errors and warnings, emulator messages).
    log: (line) => {
      if (!/Beginning execution of|Finished "|callable-request-verification/.test(line))
        console.log(`  [firebase] ${line}`);
    },
  });
  if (stopping) return;

  const result = await seed(stack, { log: (line) => console.log(line) });
  const made = Object.entries(result.accounts).filter(([, state]) => state !== 'kept');
  if (made.length > 0) console.log(`Demo accounts: ${made.map(([email, state]) => `${email} ${state}`).join(', ')}.`);
  if (!result.records) console.log('Existing data kept (delete .data/ to start over with fresh demo data).');

  const { urls } = stack;
  console.log(`
TrialDesk is running.
  App:        ${urls.hosting}
  Functions:  ${urls.functions}
  Auth:       ${urls.auth}
  Firestore:  ${urls.firestoreHost} (built-in emulator, data in .data/firestore)
  Storage:    ${urls.storageHost} (built-in emulator, files in .data/storage)

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.roleApproved ? `approved ${a.role}` : `requested ${a.role} access, not approved`}`).join('\n')}

Press Ctrl-C to stop.`);
}

main().catch(async (error: Error) => {
  console.error(`npm start failed: ${error.message}`);
  await stack?.stop().catch(() => {});
  process.exit(1);
});
