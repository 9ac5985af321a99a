// startEmulator, the package's entry point: the built-in Firestore emulator, in process.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import type { Fields } from '../common/firestore-value.js';
import { EventDelivery } from './events.js';
import { createFrontServer, createRestServer } from './http.js';
import { loadIndexConfig, plannedIndexes } from './index-config.js';
import { FirestoreRules } from './firestore-rules.js';
import { Persistence } from './persistence.js';
import { firestoreService } from './protos.js';
import { createHandlers } from './server.js';
import { inProcessChannelFactory } from './in-process.js';
import type { EmulatorState } from './state.js';
import { Store } from './store.js';
import { Transactions } from './transactions.js';

export type { Fields, Value } from '../common/firestore-value.js';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Persist to this folder (crash-safe); memory only when absent. */
  dataDir?: string;
  /** firestore.indexes.json: queries needing a missing composite index fail as in production. */
  indexesFile?: string;
  /**
   * firestore.rules: what end users (not the admin token) may do; rules loaded for a project through the REST
   * endpoint take precedence. Absent: every end-user request is refused.
   */
  rulesFile?: string;
  /** Do not report unexpected errors on stderr. */
  quiet?: boolean;
  /**
   * The Functions emulator (`host:port`) the document events of registered triggers go to, as Google's emulator
   * takes it (`--functions_emulator`); without it, registered triggers' events are dropped with a warning.
   */
  functionsEmulator?: string;
  /** Where a document event that was not delivered is reported; default: stderr unless `quiet`. */
  warn?: (message: string) => void;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /**
   * A document's fields as stored now, or null when it does not exist: how the rules of the Storage emulator in the
   * same process read Firestore (`firestore.get()`), without a network round trip.
   * @param database `projects/{p}/databases/{d}`
   * @param docPath the path below `documents/`, e.g. `users/u1`
   */
  readDocument(database: string, docPath: string): Fields | null;
  /** grpc-js' `channelFactoryOverride` for a client in this process (in-process.ts). */
  channelFactory: ReturnType<typeof inProcessChannelFactory>;
  stop(): Promise<void>;
}

const MAX_MESSAGE = 16 * 1024 * 1024;

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const state: EmulatorState = {
    store: new Store({ indexFile: !!opts.indexesFile }),
    txs: new Transactions(),
    logError: opts.quiet ? undefined : (e) => console.error('Firestore emulator: unexpected error:', e),
    events: new EventDelivery(opts.functionsEmulator, opts.warn ?? (opts.quiet ? () => {} : (m) => console.error(m))),
  };
  if (opts.indexesFile) state.indexes = loadIndexConfig(opts.indexesFile);
  if (opts.rulesFile) state.rules = new FirestoreRules(readFileSync(opts.rulesFile, 'utf8'), opts.rulesFile);
  if (opts.dataDir) {
    state.persistence = new Persistence(opts.dataDir);
    state.persistence.open(state.store);
  }
  // After the load: each index is sorted once from the loaded collection rather than grown document by document.
  if (state.indexes) state.store.buildPlannedIndexes(plannedIndexes(state.indexes));

  const grpc = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE,
    'grpc.max_send_message_length': MAX_MESSAGE,
  });
  const handlers = createHandlers(state);
  grpc.addService(firestoreService, handlers);
  const injector = grpc.createConnectionInjector(ServerCredentials.createInsecure());
  const rest = createRestServer(state);
  const front = createFrontServer(injector, rest);
  const sockets = new Set<net.Socket>();
  front.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port ?? 8080, host, () => {
      front.off('error', reject);
      resolve();
    });
  });
  const port = (front.address() as net.AddressInfo).port;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        injector.destroy();
        grpc.forceShutdown();
        rest.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      rest.close();
      await state.persistence?.close(state.store);
    })());
  const readDocument = (database: string, docPath: string) => state.store.db(database).get(docPath)?.fields ?? null;
  return { host, port, readDocument, channelFactory: inProcessChannelFactory(firestoreService, handlers), stop };
}
