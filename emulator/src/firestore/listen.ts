// The Listen stream (real-time listeners): targets, their initial snapshots, resume tokens, and the change feed.
// A commit changes documents through Database.set; the database's watcher (set here once something listens to it)
// collects the changed paths, and one flush per event-loop turn sends each affected target its changes followed by
// a global NO_CHANGE carrying the snapshot's read time and resume token, as Firestore does (docs/decisions.md).
import { randomBytes } from 'node:crypto';
import { Metadata, type status } from '@grpc/grpc-js';
import type { Timestamp } from '../common/firestore-value.js';
import type { StoredDoc } from './document.js';
import { invalid, RpcError } from './errors.js';
import { authorizeQuery, authorizeRead, callerOf, type Caller, type RulesState } from './firestore-rules.js';
import { joinPath, parseDatabase, parseDocumentName, splitDocPath } from './paths.js';
import { executeQuery } from './planner.js';
import type { CompiledQuery, StructuredQuery } from './query-compiler.js';
import { cursorKeys, filterMatcher, projectDoc } from './query-evaluator.js';
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
export interface ListenCall {
  metadata: Metadata;
  write(msg: object): boolean;
  end(): void;
  on(event: 'data', f: (req: ListenRequest) => void): unknown;
  on(event: 'end' | 'cancelled' | 'close', f: () => void): unknown;
  on(event: 'error', f: (e: unknown) => void): unknown;
  emit(event: 'error', status: { code: status; details: string }): boolean;
  sendMetadata(md: Metadata): void;
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
/** Deleted paths remembered for resuming; beyond this, older tokens resume with a full reset. */
const MAX_TOMBSTONES = 100_000;

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

/** One target on one stream. */
class Target {
  /** Paths in the current result, with the update time last sent. */
  readonly results = new Map<string, number>();
  /**
   * Whether a document in scope belongs to the result (filters, ordered fields, cursors; offset and limit aside).
   * Callers know the document is in scope, which the index of the targets by collection mostly tells.
   */
  readonly matches: (doc: StoredDoc) => boolean;
  /** Whether a document path is one the target looks at (its collection(s), or its named documents). */
  readonly inScope: (path: string) => boolean;
  /** Limit or offset: a change can move other documents in or out, so the query is run again. */
  readonly limited: boolean;

  constructor(
    readonly id: number,
    readonly stream: ListenStream,
    readonly feed: DatabaseFeed,
    readonly query: CompiledQuery | undefined,
    readonly docPaths: Set<string> | undefined,
  ) {
    if (query) {
      this.inScope = scopeOf(query);
      this.matches = queryMatcher(query);
      this.limited = query.limit !== undefined || query.offset > 0;
    } else {
      this.inScope = (path) => docPaths!.has(path);
      this.matches = () => true;
      this.limited = false;
    }
  }

  /** The documents in the target's result now, in result order. */
  current(): StoredDoc[] {
    if (this.query) return executeQuery(this.query);
    const out: StoredDoc[] = [];
    for (const p of this.docPaths!) {
      const doc = this.feed.db.get(p);
      if (doc) out.push(doc);
    }
    return out;
  }

  /** Documents in scope changed since `since` (microseconds), including ones that no longer match. */
  changedSince(since: number): StoredDoc[] {
    const lists = this.query
      ? this.query.allDescendants
        ? this.feed.db.collectionGroup(this.query.parentPath, this.query.collectionId || undefined).map((c) => c.list)
        : [this.feed.db.collections.get(joinPath(this.query.parentPath, this.query.collectionId))?.list ?? []]
      : [this.current()];
    return lists.flat().filter((d) => d.updateTime > since);
  }

  /** Sends what `paths` (changed documents in scope) mean for this target; true when something was sent. */
  update(paths: Iterable<string>): boolean {
    const db = this.feed.db;
    if (this.limited) {
      let relevant = false;
      for (const p of paths) {
        const doc = db.get(p);
        if (this.results.has(p) || (doc && this.matches(doc))) relevant = true;
      }
      return relevant && this.replace(this.current());
    }
    let sent = false;
    for (const p of paths) {
      const doc = db.get(p);
      const had = this.results.get(p);
      if (doc && this.matches(doc)) {
        if (had === doc.updateTime) continue;
        this.results.set(p, doc.updateTime);
        this.stream.sendDocument(this, doc);
        sent = true;
      } else if (had !== undefined) {
        this.results.delete(p);
        this.stream.sendGone(this, p);
        sent = true;
      }
    }
    return sent;
  }

