// What every request handler of the Firestore emulator shares: the data, the transactions, the options it started with.
import type { EventDelivery } from './events.js';
import type { FirestoreRules } from './firestore-rules.js';
import type { IndexConfig } from './index-config.js';
import type { ListenService } from './listen.js';
import type { Persistence } from './persistence.js';
import type { Store } from './store.js';
import type { Transactions } from './transactions.js';

export interface EmulatorState {
  store: Store;
  txs: Transactions;
  persistence?: Persistence;
  indexes?: IndexConfig;
  /** Security rules for end-user requests (deny-all when absent); the admin token skips them. */
  rules?: FirestoreRules;
  /** Where unexpected (INTERNAL) errors are reported; silent when absent. */
  logError?: (e: unknown) => void;
  /** The Listen streams (created with the handlers); tests read how many targets are active. */
  listen?: ListenService;
  /** The registered triggers and the delivery of their document events after each commit. */
  events?: EventDelivery;
}
