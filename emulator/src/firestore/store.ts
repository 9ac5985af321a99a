// In-memory databases, one per `projects/{p}/databases/{d}`: collections ordered by document id, with their indexes.
import type { Timestamp } from '../common/firestore-value.js';
import { CollectionIndex, ContainsIndex, specKey, type IndexSpec } from './collection-index.js';
import type { StoredDoc } from './document.js';
import { failedPrecondition, invalid } from './errors.js';
import { splitDocPath } from './paths.js';
import { compareReferences, compareSegments, compareUtf8 } from './values.js';

export interface StoreOptions {
  /** See Database's `indexFile`. */
  indexFile?: boolean;
  /** Indexes built as soon as a collection with this id exists (Store.buildPlannedIndexes). */
  planned?: Map<string, IndexSpec[]>;
}

const collectionIdOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class Collection {
  /** Documents in Firestore order of their ids (numeric ids `__id7__` first, by number). */
  readonly list: StoredDoc[] = [];
  readonly docs = new Map<string, StoredDoc>();
  /** Indexes built so far, by spec key; every write updates them. */
  readonly indexes = new Map<string, CollectionIndex | ContainsIndex>();

  constructor(readonly path: string) {}

  /**
   * The index with this spec, built from the current documents on first use (an array-contains one builds only its
   * partitions, each on its element's first query).
   */
  index(spec: IndexSpec): CollectionIndex | ContainsIndex {
    const key = specKey(spec);
    let ix = this.indexes.get(key);
    if (!ix) {
      ix = spec.components.some((c) => c.contains)
        ? new ContainsIndex(spec, this.list)
        : new CollectionIndex(spec, this.list);
      this.indexes.set(key, ix);
    }
    return ix;
  }

  private position(id: string): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareSegments(this.list[mid].id, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  put(doc: StoredDoc): void {
    const id = doc.id;
    const n = this.list.length;
    const old = this.docs.get(id);
    for (const ix of this.indexes.values()) ix.update(old, doc);
    if (old) this.list[this.position(id)] = doc;
    // Appending in order is the common case for bulk loads.
    else if (n === 0 || compareSegments(this.list[n - 1].id, id) < 0) this.list.push(doc);
    else this.list.splice(this.position(id), 0, doc);
    this.docs.set(id, doc);
  }

  remove(id: string): void {
    const old = this.docs.get(id);
    if (!old) return;
    this.docs.delete(id);
    for (const ix of this.indexes.values()) ix.update(old, undefined);
    this.list.splice(this.position(id), 1);
  }
}

/** How long versions replaced or deleted stay readable at a past readTime: Firestore's window without PITR. */
export const VERSION_RETENTION_US = 3_600_000_000;

/** A document as it was until a change at `until` replaced or deleted it (it was there from its updateTime). */
interface PastVersion {
  doc: StoredDoc;
  until: number;
}

export class Database {
  /** Non-empty collections by path (e.g. `users` or `users/u1/posts`). */
  readonly collections = new Map<string, Collection>();
  /**
   * Past versions of changed or deleted documents only, by collection path and id, oldest first: a document with
   * no past version was as it is now since its updateTime, and did not exist before its createTime.
   */
  private readonly history = new Map<string, Map<string, PastVersion[]>>();
  /** Changes in the order they were kept, to drop past versions once they are older than the retention window. */
  private historyQueue: { until: number; collection: string; id: string }[] = [];
  private historyHead = 0;
  /** Reads at an earlier time are refused: changes before it (loaded from disk, or cleared) left no versions. */
  historyFrom = 0;
  /** Bumped on every change so transactions can skip re-checking queries when nothing changed. */
  version = 0;
  /** Told of every change and of clear(): the change feed of the Listen stream (listen.ts), set once something listens. */
  watcher?: { changed(path: string): void; cleared(): void };

  /**
   * `indexFile`: composite indexes come from an indexes file, so equality-only queries on several fields use the
   * single-field indexes (as production merges them) instead of a composite index built for them.
   */
  constructor(
    readonly name: string,
    readonly options: StoreOptions = {},
  ) {}

  get(path: string): StoredDoc | undefined {
    const { collection, id } = splitDocPath(path);
    return this.collections.get(collection)?.docs.get(id);
  }

  /**
   * Stores (doc) or deletes (undefined) the document at `path`. `time` is the commit time of the change: the
   * version it replaces is kept for reads at a past time. Without it (loading a saved database) none is kept.
   */
  set(path: string, doc: StoredDoc | undefined, time?: number): void {
    const { collection, id } = splitDocPath(path);
    let col = this.collections.get(collection);
    if (time === undefined) this.historyFrom = Math.max(this.historyFrom, doc?.updateTime ?? Date.now() * 1000);
    else {
      const old = col?.docs.get(id);
      if (old) this.keepVersion(collection, id, old, time);
    }
    if (doc) {
      if (!col) {
        this.collections.set(collection, (col = new Collection(collection)));
        // Empty now, then kept up to date by every write: no query of a declared shape builds its index (an
        // array-contains one builds each element's partition on its first query, collection-index.ts).
        for (const spec of this.options.planned?.get(collectionIdOf(collection)) ?? []) col.index(spec);
      }
      col.put(doc);
    } else if (col) {
      col.remove(id);
      if (col.docs.size === 0) this.collections.delete(collection);
    }
    this.version++;
    this.watcher?.changed(path);
  }

  private keepVersion(collection: string, id: string, doc: StoredDoc, until: number): void {
    let byId = this.history.get(collection);
    if (!byId) this.history.set(collection, (byId = new Map()));
    const versions = byId.get(id);
    if (versions) versions.push({ doc, until });
    else byId.set(id, [{ doc, until }]);
    this.historyQueue.push({ until, collection, id });
    this.pruneHistory(until - VERSION_RETENTION_US);
  }

  /** Drops versions replaced before `cutoff`: no read may ask for a time before it. */
  private pruneHistory(cutoff: number): void {
    const q = this.historyQueue;
    while (this.historyHead < q.length && q[this.historyHead].until < cutoff) {
      const { collection, id } = q[this.historyHead++];
      const byId = this.history.get(collection);
      const versions = byId?.get(id);
      if (!byId || !versions) continue;
      versions.shift();
      if (versions.length === 0) byId.delete(id);
      if (byId.size === 0) this.history.delete(collection);
    }
    // Compact the queue once its consumed head is most of it, so it holds about one window of changes.
    if (this.historyHead > 1024 && this.historyHead * 2 > q.length) {
      this.historyQueue = q.slice(this.historyHead);
      this.historyHead = 0;
    }
  }

  /** The document at `path` as it was at time `t` (microseconds), undefined when it did not exist then. */
  getAt(path: string, t: number): StoredDoc | undefined {
    const { collection, id } = splitDocPath(path);
    return this.versionAt(collection, id, t);
  }

  private versionAt(collection: string, id: string, t: number): StoredDoc | undefined {
    const doc = this.collections.get(collection)?.docs.get(id);
    if (doc && doc.updateTime <= t) return doc;
    for (const v of this.history.get(collection)?.get(id) ?? []) if (v.doc.updateTime <= t && t < v.until) return v.doc;
    return undefined;
  }

  /**
   * The documents of the collections a query reads (`collectionId` below `parentPath`, at any depth when
   * `allDescendants`; any id when undefined) as they were at time `t`: one list per collection in id order, the
   * collections in path order, as the scan of query-evaluator.ts takes them.
   */
  collectionsAt(
    parentPath: string,
    collectionId: string | undefined,
    allDescendants: boolean,
    t: number,
  ): StoredDoc[][] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const wanted = (path: string) =>
      allDescendants
        ? path.startsWith(prefix) &&
          (collectionId === undefined || path.slice(path.lastIndexOf('/') + 1) === collectionId)
        : path === prefix + collectionId;
    const paths = [...new Set([...this.collections.keys(), ...this.history.keys()])].filter(wanted);
    paths.sort(compareReferences);
    const out: StoredDoc[][] = [];
    for (const path of paths) {
      const ids = new Set([
        ...(this.collections.get(path)?.docs.keys() ?? []),
        ...(this.history.get(path)?.keys() ?? []),
      ]);
      const list: StoredDoc[] = [];
      for (const id of ids) {
        const doc = this.versionAt(path, id, t);
        if (doc) list.push(doc);
      }
      if (list.length > 0) out.push(list.sort((a, b) => compareSegments(a.id, b.id)));
    }
    return out;
  }

  /** Ids of collections directly under `parentPath` ('' = root) that hold documents at any depth. */
  collectionIds(parentPath: string): string[] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const ids = new Set<string>();
    for (const path of this.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const i = rest.indexOf('/');
      ids.add(i < 0 ? rest : rest.slice(0, i));
    }
    return [...ids].sort(compareUtf8);
  }

  /** Documents that do not exist but have subcollections with documents, directly in `collectionPath`. */
  missingParents(collectionPath: string): string[] {
    const prefix = collectionPath + '/';
    const ids = new Set<string>();
    for (const path of this.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const id = path.slice(prefix.length).split('/')[0];
      if (!this.get(prefix + id)) ids.add(id);
    }
    return [...ids];
  }

  /** Collections named `collectionId` (any name when undefined) below `parentPath` ('' = root), at any depth. */
  collectionGroup(parentPath: string, collectionId: string | undefined): Collection[] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const out: Collection[] = [];
    for (const [path, col] of this.collections) {
      if (!path.startsWith(prefix)) continue;
      if (collectionId === undefined || path.slice(path.lastIndexOf('/') + 1) === collectionId) out.push(col);
    }
    return out.sort((a, b) => compareReferences(a.path, b.path));
  }

  clear(): void {
    this.collections.clear();
    this.history.clear();
    this.historyQueue = [];
    this.historyHead = 0;
    this.historyFrom = Date.now() * 1000;
    this.version++;
    this.watcher?.cleared();
  }

  *allDocs(): Iterable<StoredDoc> {
    for (const col of this.collections.values()) yield* col.docs.values();
  }
}

