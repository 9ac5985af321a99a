// In-memory databases, one per `projects/{p}/databases/{d}`: collections ordered by document id, with their indexes.
import { CollectionIndex, specKey, type IndexSpec } from './collection-index.js';
import type { StoredDoc } from './document.js';
import { splitDocPath } from './paths.js';
import { compareReferences, compareUtf8 } from './values.js';

export class Collection {
  /** Documents in Firestore order of their ids. */
  readonly list: StoredDoc[] = [];
  readonly docs = new Map<string, StoredDoc>();
  /** Indexes built so far, by spec key; every write updates them. */
  readonly indexes = new Map<string, CollectionIndex>();

  constructor(readonly path: string) {}

  /** The index with this spec, built from the current documents on first use. */
  index(spec: IndexSpec): CollectionIndex {
    const key = specKey(spec);
    let ix = this.indexes.get(key);
    if (!ix) this.indexes.set(key, (ix = new CollectionIndex(spec, this.list)));
    return ix;
  }

  private position(id: string): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareUtf8(this.list[mid].id, id) < 0) lo = mid + 1;
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
    else if (n === 0 || compareUtf8(this.list[n - 1].id, id) < 0) this.list.push(doc);
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

export class Database {
  /** Non-empty collections by path (e.g. `users` or `users/u1/posts`). */
  readonly collections = new Map<string, Collection>();
  /** Bumped on every change so transactions can skip re-checking queries when nothing changed. */
  version = 0;

  /**
   * `indexFile`: composite indexes come from an indexes file, so equality-only queries on several fields use the
   * single-field indexes (as production merges them) instead of a composite index built for them.
   */
  constructor(
    readonly name: string,
    readonly options: { indexFile?: boolean } = {},
  ) {}

  get(path: string): StoredDoc | undefined {
    const { collection, id } = splitDocPath(path);
    return this.collections.get(collection)?.docs.get(id);
  }

  /** Stores (doc) or deletes (undefined) the document at `path`. */
  set(path: string, doc: StoredDoc | undefined): void {
    const { collection, id } = splitDocPath(path);
    let col = this.collections.get(collection);
    if (doc) {
      if (!col) this.collections.set(collection, (col = new Collection(collection)));
      col.put(doc);
    } else if (col) {
      col.remove(id);
      if (col.docs.size === 0) this.collections.delete(collection);
    }
    this.version++;
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
    this.version++;
  }

  *allDocs(): Iterable<StoredDoc> {
    for (const col of this.collections.values()) yield* col.docs.values();
  }
}

export class Store {
  readonly databases = new Map<string, Database>();
  private lastTime = 0;

  /** See Database's `indexFile`. */
  constructor(readonly options: { indexFile?: boolean } = {}) {}

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

  /** Makes sure times issued after a restart stay after every persisted time. */
  observeTime(us: number): void {
    if (us > this.lastTime) this.lastTime = us;
  }
}
