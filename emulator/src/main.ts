// CLI: tsx src/main.ts --port 8080 [--host 127.0.0.1] [--data-dir DIR] [--indexes FILE] [--rules firestore.rules]
//        [--storage-port 9199 [--storage-rules FILE]]: the Storage emulator too, its rules reading this Firestore.
//        [--functions-emulator HOST:PORT]: where the document events of registered triggers go.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator, type RunningEmulator } from './firestore/index.js';
import { startStorageEmulator, type RunningStorageEmulator } from './storage/index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    indexes: { type: 'string' },
    rules: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'storage-port': { type: 'string' },
    'storage-rules': { type: 'string' },
    'functions-emulator': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${values.port}`);
  process.exit(2);
}

// Handlers go in first so a signal that arrives while starting still ends in a clean stop.
let emulator: RunningEmulator | undefined;
let storage: RunningStorageEmulator | undefined;
let stopRequested = false;
const shutdown = (signal: string) => {
  if (stopRequested) return;
  stopRequested = true;
  if (!emulator) return; // startup finishes, then stops
  Promise.all([emulator.stop(), storage?.stop()]).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(`Error while stopping on ${signal}:`, e);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  emulator = await startEmulator({
    host: values.host,
    port,
    dataDir: values['data-dir'],
    indexesFile: values.indexes,
    rulesFile: values.rules,
    quiet: values.quiet,
    functionsEmulator: values['functions-emulator'],
  });
  console.log(`Firestore emulator ready on ${emulator.host}:${emulator.port}`);
  if (!values.quiet) {
    console.log(`  data: ${values['data-dir'] ? `persisted in ${values['data-dir']}` : 'in memory only'}`);
    if (values.indexes) console.log(`  composite indexes checked against ${values.indexes}`);
    console.log(`  end users: ${values.rules ? `security rules of ${values.rules}` : 'refused (no --rules file)'}`);
    console.log(`  set FIRESTORE_EMULATOR_HOST=${emulator.host}:${emulator.port}`);
  }
  if (values['storage-port'] !== undefined) {
    const firestore = emulator;
    const rulesFile = values['storage-rules'];
    storage = await startStorageEmulator({
      host: values.host,
      port: Number(values['storage-port']),
      dataDir: values['data-dir'] ? join(values['data-dir'], 'storage') : undefined,
      rules: rulesFile ? readFileSync(rulesFile, 'utf8') : undefined,
      rulesFileName: rulesFile,
      getDocument: (projectId, docPath) => firestore.readDocument(`projects/${projectId}/databases/(default)`, docPath),
      quiet: values.quiet,
    });
    console.log(`Storage emulator ready on ${storage.host}:${storage.port}`);
  }
  if (stopRequested) {
    stopRequested = false;
    shutdown('signal during startup');
  }
} catch (e) {
  console.error('Firestore emulator failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
}
