// gRPC handlers of the Firestore v1 service.
import { randomUUID } from 'node:crypto';
import {
  Metadata,
  status,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Timestamp, Value } from '../common/firestore-value.js';
import { aggregate, validateAggregations, type Aggregation } from './aggregate.js';
import { invalid, notFound, RpcError, unimplemented } from './errors.js';
import type { DocumentProto, StoredDoc } from './document.js';
import {
  authorizeList,
  authorizeQuery,
  authorizeRead,
  authorizeWrites,
  callerOf,
  requireAdmin,
  type Caller,
  type FirestoreRules,
} from './firestore-rules.js';
import { checkIndexes, type IndexConfig } from './index-config.js';
import { ListenService, type ListenRequest } from './listen.js';
import { applyMask, joinPath, parseDatabase, parseDocumentName, parseFieldPath, parseName } from './paths.js';
import type { Persistence } from './persistence.js';
import { countQuery, executeQuery } from './planner.js';
import { compileQuery, type CompiledQuery, type StructuredQuery } from './query-compiler.js';
import { projectDoc, scanQueryAt } from './query-evaluator.js';
import type { Database, Store } from './store.js';
import { resultSignature, type Transaction, type Transactions } from './transactions.js';
import { compareSegments, tsFromMicros } from './values.js';
import { applyChanges, PendingChanges, prepareWrite, type Write, type WriteResult } from './writes.js';

/** A request of the Write stream (the first names the database; later ones carry writes and the last token). */
interface WriteStreamRequest {
  database?: string;
  streamToken?: Uint8Array;
  writes?: Write[];
}

interface TransactionOptions {
  readOnly?: { readTime?: Timestamp };
  readWrite?: { retryTransaction?: Uint8Array };
}
/** Consistency selector shared by read requests. */
interface ReadConsistency {
  transaction?: Uint8Array;
  newTransaction?: TransactionOptions;
  readTime?: Timestamp;
}

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
}

function toStatus(e: unknown, logError?: (e: unknown) => void): { code: status; details: string } {
  if (e instanceof RpcError) return { code: e.code, details: e.message };
  logError?.(e);
  const message = e instanceof Error ? e.message : String(e);
  return { code: status.INTERNAL, details: `Internal emulator error: ${message}` };
}