  /** Makes `docs` the result: removals for what left it, changes for what is new or updated. */
  replace(docs: StoredDoc[]): boolean {
    let sent = false;
    const next = new Set(docs.map((d) => d.path));
    for (const p of [...this.results.keys()]) {
      if (next.has(p)) continue;
      this.results.delete(p);
      this.stream.sendGone(this, p);
      sent = true;
    }
    for (const doc of docs) {
      if (this.results.get(doc.path) === doc.updateTime) continue;
      this.results.set(doc.path, doc.updateTime);
      this.stream.sendDocument(this, doc);
      sent = true;
    }
    return sent;
  }
}

/** Which document paths a query looks at: its collection, or its collection group below the parent. */
function scopeOf(q: CompiledQuery): (path: string) => boolean {
  const prefix = q.parentPath === '' ? '' : q.parentPath + '/';
  if (!q.allDescendants) {
    const col = joinPath(q.parentPath, q.collectionId);
    return (path) => splitDocPath(path).collection === col;
  }
  return (path) => {
    if (!path.startsWith(prefix)) return false;
    if (q.collectionId === '') return true;
    const col = splitDocPath(path).collection;
    return col.slice(col.lastIndexOf('/') + 1) === q.collectionId;
  };
}

/**
 * Whether a document of the query's collection(s) is in its result, offset and limit aside: the evaluator's filter
 * matcher, plus the rules its scan applies (every ordered field present, within the cursors).
 */
function queryMatcher(q: CompiledQuery): (doc: StoredDoc) => boolean {
  const filter = filterMatcher(q.where);
  const inCursors = cursorKeys(q);
  return (doc) => filter(doc) && inCursors(doc) !== undefined;
}

/** Listeners of one database, indexed so that a write only looks at the targets of its collection or document. */
class DatabaseFeed {
  readonly targets = new Set<Target>();
  private readonly byCollection = new Map<string, Set<Target>>();
  /** Collection-group targets by collection id ('' for kindless queries, which see every collection). */
  private readonly byGroup = new Map<string, Set<Target>>();
  private readonly byDocument = new Map<string, Set<Target>>();
  /** Paths changed since the last flush. */
  private pending = new Set<string>();
  private cleared = false;
  private scheduled = false;
  /** Deleted paths with the read time of the snapshot that first showed them deleted. */
  private readonly tombstones = new Map<string, number>();
  /** Tokens older than this cannot resume precisely (deletions before it are not remembered). */
  private horizon: number;

  constructor(
    readonly db: Database,
    private readonly store: Store,
  ) {
    this.horizon = store.nextTime();
    db.watcher = {
      changed: (path) => this.changed(path),
      cleared: () => {
        this.cleared = true;
        this.schedule();
      },
    };
  }

  /** Whether a token at `since` can resume precisely: every deletion after it is remembered. */
  precise(since: number): boolean {
    return since >= this.horizon;
  }

  /** Deleted paths in scope since `since`. */
  deletedSince(since: number, inScope: (path: string) => boolean): string[] {
    const out: string[] = [];
    for (const [p, t] of this.tombstones) if (t > since && inScope(p) && !this.db.get(p)) out.push(p);
    return out;
  }

  add(t: Target): void {
    this.targets.add(t);
    for (const [map, key] of this.keys(t)) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(t);
    }
  }

  remove(t: Target): void {
    this.targets.delete(t);
    for (const [map, key] of this.keys(t)) {
      const set = map.get(key);
      set?.delete(t);
      if (set?.size === 0) map.delete(key);
    }
  }

  private keys(t: Target): [Map<string, Set<Target>>, string][] {
    if (!t.query) return [...t.docPaths!].map((p) => [this.byDocument, p]);
    if (t.query.allDescendants) return [[this.byGroup, t.query.collectionId]];
    return [[this.byCollection, joinPath(t.query.parentPath, t.query.collectionId)]];
  }

  private changed(path: string): void {
    this.pending.add(path);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Every write of a commit is applied in one synchronous run, so the flush sees whole commits. It runs after
    // pending I/O, so the commit's own answer goes out first, and commits applied meanwhile share one snapshot.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const paths = this.pending;
    this.pending = new Set();
    const cleared = this.cleared;
    this.cleared = false;
    // Later than every commit applied so far: times are issued just before a commit is applied, synchronously.
    const readTime = this.store.nextTime();
    if (cleared) this.horizon = readTime;
    for (const p of paths) {
      if (this.db.get(p)) this.tombstones.delete(p);
      else this.tombstones.set(p, readTime);
    }
    if (this.tombstones.size > MAX_TOMBSTONES) {
      this.tombstones.clear();
      this.horizon = readTime;
    }
    if (this.targets.size === 0) return;

    // Targets the changed paths concern: those holding the document, or matching it now. Most listeners of a
    // collection match none of a write's documents; they cost one filter test and nothing more.
    const touched = new Map<Target, Set<string>>();
    const touch = (t: Target, p: string, doc: StoredDoc | undefined) => {
      if (!t.results.has(p) && !(doc && t.matches(doc))) return;
      let set = touched.get(t);
      if (!set) touched.set(t, (set = new Set()));
      set.add(p);
    };
    if (cleared) for (const t of this.targets) for (const p of t.results.keys()) touch(t, p, this.db.get(p));
    for (const p of paths) {
      const doc = this.db.get(p);
      for (const t of this.byDocument.get(p) ?? []) touch(t, p, doc);
      const { collection } = splitDocPath(p);
      for (const t of this.byCollection.get(collection) ?? []) touch(t, p, doc);
      // A collection group is keyed by its collection id; its parent still has to hold the document.
      for (const t of this.byGroup.get(collection.slice(collection.lastIndexOf('/') + 1)) ?? [])
        if (t.inScope(p)) touch(t, p, doc);
      for (const t of this.byGroup.get('') ?? []) if (t.inScope(p)) touch(t, p, doc);
    }
    const streams = new Set<ListenStream>();
    for (const [t, ps] of touched) if (t.update(ps)) streams.add(t.stream);
    for (const s of streams) s.sendSnapshot(readTime);
  }
}

/** One Listen call: its targets, and the messages it sends. */
class ListenStream {
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
    private readonly toStatus: (e: unknown) => { code: status; details: string },
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

  /** Ends a call with the error's status, headers first as the other streams do (server.ts). */
  private fail(call: ListenCall, e: unknown): void {
    call.sendMetadata(new Metadata());
    call.emit('error', this.toStatus(e));
  }

  serve(call: ListenCall): void {
    let stream: ListenStream;
    try {
      stream = new ListenStream(this, call, callerOf(call.metadata));
    } catch (e) {
      this.fail(call, e);
      return;
    }
    this.streams.add(stream);
    const fail = (e: unknown) => {
      if (stream.closed) return;
      stream.close();
      this.fail(call, e);
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
