// Optimistic transactions: remember what a transaction read, abort its commit if any of it changed.
import { randomBytes } from 'node:crypto';
import type { StoredDoc } from './document.js';
import { aborted, invalid } from './errors.js';
import { executeQuery } from './planner.js';
import type { CompiledQuery } from './query-compiler.js';
import type { Database } from './store.js';

interface RecordedQuery {
  query: CompiledQuery;
  /** Names and update times of the result, in order. */
  signature: string;
  /** Database version when run; unchanged version means unchanged result. */
  version: number;
}

export interface Transaction {
  id: string;
  db: string;
  readOnly: boolean;
  /** A read-only transaction's past read time (microseconds): its reads see the data as of then. */
  readTime?: number;
  /** Document path -> update time when read (0 = absent). */
  reads: Map<string, number>;
  queries: RecordedQuery[];
  lastUsed: number;
}

/** Firestore's idle expiry for transactions. */
const IDLE_MS = 60_000;
const MAX_LIFETIME_MS = 270_000;

export function resultSignature(docs: StoredDoc[]): string {
  return docs.map((d) => `${d.path}@${d.updateTime}`).join('\n');
}

export class Transactions {
  private readonly byId = new Map<string, Transaction & { created: number }>();

  begin(db: string, readOnly: boolean, retryOf?: Uint8Array, readTime?: number): Buffer {
    this.sweep();
    // A retried transaction replaces the one it retries.
    if (retryOf) this.byId.delete(Buffer.from(retryOf).toString('hex'));
    const id = randomBytes(16);
    const now = Date.now();
    this.byId.set(id.toString('hex'), {
      id: id.toString('hex'),
      db,
      readOnly,
      ...(readTime !== undefined ? { readTime } : {}),
      reads: new Map(),
      queries: [],
      lastUsed: now,
      created: now,
    });
    return id;
  }

  get(db: string, id: Uint8Array | undefined): Transaction {
    const key = Buffer.from(id ?? []).toString('hex');
    const tx = this.byId.get(key);
    const now = Date.now();
    if (!tx || tx.db !== db || now - tx.lastUsed > IDLE_MS || now - tx.created > MAX_LIFETIME_MS) {
      if (tx) this.byId.delete(key);
      throw invalid('The referenced transaction has expired or is no longer valid.');
    }
    tx.lastUsed = now;
    return tx;
  }

  end(tx: Transaction): void {
    this.byId.delete(tx.id);
  }

  recordRead(tx: Transaction, path: string, updateTime: number): void {
    if (!tx.readOnly && !tx.reads.has(path)) tx.reads.set(path, updateTime);
  }

  recordQuery(tx: Transaction, query: CompiledQuery, signature: string): void {
    if (!tx.readOnly) tx.queries.push({ query, signature, version: query.db.version });
  }

  /** Throws ABORTED when anything the transaction read has changed since. */
  validate(tx: Transaction, db: Database): void {
    for (const [path, updateTime] of tx.reads) {
      if ((db.get(path)?.updateTime ?? 0) !== updateTime)
        throw aborted(
          'Transaction lock timeout / contention: a document read by this transaction was changed by another request. Retry the transaction.',
        );
    }
    for (const q of tx.queries) {
      if (q.version !== db.version && resultSignature(executeQuery(q.query)) !== q.signature)
        throw aborted('The result of a query read by this transaction changed before commit. Retry the transaction.');
    }
  }

  clearDatabase(db: string): void {
    for (const [k, tx] of this.byId) if (tx.db === db) this.byId.delete(k);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, tx] of this.byId)
      if (now - tx.lastUsed > IDLE_MS || now - tx.created > MAX_LIFETIME_MS) this.byId.delete(k);
  }
}