export function createHandlers(state: EmulatorState): UntypedServiceImplementation {
  const { store, txs } = state;

  // firebase-admin sends `Bearer owner`, past the rules; any other caller is an end user the handlers check against
  // the security rules (firestore-rules.ts).
  function unary<Req, Res>(fn: (req: Req, caller: Caller) => Res | Promise<Res>) {
    return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      const fail = (e: unknown) => callback(toStatus(e, state.logError));
      try {
        const caller = callerOf(call.metadata);
        Promise.resolve(fn(call.request, caller)).then((res) => callback(null, res), fail);
      } catch (e) {
        fail(e);
      }
    };
  }

  function stream<Req, Res>(fn: (req: Req, caller: Caller) => Res[] | Promise<Res[]>) {
    return (call: ServerWritableStream<Req, Res>) => {
      const fail = (e: unknown) => {
        // Headers before the error status, as Firestore does: google-gax retries a stream that fails without
        // ever sending headers ("no response"), which would turn every rejected query into a 7 s wait.
        call.sendMetadata(new Metadata());
        call.emit('error', toStatus(e, state.logError));
      };
      try {
        const caller = callerOf(call.metadata);
        Promise.resolve(fn(call.request, caller)).then((results) => {
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
      const newId = txs.begin(db.name, !!opts.readOnly, opts.readWrite?.retryTransaction, txReadTime(db, opts));
      return { tx: txs.get(db.name, newId), newId };
    }
    return {};
  }

  /** A read-only transaction's readTime in microseconds, when it has one. */
  function txReadTime(db: Database, opts: TransactionOptions): number | undefined {
    const t = opts.readOnly?.readTime;
    return t ? store.readTime(db, t) : undefined;
  }

  /** The past time a read asks to see (its readTime, or its read-only transaction's); undefined: the current data. */
  function readTimeOf(db: Database, req: ReadConsistency): number | undefined {
    if (req.transaction && req.transaction.length > 0) return txs.get(db.name, req.transaction).readTime;
    if (req.newTransaction) return txReadTime(db, req.newTransaction);
    return req.readTime ? store.readTime(db, req.readTime) : undefined;
  }

  /** The document at `path` as a read at `at` sees it. */
  function readDoc(db: Database, path: string, at: number | undefined): StoredDoc | undefined {
    return at === undefined ? db.get(path) : db.getAt(path, at);
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
        nearest: q.nearest,
      });
    return q;
  }

  // Real-time listeners (listen.ts): targets compiled as RunQuery compiles queries, callers checked by the rules.
  const listen = (state.listen ??= new ListenService(store, state, runQuery, (e) => toStatus(e, state.logError)));

  async function commit(req: { database?: string; writes?: Write[]; transaction?: Uint8Array }, caller: Caller) {
    const db = store.db(parseDatabase(req.database));
    const writes = req.writes ?? [];
    let tx: Transaction | undefined;
    if (req.transaction && req.transaction.length > 0) {
      tx = txs.get(db.name, req.transaction);
      // The transaction is over whatever happens next.
      txs.end(tx);
      if (tx.readOnly && writes.length > 0) throw invalid('Cannot modify entities in a read-only transaction.');
    }
    // Validating, preparing and applying must see no other commit in between. For the admin they run without a
    // pause; an end user's rules are evaluated asynchronously, so when the database changed meanwhile it all starts
    // over on the new state.
    for (;;) {
      const version = db.version;
      if (tx) txs.validate(tx, db);
      const now = store.nextTime();
      const pending = new PendingChanges(db);
      const writeResults = writes.map((w) => prepareWrite(pending, w, now));
      if (!caller.admin) {
        await authorizeWrites(state, caller, pending, writes, now);
        if (db.version !== version) continue;
      }
      applyChanges(pending);
      await persist(db, pending);
      return { writeResults, commitTime: tsFromMicros(now) };
    }
  }

  return {
    GetDocument: unary(async (req: { name?: string; mask?: { fieldPaths?: string[] } } & ReadConsistency, caller) => {
      const { db: dbName, path } = parseDocumentName(req.name);
      const db = store.db(dbName);
      const at = readTimeOf(db, req);
      const { tx } = readTransaction(db, req);
      const doc = readDoc(db, path, at);
      if (!caller.admin) await authorizeRead(state, caller, db, path, doc);
      if (tx) txs.recordRead(tx, path, doc?.updateTime ?? 0);
      if (!doc) throw notFound(`Document "${req.name}" not found.`);
      return maskDoc(doc, req.mask);
    }),

    BatchGetDocuments: stream(
      async (
        req: { database?: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadConsistency,
        caller,
      ) => {
        const db = store.db(parseDatabase(req.database));
        const paths = (req.documents ?? []).map((n) => parseDocumentName(n, db.name).path);
        // Every document is checked before any is answered: one refusal refuses the request.
        const at = readTimeOf(db, req);
        if (!caller.admin) {
          for (const path of paths) await authorizeRead(state, caller, db, path, readDoc(db, path, at));
        }
        const { tx, newId } = readTransaction(db, req);
        const readTime = tsFromMicros(at ?? store.nextTime());
        const out: object[] = paths.map((path, i) => {
          const doc = readDoc(db, path, at);
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
      const readTime = txReadTime(store.db(db), opts);
      return { transaction: txs.begin(db, !!opts.readOnly, opts.readWrite?.retryTransaction, readTime) };
    }),

    Commit: unary(commit),

    Rollback: unary((req: { database?: string; transaction?: Uint8Array }) => {
      const db = parseDatabase(req.database);
      txs.end(txs.get(db, req.transaction));
      return {};
    }),

    RunQuery: stream(
      async (
        req: { parent?: string; structuredQuery?: StructuredQuery; explainOptions?: unknown } & ReadConsistency,
        caller,
      ) => {
        if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
        const db = store.db(parseName(req.parent, 'parent').db);
        const q = runQuery(db, req.parent, req.structuredQuery);
        const at = readTimeOf(db, req);
        const docs = at === undefined ? executeQuery(q) : scanQueryAt(q, at);
        if (!caller.admin) await authorizeQuery(state, caller, q, docs);
        const { tx, newId } = readTransaction(db, req);
        if (tx) recordQuery(tx, q, docs);
        const readTime = tsFromMicros(at ?? store.nextTime());
        const out: object[] = docs.map((d) => ({ document: projectDoc(d, q.projection), readTime }));
        if (out.length === 0) out.push({ readTime });
        if (newId) Object.assign(out[0], { transaction: newId });
        return out;
      },
    ),

    RunAggregationQuery: stream(
      async (
        req: {
          parent?: string;
          structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
          explainOptions?: unknown;
        } & ReadConsistency,
        caller,
      ) => {
        if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
        const db = store.db(parseName(req.parent, 'parent').db);
        const saq = req.structuredAggregationQuery;
        const aggs = saq?.aggregations ?? [];
        validateAggregations(aggs);
        const q = runQuery(db, req.parent, saq?.structuredQuery);
        const at = readTimeOf(db, req);
        if (!caller.admin) {
          await authorizeQuery(state, caller, q, () => (at === undefined ? executeQuery(q) : scanQueryAt(q, at)));
        }
        const { tx, newId } = readTransaction(db, req);
        let result: Record<string, Value>;
        if (!tx && at === undefined && aggs.every((a) => a.count)) {
          // Counts come from index ranges without reading documents (a transaction records what it read).
          result = aggregate([], aggs, countQuery(q));
        } else {
          // Order only matters when offset, limit or cursors pick a part of the result.
          const ordered = q.limit !== undefined || q.offset > 0 || !!q.startAt || !!q.endAt;
          const docs = at === undefined ? executeQuery(q, ordered) : scanQueryAt(q, at, ordered);
          if (tx) recordQuery(tx, q, docs);
          result = aggregate(docs, aggs);
        }
        const readTime = tsFromMicros(at ?? store.nextTime());
        return [
          {
            result: { aggregateFields: result },
            readTime,
            ...(newId ? { transaction: newId } : {}),
          },
        ];
      },
    ),

    BatchWrite: unary(async (req: { database?: string; writes?: Write[] }, caller) => {
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
        try {
          // As in a commit: prepared and applied with no other commit in between.
          let pending: PendingChanges;
          let result: WriteResult;
          for (;;) {
            const version = db.version;
            const now = store.nextTime();
            pending = new PendingChanges(db);
            result = prepareWrite(pending, w, now);
            if (caller.admin) break;
            await authorizeWrites(state, caller, pending, [w], now);
            if (db.version === version) break;
          }
          writeResults.push(result);
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
      async (
        req: {
          parent?: string;
          collectionId?: string;
          pageSize?: number;
          pageToken?: string;
          mask?: { fieldPaths?: string[] };
          showMissing?: boolean;
        } & ReadConsistency,
        caller,
      ) => {
        const p = parseName(req.parent, 'parent');
        if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
        if (!req.collectionId) throw invalid('ListDocuments requires a collection id.');
        const db = store.db(p.db);
        const colPath = joinPath(p.path, req.collectionId);
        if (!caller.admin) await authorizeList(state, caller, db, colPath);
        const at = readTimeOf(db, req);
        const list =
          at === undefined
            ? db.collections.get(colPath)?.list
            : db.collectionsAt(p.path, req.collectionId, false, at)[0];
        const entries: { id: string; doc?: StoredDoc }[] = (list ?? []).map((doc) => ({ id: doc.id, doc }));
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

    // Client SDKs cannot list collection ids; Firestore serves it to server credentials only.
    ListCollectionIds: unary((req: { parent?: string; pageSize?: number; pageToken?: string }, caller) => {
      requireAdmin(caller);
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
    PartitionQuery: unary((req: { parent?: string; structuredQuery?: StructuredQuery }, caller) => {
      requireAdmin(caller);
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
    Listen: (call: ServerDuplexStream<ListenRequest, object>) => listen.serve(call),
    // The web SDK's writes: a handshake (the first request names the database and carries no writes; the answer
    // holds a stream token), then each request's writes are committed together and answered with their results and
    // commit time. An empty request only acknowledges tokens. A failed write ends the stream with its status, as
    // Firestore does (the SDK rejects that batch and opens a new stream for the next ones).
    Write: (call: ServerDuplexStream<WriteStreamRequest, object>) => {
      const streamId = randomUUID();
      let database: string | undefined;
      let caller: Caller;
      let sent = 0;
      let closed = false;
      let queue = Promise.resolve();
      const token = () => Buffer.from(String(++sent));
      const fail = (e: unknown) => {
        if (closed) return;
        closed = true;
        call.sendMetadata(new Metadata());
        call.emit('error', toStatus(e, state.logError));
      };
      call.on('data', (req: WriteStreamRequest) => {
        queue = queue.then(async () => {
          if (closed) return;
          try {
            if (database === undefined) {
              caller = callerOf(call.metadata);
              database = parseDatabase(req.database);
              if (req.writes?.length) throw invalid('The first request of a Write stream cannot contain writes.');
              call.write({ streamId, streamToken: token() });
              return;
            }
            if (req.database && req.database !== database) {
              throw invalid(`The Write stream is bound to "${database}", not "${req.database}".`);
            }
            if (!req.writes?.length) return;
            const res = await commit({ database, writes: req.writes }, caller);
            if (!closed) call.write({ streamId, streamToken: token(), ...res });
          } catch (e) {
            fail(e);
          }
        });
      });
      call.on('end', () => {
        void queue.then(() => {
          if (closed) return;
          closed = true;
          call.end();
        });
      });
      call.on('error', () => (closed = true));
      call.on('cancelled', () => (closed = true));
    },
  };

  function recordQuery(tx: Transaction, q: CompiledQuery, docs: StoredDoc[]): void {
    txs.recordQuery(tx, q, resultSignature(docs));
  }
}

/** Document ids in Firestore order (numeric ids first), the order of the collection's list. */
const compareIds = compareSegments;

function maskDoc(doc: StoredDoc, mask: { fieldPaths?: string[] } | undefined): DocumentProto {
  if (!mask) return doc.proto;
  return { ...doc.proto, fields: applyMask(doc.fields, (mask.fieldPaths ?? []).map(parseFieldPath)) };
}
