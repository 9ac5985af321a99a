// The Storage emulator's objects: metadata and bytes per bucket and name, listing with prefix and delimiter, and
// crash-safe persistence (a write is acknowledged only once its bytes and metadata are on disk; docs/architecture.md).
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32c as crc32cOf } from '../common/crc32c.js';

export interface ObjectMeta {
  bucket: string;
  name: string;
  generation: string;
  metageneration: number;
  contentType: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  etag: string;
  timeCreated: string;
  updated: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  /** Custom metadata; download tokens live in `firebaseStorageDownloadTokens`, as in Cloud Storage. */
  metadata: Record<string, string>;
  /** The object's access control list once set (ACL endpoints, makePublic); before that, its predefined default. */
  acl?: AclEntry[];
}

/** One entry of an object's ACL, as the JSON API's ObjectAccessControl names it. */
export interface AclEntry {
  entity: string;
  role: 'OWNER' | 'READER';
}

export interface StoredObject {
  meta: ObjectMeta;
  data: Buffer;
}

/** The metadata a client may set (upload or update); the rest is computed. */
export interface WritableMeta {
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string | null> | null;
  /** A new ACL; null drops it back to the predefined default (what `makePrivate()` sends). */
  acl?: AclEntry[] | null;
}

export const TOKENS_KEY = 'firebaseStorageDownloadTokens';
const EDITABLE = ['contentType', 'cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage'] as const;

/** CRC32C (Castagnoli) as Cloud Storage reports it: four big-endian bytes in base64. */
export function crc32c(data: Buffer): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32cOf(data));
  return out.toString('base64');
}

/** Metadata after applying `changes`: a null custom value removes that key (both APIs' semantics). */
export function applyMeta(meta: ObjectMeta, changes: WritableMeta): ObjectMeta {
  const next: ObjectMeta = { ...meta, metadata: { ...meta.metadata } };
  for (const key of EDITABLE) {
    if (!(key in changes)) continue;
    const value = changes[key];
    if (value === null || value === undefined || value === '') delete next[key as Exclude<typeof key, 'contentType'>];
    else next[key] = String(value);
  }
  if (!next.contentType) next.contentType = 'application/octet-stream';
  if (changes.acl === null) delete next.acl;
  else if (changes.acl) next.acl = changes.acl;
  if (changes.metadata === null) {
    next.metadata = meta.metadata[TOKENS_KEY] ? { [TOKENS_KEY]: meta.metadata[TOKENS_KEY] } : {};
  } else if (changes.metadata) {
    for (const [k, v] of Object.entries(changes.metadata)) {
      if (v === null) delete next.metadata[k];
      else next.metadata[k] = String(v);
    }
  }
  return next;
}

export interface ListResult {
  items: ObjectMeta[];
  prefixes: string[];
  nextPageToken?: string;
}

function fileKey(bucket: string, name: string): string {
  return createHash('sha256').update(`${bucket}\n${name}`).digest('hex');
}

/** Writes a file so that after a crash it is either whole or absent. */
function writeDurably(path: string, data: Buffer | string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, data);
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