export class Store {
  readonly databases = new Map<string, Database>();
  private lastTime = 0;

  /** Shared with every Database (see StoreOptions). */
  constructor(readonly options: StoreOptions = {}) {}

  /**
   * Builds the indexes the planner will walk for the declared composite indexes (index-config.ts, plannedIndexes),
   * by collection id: now in every collection there is (once the saved data is loaded, sorting each collection
   * once), and in every collection made from now on (see `set`).
   */
  buildPlannedIndexes(planned: Map<string, IndexSpec[]>): void {
    this.options.planned = planned;
    for (const db of this.databases.values())
      for (const col of db.collections.values())
        for (const spec of planned.get(collectionIdOf(col.path)) ?? []) col.index(spec);
  }

  db(name: string): Database {
    let db = this.databases.get(name);
    if (!db) this.databases.set(name, (db = new Database(name, this.options)));
    return db;
  }

  /** A strictly increasing commit time in microseconds. */
  nextTime(): number {
    const now = Date.now() * 1000;
    this.lastTime = Math.max(now, this.lastTime + 1);
    return this.lastTime;
  }

  /** The latest time a read can ask for: now, or the last commit time when commits ran ahead of the clock. */
  now(): number {
    return Math.max(Date.now() * 1000, this.lastTime);
  }

  /**
   * A read's readTime in microseconds, checked as Firestore checks it: whole microseconds, not in the future, and
   * within the last hour (older: FAILED_PRECONDITION, the versions of then are gone).
   */
  readTime(db: Database, t: Timestamp): number {
    const seconds = Number(t.seconds ?? 0);
    const nanos = t.nanos ?? 0;
    if (!Number.isSafeInteger(seconds) || !Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999)
      throw invalid('Invalid read_time.');
    if (nanos % 1000 !== 0) throw invalid('read_time must be a timestamp with microsecond precision.');
    const us = seconds * 1e6 + nanos / 1000;
    const now = this.now();
    if (us > now) throw invalid('read_time cannot be in the future.');
    if (us < now - VERSION_RETENTION_US || us < db.historyFrom)
      throw failedPrecondition('The requested snapshot version is too old.');
    return us;
  }

  /** Makes sure times issued after a restart stay after every persisted time. */
  observeTime(us: number): void {
    if (us > this.lastTime) this.lastTime = us;
  }
}
