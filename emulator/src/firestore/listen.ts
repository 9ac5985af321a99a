// The Listen stream (real-time listeners): adding and removing targets, their initial snapshots, resume tokens, and
// the messages a stream sends; what each commit changes for its targets comes from the change feed (listen-feed.ts).
import { randomBytes } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import type { Timestamp } from '../common/firestore-value.js';
import type { StoredDoc } from './document.js';
import { failStream, invalid, RpcError, type StreamCall } from './errors.js';
import { authorizeQuery, authorizeRead, callerOf, type Caller, type RulesState } from './firestore-rules.js';
import { DatabaseFeed, Target, type TargetSink } from './listen-feed.js';
import { parseDatabase, parseDocumentName } from './paths.js';
import type { CompiledQuery, StructuredQuery } from './query-compiler.js';
import { projectDoc } from './query-evaluator.js';
import type { Database, Store } from './store.js';
import { tsFromMicros, tsMicros } from './values.js';

interface ListenTarget {
  query?: { parent?: string; structuredQuery?: StructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: Uint8Array;
  readTime?: Timestamp;
  targetId?: number;
  once?: boolean;
}

export interface ListenRequest {
  database?: string;
  addTarget?: ListenTarget;
  removeTarget?: number;
}

/** The server side of one Listen call, as grpc-js hands it over (a duplex stream). */
export interface ListenCall extends StreamCall {
  metadata: Metadata;
  write(msg: object): boolean;
  end(): void;
  on(event: 'data', f: (req: ListenRequest) => void): unknown;
  on(event: 'end' | 'cancelled' | 'close', f: () => void): unknown;
  on(event: 'error', f: (e: unknown) => void): unknown;
}

/** Compiles a query target as RunQuery does (validation and the indexes file). */
export type QueryCompiler = (db: Database, parent: string | undefined, sq: StructuredQuery) => CompiledQuery;

/**
 * The single point where a target is allowed or refused: the owner (firebase-admin) always, an end user by the
 * security rules (firestore-rules.ts), a query target as a `list`, a documents target as a `get` of each document.
 * A refusal (RpcError) is answered as a TargetChange REMOVE with that cause, as Firestore does.
 */
async function authorizeTarget(rules: RulesState, caller: Caller, target: Target): Promise<void> {
  if (caller.admin) return;
  if (target.query) return authorizeQuery(rules, caller, target.query, () => target.current());
  for (const p of target.docPaths!) await authorizeRead(rules, caller, target.feed.db, p, target.feed.db.get(p));
}

const TOKEN_VERSION = 1;
/** Distinguishes this process's resume tokens from those of an earlier run (whose deletions are not known here). */
const EPOCH = randomBytes(8);

/** A resume token: a version byte, the snapshot's read time (microseconds) and this process's epoch. */
function encodeToken(us: number): Buffer {
  const buf = Buffer.alloc(17);
  buf[0] = TOKEN_VERSION;
  buf.writeBigInt64BE(BigInt(us), 1);
  EPOCH.copy(buf, 9);
  return buf;
}

/** The read time of a token, or undefined when it comes from another run of the emulator. */
function decodeToken(token: Uint8Array): number | undefined {
  const buf = Buffer.from(token);
  if (buf.length !== 17 || buf[0] !== TOKEN_VERSION) throw invalid('Invalid resume token.');
  return buf.subarray(9).equals(EPOCH) ? Number(buf.readBigInt64BE(1)) : undefined;
}

/** One Listen call: its targets, and the messages it sends. */
class ListenStream implements TargetSink {
  readonly targets = new Map<number, Target>();
  /** Ids of targets being authorized (their snapshot is not sent yet). */
  private readonly adding = new Set<number>();
  closed = false;
  /** Set once a target was added with id 0: from then on the server picks every id. */
  private serverIds = false;
  private database: string | undefined;

  constructor(
    private readonly service: ListenService,
    private readonly call: ListenCall,
    private readonly caller: Caller,
  ) {}

  private write(msg: object): void {
    if (!this.closed) this.call.write(msg);
  }

  async handle(req: ListenRequest): Promise<void> {
    if (this.closed) return;
    const database = parseDatabase(req.database ?? this.database);
    if (this.database !== undefined && database !== this.database)
      throw invalid(`A Listen stream serves one database; got "${database}" after "${this.database}".`);
    this.database = database;
    if (req.addTarget) await this.addTarget(database, req.addTarget);
    else if (req.removeTarget !== undefined) this.removeTarget(req.removeTarget);
    else throw invalid('A ListenRequest must add or remove a target.');
  }

