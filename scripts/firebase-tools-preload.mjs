// Loaded into the firebase-tools process of the local stack (node --import, see stack.ts): skips a start-up
// step that costs seconds of a busy CPU on every start (measured in docs/architecture.md, "The local stack"), and
// makes the built-in Firestore emulator the one its Functions emulator registers Firestore triggers with, and has its
// Cloud Tasks emulator wait between looks at its queues. The rest of firebase-tools is untouched.
import { createRequire } from 'node:module';
import path from 'node:path';

// firebase-tools is CommonJS: its modules are patched in the cache its own require() reads.
const require = createRequire(import.meta.url);

// The firebase-tools being run (process.argv[1] is its lib/bin/firebase.js), not merely one this file resolves.
const lib = path.join(
  path.dirname(require.resolve('firebase-tools/package.json', { paths: [path.dirname(process.argv[1] ?? '.')] })),
  'lib',
);

/**
 * Replaces an exported function (`make` gets the original) when the module and the export exist: a later
 * firebase-tools may differ, and then simply starts as slowly as before. `file`: in firebase-tools' lib.
 */
function replace(file, name, make) {
  let exported;
  try {
    exported = require(path.join(lib, file));
  } catch {
    return;
  }
  if (typeof exported[name] === 'function') exported[name] = make(exported[name]);
}

// Before loading the functions, `npm show firebase-functions` runs synchronously (1 to 3 s, blocking the whole
// process) to suggest an update: the stack runs offline and the version is the one package-lock.json pins.
replace('deploy/functions/runtimes/node/versioning.js', 'getLatestSDKVersion', () => () => undefined);

// The Auth emulator builds its Identity Toolkit API with exegesis, which by default compiles a JSON-schema validator
// for every parameter, body and response of every operation before it listens: 10 to 15 s of CPU, most of the
// stack's start. Compiled on each operation's first use instead (exegesis' own option), a start uses the dozen
// operations it calls, each about 0.3 s the first time (docs/architecture.md, "The local stack").
function compileAuthValidatorsOnUse() {
  let exegesisExpress;
  try {
    exegesisExpress = require(require.resolve('exegesis-express', { paths: [path.join(lib, 'emulator', 'auth')] }));
  } catch {
    return;
  }
  const middleware = exegesisExpress?.middleware;
  if (typeof middleware !== 'function') return;
  exegesisExpress.middleware = (api, options) => middleware(api, { ...options, lazyCompileValidationSchemas: true });
}
compileAuthValidatorsOnUse();

// The built-in Firestore emulator runs in the launcher's process, not in this one (FIRESTORE_EMULATOR_HOST names
// it). Registered as a running emulator that firebase-tools did not start, so its Functions emulator registers each
// Firestore trigger with it, as with its own (docs/architecture.md, "Document events"); stopping it is a no-op here.
// Its data is its own (persisted by itself): firebase-tools' export (--export-on-exit, the hub's) leaves it out.
function registerBuiltInFirestore() {
  const address = process.env.FIRESTORE_EMULATOR_HOST;
  let registry;
  let types;
  try {
    registry = require(path.join(lib, 'emulator/registry.js')).EmulatorRegistry;
    types = require(path.join(lib, 'emulator/types.js'));
  } catch {
    return;
  }
  const name = types?.Emulators?.FIRESTORE;
  if (!address || !name || typeof registry?.set !== 'function' || registry.isRunning?.(name)) return;
  const url = new URL(`http://${address}`);
  const info = { name, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
  registry.set(name, {
    start: async () => {},
    connect: async () => {},
    stop: async () => {},
    getInfo: () => info,
    getName: () => name,
  });
  const exported = types.IMPORT_EXPORT_EMULATORS;
  if (Array.isArray(exported) && exported.includes(name)) exported.splice(exported.indexOf(name), 1);
}
registerBuiltInFirestore();

// While a task waits out its backoff, the Cloud Tasks emulator looks at its queues on every turn of the event loop
// (a timer of 0 ms): about 5 % of a core for as long as a message is retried, a whole day with SMTP down. Every
// 50 ms is soon enough for retries a second or more apart (docs/mail.md, "Sending").
function slowTasksPolling() {
  let controller;
  try {
    controller = require(path.join(lib, 'emulator/tasksEmulator.js')).TaskQueueController;
  } catch {
    return;
  }
  if (controller?.UPDATE_TIMEOUT === 0) controller.UPDATE_TIMEOUT = 50;
}
slowTasksPolling();
