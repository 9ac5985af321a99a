// startStorageEmulator: the built-in Cloud Storage for Firebase emulator (both HTTP APIs, storage.rules, a data
// folder that survives kill -9), in process. See docs/architecture.md, "Storage emulator".
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compileRules } from '../rules/index.js';
import type { Fields } from '../common/firestore-value.js';
import { ObjectStore } from './objects.js';
import { createStorageHandler } from './server.js';
import type { StorageState } from './state.js';

export interface StorageEmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Objects in `<dataDir>/objects`, each acknowledged upload on disk; memory only when absent. */
  dataDir?: string;
  /** The rules text (storage.rules); without it every client request is refused until rules are loaded. */
  rules?: string;
  rulesFileName?: string;
  /** Reads a Firestore document for `firestore.get()`/`exists()` in the rules (`docPath` below `documents/`). */
  getDocument?: (projectId: string, docPath: string) => Fields | null | Promise<Fields | null>;
  /** Do not report refused rules evaluations and unexpected errors on stderr. */
  quiet?: boolean;
}

export interface RunningStorageEmulator {
  host: string;
  port: number;
  /** Loads another rules text (a RulesError names what it cannot evaluate). */
  setRules(source: string, fileName?: string): void;
  stop(): Promise<void>;
}

const DENY_ALL = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n  }\n}\n";

export async function startStorageEmulator(options: StorageEmulatorOptions = {}): Promise<RunningStorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const state: StorageState = {
    store: new ObjectStore(options.dataDir),
    rules: compileRules(options.rules ?? DENY_ALL, options.rulesFileName ?? 'storage.rules'),
    getDocument: options.getDocument,
    logError: options.quiet ? undefined : (message) => console.error(`Storage emulator: ${message}`),
  };
  const server = createServer(createStorageHandler(state));
  // An idle connection stays open longer than clients keep theirs (Node's agents drop a free socket after 5 s): with
  // the same 5 s on both sides, a request sent on a socket the server was closing met ECONNRESET on a busy machine.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9199, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    setRules(source, fileName = 'storage.rules') {
      state.rules = compileRules(source, fileName);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