export class ObjectStore {
  private objects = new Map<string, StoredObject>();
  private generation = BigInt(Date.now()) * 1000n;
  private readonly dir?: string;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    this.dir = join(dataDir, 'objects');
    mkdirSync(this.dir, { recursive: true });
    this.load();
  }

  private load(): void {
    const dir = this.dir!;
    const files = readdirSync(dir);
    const kept = new Set<string>();
    for (const file of files) {
      if (!file.endsWith('.json')) continue;
      const meta = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ObjectMeta;
      const blob = `${file.slice(0, -5)}.${meta.generation}.bin`;
      let data: Buffer;
      try {
        data = readFileSync(join(dir, blob));
      } catch {
        continue; // metadata of bytes that never reached the disk: the write was not acknowledged
      }
      kept.add(file).add(blob);
      this.objects.set(this.key(meta.bucket, meta.name), { meta, data });
      if (BigInt(meta.generation) >= this.generation) this.generation = BigInt(meta.generation) + 1n;
    }
    // Bytes of a write that crashed before its metadata, temp files, older generations.
    for (const file of files) if (!kept.has(file)) rmSync(join(dir, file), { force: true });
  }

  private key(bucket: string, name: string): string {
    return `${bucket}\u0000${name}`;
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.objects.get(this.key(bucket, name));
  }

  /** Stores bytes with metadata as a new generation (with the download tokens `meta` names, if any). */
  put(bucket: string, name: string, data: Buffer, meta: WritableMeta): ObjectMeta {
    const now = new Date().toISOString();
    const previous = this.get(bucket, name);
    const base: ObjectMeta = {
      bucket,
      name,
      generation: String(this.generation++),
      metageneration: 1,
      contentType: 'application/octet-stream',
      size: data.length,
      md5Hash: createHash('md5').update(data).digest('base64'),
      crc32c: crc32c(data),
      etag: '',
      timeCreated: now,
      updated: now,
      metadata: {},
    };
    const stored = applyMeta(base, meta);
    stored.etag = Buffer.from(`${stored.generation}/1`).toString('base64');
    this.persist(stored, data, previous?.meta);
    this.objects.set(this.key(bucket, name), { meta: stored, data });
    return stored;
  }

  /** Replaces the metadata of an existing object (a new metageneration). */
  update(bucket: string, name: string, changes: WritableMeta): ObjectMeta | undefined {
    const existing = this.get(bucket, name);
    if (!existing) return undefined;
    const next = applyMeta(existing.meta, changes);
    next.metageneration = existing.meta.metageneration + 1;
    next.updated = new Date().toISOString();
    next.etag = Buffer.from(`${next.generation}/${next.metageneration}`).toString('base64');
    if (this.dir) writeDurably(join(this.dir, `${fileKey(bucket, name)}.json`), JSON.stringify(next));
    existing.meta = next;
    return next;
  }

  delete(bucket: string, name: string): boolean {
    const existing = this.get(bucket, name);
    if (!existing) return false;
    if (this.dir) {
      const key = fileKey(bucket, name);
      rmSync(join(this.dir, `${key}.json`), { force: true });
      rmSync(join(this.dir, `${key}.${existing.meta.generation}.bin`), { force: true });
    }
    this.objects.delete(this.key(bucket, name));
    return true;
  }

  /** Every object of every bucket is removed (the emulator's reset). */
  clear(): void {
    for (const { meta } of [...this.objects.values()]) this.delete(meta.bucket, meta.name);
  }

  private persist(meta: ObjectMeta, data: Buffer, previous?: ObjectMeta): void {
    if (!this.dir) return;
    const key = fileKey(meta.bucket, meta.name);
    // Bytes first, then the metadata that points at them: a crash in between leaves the previous version whole.
    writeDurably(join(this.dir, `${key}.${meta.generation}.bin`), data);
    writeDurably(join(this.dir, `${key}.json`), JSON.stringify(meta));
    const dirFd = openSync(this.dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
    if (previous) rmSync(join(this.dir, `${key}.${previous.generation}.bin`), { force: true });
  }

  /**
   * Objects under `prefix` in name order; with a delimiter, names with it after the prefix are rolled up into
   * `prefixes`. Page tokens are the last name returned (opaque to clients).
   */
  list(bucket: string, prefix: string, delimiter: string, maxResults: number, pageToken?: string): ListResult {
    const after = pageToken ? Buffer.from(pageToken, 'base64url').toString('utf8') : '';
    const names = [...this.objects.values()]
      .filter(({ meta }) => meta.bucket === bucket && meta.name.startsWith(prefix))
      .map(({ meta }) => meta)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const items: ObjectMeta[] = [];
    const prefixes: string[] = [];
    let last = '';
    for (const meta of names) {
      let entry = meta.name;
      let folder = false;
      if (delimiter) {
        const at = meta.name.indexOf(delimiter, prefix.length);
        if (at >= 0) {
          entry = meta.name.slice(0, at + delimiter.length);
          folder = true;
        }
      }
      if (entry <= after || (folder && prefixes[prefixes.length - 1] === entry)) continue;
      if (items.length + prefixes.length >= maxResults) {
        return { items, prefixes, nextPageToken: Buffer.from(last).toString('base64url') };
      }
      if (folder) prefixes.push(entry);
      else items.push(meta);
      last = entry;
    }
    return { items, prefixes };
  }
}
