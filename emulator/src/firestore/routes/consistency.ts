// BeginTransaction and Rollback, and how every read finds the transaction it runs in and the time it reads at (the
// consistency selector of its request).
import type { Timestamp } from '../../common/firestore-value.js';
import type { StoredDoc } from '../document.js';
import { parseDatabase } from '../paths.js';
import type { CompiledQuery } from '../query-compiler.js';
import type { EmulatorState } from '../state.js';
import type { Database } from '../store.js';
import { resultSignature, type Transaction } from '../transactions.js';

interface TransactionOptions {
  readOnly?: { readTime?: Timestamp };
  readWrite?: { retryTransaction?: Uint8Array };
}
/** Consistency selector shared by read requests. */
export interface ReadConsistency {
  transaction?: Uint8Array;
  newTransaction?: TransactionOptions;
  readTime?: Timestamp;
}

export function beginTransaction(state: EmulatorState, req: { database?: string; options?: TransactionOptions }) {
  const db = parseDatabase(req.database);
  const opts = req.options ?? {};
  const readTime = txReadTime(state, state.store.db(db), opts);
  return { transaction: state.txs.begin(db, !!opts.readOnly, opts.readWrite?.retryTransaction, readTime) };
}

export function rollback({ txs }: EmulatorState, req: { database?: string; transaction?: Uint8Array }) {
  const db = parseDatabase(req.database);
  txs.end(txs.get(db, req.transaction));
  return {};
}

/** Resolves the transaction a read runs in, starting one if asked; returns the new id to send back. */
export function readTransaction(
  state: EmulatorState,
  db: Database,
  req: ReadConsistency,
): { tx?: Transaction; newId?: Buffer } {
  const { txs } = state;
  if (req.transaction && req.transaction.length > 0) return { tx: txs.get(db.name, req.transaction) };
  if (req.newTransaction) {
    const opts = req.newTransaction;
    const newId = txs.begin(db.name, !!opts.readOnly, opts.readWrite?.retryTransaction, txReadTime(state, db, opts));
    return { tx: txs.get(db.name, newId), newId };
  }
  return {};
}

/** A read-only transaction's readTime in microseconds, when it has one. */
function txReadTime({ store }: EmulatorState, db: Database, opts: TransactionOptions): number | undefined {
  const t = opts.readOnly?.readTime;
  return t ? store.readTime(db, t) : undefined;
}

/** The past time a read asks to see (its readTime, or its read-only transaction's); undefined: the current data. */
export function readTimeOf(state: EmulatorState, db: Database, req: ReadConsistency): number | undefined {
  if (req.transaction && req.transaction.length > 0) return state.txs.get(db.name, req.transaction).readTime;
  if (req.newTransaction) return txReadTime(state, db, req.newTransaction);
  return req.readTime ? state.store.readTime(db, req.readTime) : undefined;
}

/** The document at `path` as a read at `at` sees it. */
export function readDoc(db: Database, path: string, at: number | undefined): StoredDoc | undefined {
  return at === undefined ? db.get(path) : db.getAt(path, at);
}

/** Records what a query read in its transaction, so a commit aborts if the result changed meanwhile. */
export function recordQuery({ txs }: EmulatorState, tx: Transaction, q: CompiledQuery, docs: StoredDoc[]): void {
  txs.recordQuery(tx, q, resultSignature(docs));
}
