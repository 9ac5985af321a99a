// The Listen stream's change feed: each database's targets, indexed by collection, collection group and document,
// with the result each one last sent. A commit changes documents through Database.set; the database's watcher (set
// here once something listens to it) collects the changed paths, and one flush per event-loop turn sends each
// affected target its changes followed by a global NO_CHANGE carrying the snapshot's read time and resume token, as
// Firestore does (docs/decisions.md). The messages go out through the target's stream (listen.ts).
import type { StoredDoc } from './document.js';
import { joinPath, splitDocPath } from './paths.js';
import { executeQuery } from './planner.js';
import type { CompiledQuery } from './query-compiler.js';
import { cursorKeys, filterMatcher } from './query-evaluator.js';
import type { Database, Store } from './store.js';

/** Deleted paths remembered for resuming; beyond this, older tokens resume with a full reset. */
const MAX_TOMBSTONES = 100_000;

/** Where a target's messages go: the Listen stream it was added on. */
export interface TargetSink {
  sendDocument(t: Target, doc: StoredDoc): void;
  sendGone(t: Target, path: string): void;
  /** The global consistent-snapshot marker, once a flush sent this stream's changes. */
  sendSnapshot(readTime: number): void;
}

/** One target on one stream. */
export class Target {
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
    readonly stream: TargetSink,
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
export class DatabaseFeed {
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
    const streams = new Set<TargetSink>();
    for (const [t, ps] of touched) if (t.update(ps)) streams.add(t.stream);
    for (const s of streams) s.sendSnapshot(readTime);
  }
}