  private async addTarget(database: string, spec: ListenTarget): Promise<void> {
    let id = spec.targetId ?? 0;
    if (id < 0) throw invalid(`Target id ${id} must be positive.`);
    if (id === 0) {
      if (this.targets.size + this.adding.size > 0 && !this.serverIds)
        return this.sendRemove(id, invalid('A target without an id cannot join targets with client-chosen ids.'));
      this.serverIds = true;
      id = 1;
      while (this.targets.has(id) || this.adding.has(id)) id++;
    } else if (this.serverIds) {
      return this.sendRemove(id, invalid('Once the server assigns target ids, every target must have id 0.'));
    } else if (this.targets.has(id) || this.adding.has(id)) {
      throw invalid(`Target id ${id} is already in use on this stream.`);
    }

    const db = this.service.store.db(database);
    let target: Target;
    let since: number | undefined;
    let resuming = false;
    this.adding.add(id);
    try {
      const feed = this.service.feed(db);
      if (spec.query) {
        if (!spec.query.structuredQuery) throw invalid('A query target requires a structured query.');
        const q = this.service.compile(db, spec.query.parent, spec.query.structuredQuery);
        target = new Target(id, this, feed, q, undefined);
      } else if (spec.documents) {
        const names = spec.documents.documents ?? [];
        if (names.length === 0) throw invalid('A documents target requires at least one document name.');
        target = new Target(id, this, feed, undefined, new Set(names.map((n) => parseDocumentName(n, db.name).path)));
      } else {
        throw invalid('A target must be a query or a documents target.');
      }
      if (spec.resumeToken && spec.resumeToken.length > 0) {
        resuming = true;
        since = decodeToken(spec.resumeToken);
      } else if (spec.readTime) {
        resuming = true;
        since = tsMicros(spec.readTime);
      }
      await authorizeTarget(this.service.rules, this.caller, target);
    } catch (e) {
      if (e instanceof RpcError) return this.sendRemove(id, e);
      throw e;
    } finally {
      this.adding.delete(id);
    }
    if (this.closed) return;

    // From here on everything is synchronous: the snapshot and the registration see the same database state.
    this.targets.set(id, target);
    target.feed.add(target);
    this.write({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const docs = target.current();
    if (resuming && since !== undefined && !target.limited && target.feed.precise(since)) {
      // Only what changed since the token: updated documents, and those that left the result or were deleted.
      for (const doc of docs) target.results.set(doc.path, doc.updateTime);
      for (const doc of docs) if (doc.updateTime > since) this.sendDocument(target, doc);
      // A document created after the token was not in the client's result: nothing to remove (one deleted and
      // recreated since is caught by the existence filter below).
      for (const doc of target.changedSince(since))
        if (!target.results.has(doc.path) && doc.createTime <= since) this.sendGone(target, doc.path);
      for (const p of target.feed.deletedSince(since, target.inScope)) this.sendGone(target, p);
      // The client checks its document count against this one and starts over when they differ.
      if (target.query) this.write({ filter: { targetId: id, count: docs.length } });
    } else {
      // A fresh target, or a resume this emulator cannot compute precisely: the client drops what it had.
      if (resuming) this.write({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      target.replace(docs);
    }
    const readTime = this.service.store.nextTime();
    this.write({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [id],
        resumeToken: encodeToken(readTime),
        readTime: tsFromMicros(readTime),
      },
    });
    this.sendSnapshot(readTime);
    if (spec.once) this.removeTarget(id);
  }

  private removeTarget(id: number): void {
    const t = this.targets.get(id);
    if (t) {
      this.targets.delete(id);
      t.feed.remove(t);
    }
    this.write({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private sendRemove(id: number, e: RpcError): void {
    this.write({
      targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code: e.code, message: e.message } },
    });
  }

  sendDocument(t: Target, doc: StoredDoc): void {
    const document = t.query ? projectDoc(doc, t.query.projection) : doc.proto;
    this.write({ documentChange: { document, targetIds: [t.id], removedTargetIds: [] } });
  }

  /** A document left the target: DocumentDelete when it no longer exists, else DocumentRemove (no longer matching). */
  sendGone(t: Target, path: string): void {
    const document = `${t.feed.db.name}/documents/${path}`;
    if (t.feed.db.get(path)) this.write({ documentRemove: { document, removedTargetIds: [t.id] } });
    else this.write({ documentDelete: { document, removedTargetIds: [t.id] } });
  }

  /** The global consistent-snapshot marker the SDKs wait for. */
  sendSnapshot(readTime: number): void {
    this.write({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        resumeToken: encodeToken(readTime),
        readTime: tsFromMicros(readTime),
      },
    });
  }

  /** Unsubscribes every target; the stream sends nothing more. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.targets.values()) t.feed.remove(t);
    this.targets.clear();
    this.service.streams.delete(this);
  }
}

/** The Listen service: every open stream, and the change feed of each database something listens to. */
export class ListenService {
  readonly streams = new Set<ListenStream>();
  private readonly feeds = new Map<Database, DatabaseFeed>();

  constructor(
    readonly store: Store,
    readonly rules: RulesState,
    readonly compile: QueryCompiler,
    private readonly logError?: (e: unknown) => void,
  ) {}

  feed(db: Database): DatabaseFeed {
    let f = this.feeds.get(db);
    if (!f) this.feeds.set(db, (f = new DatabaseFeed(db, this.store)));
    return f;
  }

  /** Active targets over every stream (zero once every listener is gone). */
  targetCount(): number {
    let n = 0;
    for (const f of this.feeds.values()) n += f.targets.size;
    return n;
  }

  serve(call: ListenCall): void {
    let stream: ListenStream;
    try {
      stream = new ListenStream(this, call, callerOf(call.metadata));
    } catch (e) {
      failStream(call, e, this.logError);
      return;
    }
    this.streams.add(stream);
    const fail = (e: unknown) => {
      if (stream.closed) return;
      stream.close();
      failStream(call, e, this.logError);
    };
    // Requests are handled one after the other: a target's authorization may wait on the rules.
    let queue = Promise.resolve();
    call.on('data', (req) => {
      queue = queue.then(() => stream.handle(req)).catch(fail);
    });
    // The client half-closes when it stops listening (unsubscribe); cancellation and errors end it too.
    call.on('end', () => {
      void queue.then(() => {
        if (stream.closed) return;
        stream.close();
        call.end();
      });
    });
    call.on('cancelled', () => stream.close());
    call.on('error', () => stream.close());
    call.on('close', () => stream.close());
  }
}
