// gRPC handlers of the Firestore v1 service.
import {
  Metadata,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { aggregate, validateAggregations, type Aggregation } from './aggregate.js';
import { invalid, notFound, permissionDenied, RpcError, unimplemented } from './errors.js';
import type { DocumentProto, StoredDoc } from './document.js';
import { checkIndexes, type IndexConfig } from './index-config.js';
import { applyMask, joinPath, parseDatabase, parseDocumentName, parseFieldPath, parseName } from './paths.js';
import type { Persistence } from './persistence.js';
import { countQuery, executeQuery } from './planner.js';
import { compileQuery, type CompiledQuery, type StructuredQuery } from './query-compiler.js';
import { projectDoc } from './query-evaluator.js';
import type { Database, Store } from './store.js';
import { resultSignature, type Transaction, type Transactions } from './transactions.js';
import { tsFromMicros, type Value } from './values.js';
import { applyChanges, PendingChanges, prepareWrite, type Write, type WriteResult } from './writes.js';

interface TransactionOptions {
  readOnly?: { readTime?: unknown };
  readWrite?: { retryTransaction?: Uint8Array };
}
/** Consistency selector shared by read requests. */
interface ReadConsistency {
  transaction?: Uint8Array;
  newTransaction?: TransactionOptions;
  readTime?: unknown;
}

export interface EmulatorState {
  store: Store;
  txs: Transactions;
  persistence?: Persistence;
  indexes?: IndexConfig;
  /** Where unexpected (INTERNAL) errors are reported; silent when absent. */
  logError?: (e: unknown) => void;
}

function checkAuth(md: Metadata): void {
  // firebase-admin always sends `Bearer owner` to an emulator; anything else is an end user, and this project's
  // security rules deny every end-user request (and so does a request without credentials).
  const auth = md.get('authorization')[0];
  if (auth !== 'Bearer owner') throw permissionDenied();
}

function toStatus(e: unknown, logError?: (e: unknown) => void): { code: status; details: string } {
  if (e instanceof RpcError) return { code: e.code, details: e.message };
  logError?.(e);
  const message = e instanceof Error ? e.message : String(e);
  return { code: status.INTERNAL, details: `Internal emulator error: ${message}` };
}

export function createHandlers(state: EmulatorState): UntypedServiceImplementation {
  const { store, txs } = state;

  function unary<Req, Res>(fn: (req: Req) => Res | Promise<Res>) {
    return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      const fail = (e: unknown) => callback(toStatus(e, state.logError));
      try {
        checkAuth(call.metadata);
        Promise.resolve(fn(call.request)).then((res) => callback(null, res), fail);
      } catch (e) {
        fail(e);
      }
    };
  }

  function stream<Req, Res>(fn: (req: Req) => Res[] | Promise<Res[]>) {
    return (call: ServerWritableStream<Req, Res>) => {
      const fail = (e: unknown) => {
        // Headers before the error status, as Firestore does: google-gax retries a stream that fails without
        // ever sending headers ("no response"), which would turn every rejected query into a 7 s wait.
        call.sendMetadata(new Metadata());
        call.emit('error', toStatus(e, state.logError));
      };
      try {
        checkAuth(call.metadata);
        Promise.resolve(fn(call.request)).then((results) => {
          for (const r of results) call.write(r);
          call.end();
        }, fail);
      } catch (e) {
        fail(e);
      }
    };
  }

  /** Resolves the transaction a read runs in, starting one if asked; returns the new id to send back. */
  function readTransaction(db: Database, req: ReadConsistency): { tx?: Transaction; newId?: Buffer } {
    if (req.transaction && req.transaction.length > 0) return { tx: txs.get(db.name, req.transaction) };
    if (req.newTransaction) {
      const opts = req.newTransaction;
      const newId = txs.begin(db.name, !!opts.readOnly, opts.readWrite?.retryTransaction);
      return { tx: txs.get(db.name, newId), newId };
    }
    return {};
  }

  async function persist(db: Database, pending: PendingChanges): Promise<void> {
    if (state.persistence && pending.docs.size > 0)
      await state.persistence.append({ db: db.name, docs: [...pending.docs] });
  }

  function runQuery(db: Database, parent: string | undefined, sq: StructuredQuery | undefined): CompiledQuery {
    if (!sq) throw invalid('A structured query is required.');
    const q = compileQuery(db, parent, sq);
    if (state.indexes && q.collectionId !== '')
      checkIndexes(state.indexes, db.name.split('/')[1], {
        collectionId: q.collectionId,
        collectionGroup: q.allDescendants,
        where: q.where,
        orders: q.orders,
      });
    return q;
  }

  function commit(req: { database?: string; writes?: Write[]; transaction?: Uint8Array }) {
    const db = store.db(parseDatabase(req.database));
    const writes = req.writes ?? [];
    let tx: Transaction | undefined;
    if (req.transaction && req.transaction.length > 0) {
      tx = txs.get(db.name, req.transaction);
      // The transaction is over whatever happens next.
      txs.end(tx);
      if (tx.readOnly && writes.length > 0) throw invalid('Cannot modify entities in a read-only transaction.');
      txs.validate(tx, db);
    }
    const now = store.nextTime();
    const pending = new PendingChanges(db);
    const writeResults = writes.map((w) => prepareWrite(pending, w, now));
    applyChanges(pending);
    return persist(db, pending).then(() => ({ writeResults, commitTime: tsFromMicros(now) }));
  }

  return {
    GetDocument: unary((req: { name?: string; mask?: { fieldPaths?: string[] } } & ReadConsistency) => {
      const { db: dbName, path } = parseDocumentName(req.name);
      const db = store.db(dbName);
      const { tx } = readTransaction(db, req);
      const doc = db.get(path);
      if (tx) txs.recordRead(tx, path, doc?.updateTime ?? 0);
      if (!doc) throw notFound(`Document "${req.name}" not found.`);
      return maskDoc(doc, req.mask);
    }),

    BatchGetDocuments: stream(
      (req: { database?: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadConsistency) => {
        const db = store.db(parseDatabase(req.database));
        const paths = (req.documents ?? []).map((n) => parseDocumentName(n, db.name).path);
        const { tx, newId } = readTransaction(db, req);
        const readTime = tsFromMicros(store.nextTime());
        const out: object[] = paths.map((path, i) => {
          const doc = db.get(path);
          if (tx) txs.recordRead(tx, path, doc?.updateTime ?? 0);
          return doc ? { found: maskDoc(doc, req.mask), readTime } : { missing: req.documents![i], readTime };
        });
        if (newId) {
          if (out.length === 0) return [{ transaction: newId, readTime }];
          Object.assign(out[0], { transaction: newId });
        }
        return out;
      },
    ),

    BeginTransaction: unary((req: { database?: string; options?: TransactionOptions }) => {
      const db = parseDatabase(req.database);
      const opts = req.options ?? {};
      return { transaction: txs.begin(db, !!opts.readOnly, opts.readWrite?.retryTransaction) };
    }),

    Commit: unary(commit),

    Rollback: unary((req: { database?: string; transaction?: Uint8Array }) => {
      const db = parseDatabase(req.database);
      txs.end(txs.get(db, req.transaction));
      return {};
    }),

    RunQuery: stream(
      (req: { parent?: string; structuredQuery?: StructuredQuery; explainOptions?: unknown } & ReadConsistency) => {
        if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
        const db = store.db(parseName(req.parent, 'parent').db);
        const q = runQuery(db, req.parent, req.structuredQuery);
        const { tx, newId } = readTransaction(db, req);
        const docs = executeQuery(q);
        if (tx) recordQuery(tx, q, docs);
        const readTime = tsFromMicros(store.nextTime());
        const out: object[] = docs.map((d) => ({ document: projectDoc(d, q.projection), readTime }));
        if (out.length === 0) out.push({ readTime });
        if (newId) Object.assign(out[0], { transaction: newId });
        return out;
      },
    ),

    RunAggregationQuery: stream(
      (
        req: {
          parent?: string;
          structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
          explainOptions?: unknown;
        } & ReadConsistency,
      ) => {
        if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
        const db = store.db(parseName(req.parent, 'parent').db);
        const saq = req.structuredAggregationQuery;
        const aggs = saq?.aggregations ?? [];
        validateAggregations(aggs);
        const q = runQuery(db, req.parent, saq?.structuredQuery);
        const { tx, newId } = readTransaction(db, req);
        let result: Record<string, Value>;
        if (!tx && aggs.every((a) => a.count)) {
          // Counts come from index ranges without reading documents (a transaction records what it read).
          result = aggregate([], aggs, countQuery(q));
        } else {
          // Order only matters when offset, limit or cursors pick a part of the result.
          const ordered = q.limit !== undefined || q.offset > 0 || !!q.startAt || !!q.endAt;
          const docs = executeQuery(q, ordered);
          if (tx) recordQuery(tx, q, docs);
          result = aggregate(docs, aggs);
        }
        const readTime = tsFromMicros(store.nextTime());
        return [
          {
            result: { aggregateFields: result },
            readTime,
            ...(newId ? { transaction: newId } : {}),
          },
        ];
      },
    ),

    BatchWrite: unary(async (req: { database?: string; writes?: Write[] }) => {
      const db = store.db(parseDatabase(req.database));
      const all = new PendingChanges(db);
      const writeResults: WriteResult[] = [];
      const statuses: { code: number; message?: string }[] = [];
      const names = new Set<string>();
      for (const w of req.writes ?? []) {
        const name = w.update?.name ?? w.delete ?? w.transform?.document ?? '';
        if (names.has(name)) throw invalid(`BatchWrite cannot write the same document more than once: ${name}`);
        names.add(name);
      }
      for (const w of req.writes ?? []) {
        const pending = new PendingChanges(db);
        try {
          writeResults.push(prepareWrite(pending, w, store.nextTime()));
          applyChanges(pending);
          for (const [p, d] of pending.docs) all.docs.set(p, d);
          statuses.push({ code: status.OK });
        } catch (e) {
          const s = toStatus(e);
          writeResults.push({});
          statuses.push({ code: s.code, message: s.details });
        }
      }
      await persist(db, all);
      return { writeResults, status: statuses };
    }),

    ListDocuments: unary(
      (
        req: {
          parent?: string;
          collectionId?: string;
          pageSize?: number;
          pageToken?: string;
          mask?: { fieldPaths?: string[] };
          showMissing?: boolean;
        } & ReadConsistency,
      ) => {
        const p = parseName(req.parent, 'parent');
        if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
        if (!req.collectionId) throw invalid('ListDocuments requires a collection id.');
        const db = store.db(p.db);
        const colPath = joinPath(p.path, req.collectionId);
        const col = db.collections.get(colPath);
        const entries: { id: string; doc?: StoredDoc }[] = col ? col.list.map((doc) => ({ id: doc.id, doc })) : [];
        if (req.showMissing) {
          for (const id of db.missingParents(colPath)) entries.push({ id });
          entries.sort((a, b) => compareIds(a.id, b.id));
        }
        const after = req.pageToken ? Buffer.from(req.pageToken, 'base64url').toString('utf8') : undefined;
        let start = 0;
        if (after !== undefined) while (start < entries.length && compareIds(entries[start].id, after) <= 0) start++;
        const size = req.pageSize && req.pageSize > 0 ? req.pageSize : entries.length;
        const page = entries.slice(start, start + size);
        const more = start + size < entries.length;
        return {
          documents: page.map((e) =>
            e.doc ? maskDoc(e.doc, req.mask) : { name: `${p.db}/documents/${joinPath(colPath, e.id)}` },
          ),
          nextPageToken: more ? Buffer.from(page[page.length - 1].id).toString('base64url') : '',
        };
      },
    ),

    ListCollectionIds: unary((req: { parent?: string; pageSize?: number; pageToken?: string }) => {
      const p = parseName(req.parent, 'parent');
      if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
      const ids = store.db(p.db).collectionIds(p.path);
      const start = req.pageToken ? ids.findIndex((id) => compareIds(id, req.pageToken!) > 0) : 0;
      const from = start < 0 ? ids.length : start;
      const size = req.pageSize && req.pageSize > 0 ? req.pageSize : ids.length;
      const page = ids.slice(from, from + size);
      return { collectionIds: page, nextPageToken: from + size < ids.length ? page[page.length - 1] : '' };
    }),

    // One partition (the whole query) is a valid answer: "may return fewer partitions than requested".
    PartitionQuery: unary((req: { parent?: string; structuredQuery?: StructuredQuery }) => {
      const db = store.db(parseName(req.parent, 'parent').db);
      compileQuery(db, req.parent, req.structuredQuery ?? {});
      return { partitions: [], nextPageToken: '' };
    }),

    CreateDocument: unary(() => {
      throw unimplemented('CreateDocument is not used by firebase-admin and not supported by this emulator.');
    }),
    UpdateDocument: unary(() => {
      throw unimplemented(
        'UpdateDocument is not used by firebase-admin and not supported by this emulator; use Commit.',
      );
    }),
    DeleteDocument: unary(() => {
      throw unimplemented(
        'DeleteDocument is not used by firebase-admin and not supported by this emulator; use Commit.',
      );
    }),
    Listen: (call: { metadata: Metadata; emit(e: string, v: unknown): void; on(e: string, f: () => void): void }) => {
      call.on('data', () => undefined);
      call.emit(
        'error',
        toStatus(
          unimplemented(
            'Listen (real-time listeners, onSnapshot) is not supported by the TrialDesk built-in Firestore emulator.',
          ),
        ),
      );
    },
    Write: (call: { emit(e: string, v: unknown): void; on(e: string, f: () => void): void }) => {
      call.on('data', () => undefined);
      call.emit(
        'error',
        toStatus(unimplemented('The Write stream is not supported by the TrialDesk built-in Firestore emulator.')),
      );
    },
  };

  function recordQuery(tx: Transaction, q: CompiledQuery, docs: StoredDoc[]): void {
    txs.recordQuery(tx, q, resultSignature(docs));
  }
}

function compareIds(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function maskDoc(doc: StoredDoc, mask: { fieldPaths?: string[] } | undefined): DocumentProto {
  if (!mask) return doc.proto;
  return { ...doc.proto, fields: applyMask(doc.fields, (mask.fieldPaths ?? []).map(parseFieldPath)) };
}
