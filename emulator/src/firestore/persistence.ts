// Crash-safe persistence: an append-only log of committed document states, plus a snapshot.
// The log is fsynced (grouped) before a commit is acknowledged; the snapshot is written on start and clean stop.
// A torn last record is ignored on replay.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { makeDoc, type StoredDoc } from './document.js';
import { decodeDocument, encodeDocument } from './protos.js';
import type { Store } from './store.js';
import { tsMicros } from './values.js';

/** One change: document states by path (null = deleted) in one database, or a database cleared. */
export type LogRecord = { db: string; docs: [string, StoredDoc | undefined][] } | { db: string; clear: true };

const HEADER = 8;

function encodeRecord(rec: LogRecord): Buffer {
  const json =
    'clear' in rec
      ? { db: rec.db, clear: true }
      : {
          db: rec.db,
          docs: rec.docs.map(([p, d]) => [p, d ? encodeDocument(d.proto).toString('base64') : null]),
        };
  const payload = Buffer.from(JSON.stringify(json));
  const out = Buffer.allocUnsafe(HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  payload.copy(out, HEADER);
  return out;
}

/** Reads records until the end or the first incomplete/corrupt one. */
function* decodeRecords(buf: Buffer): Iterable<Buffer> {
  let off = 0;
  while (off + HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (off + HEADER + len > buf.length) return;
    const payload = buf.subarray(off + HEADER, off + HEADER + len);
    if (crc32(payload) !== sum) return;
    yield payload;
    off += HEADER + len;
  }
}

function applyPayload(store: Store, payload: Buffer): void {
  const rec = JSON.parse(payload.toString('utf8')) as { db: string; clear?: true; docs?: [string, string | null][] };
  const db = store.db(rec.db);
  if (rec.clear) {
    db.clear();
    return;
  }
  for (const [p, b64] of rec.docs ?? []) {
    if (b64 === null) {
      db.set(p, undefined);
      continue;
    }
    const proto = decodeDocument(Buffer.from(b64, 'base64'));
    const createTime = tsMicros(proto.createTime);
    const updateTime = tsMicros(proto.updateTime);
    store.observeTime(updateTime);
    db.set(p, makeDoc(proto.name, p, proto.fields ?? {}, createTime, updateTime));
  }
}

function writeAllSync(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length;) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class Persistence {
  private readonly logPath: string;
  private readonly snapshotPath: string;
  private fd = -1;
  private queue: { buf: Buffer; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private store: Store | undefined;
  private logBytes = 0;

  /**
   * The log is folded into a new snapshot once it grows past this and past the last snapshot's size, so a
   * long-running server's log stays bounded and a large database is not rewritten after every few thousand writes
   * (each fold rewrites all of it and blocks the server meanwhile: folding at a fixed size made a 100 000-document
   * fill quadratic, commits waited over a minute).
   */
  static compactAfterBytes = 64 * 1024 * 1024;
  private snapshotBytes = 0;

  constructor(readonly dir: string) {
    this.logPath = path.join(dir, 'firestore.log');
    this.snapshotPath = path.join(dir, 'firestore.snapshot');
  }

  /** Loads the snapshot and replays the log into `store`, then compacts. */
  open(store: Store): void {
    this.store = store;
    fs.mkdirSync(this.dir, { recursive: true });
    for (const file of [this.snapshotPath, this.logPath]) {
      if (!fs.existsSync(file)) continue;
      for (const payload of decodeRecords(fs.readFileSync(file))) applyPayload(store, payload);
    }
    this.compact(store);
  }

  /** Writes a snapshot of everything and starts an empty log. */
  private compact(store: Store): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    const tmp = this.snapshotPath + '.tmp';
    const fd = fs.openSync(tmp, 'w');
    try {
      for (const db of store.databases.values()) {
        let docs: [string, StoredDoc][] = [];
        const flush = () => {
          if (docs.length) writeAllSync(fd, encodeRecord({ db: db.name, docs }));
          docs = [];
        };
        for (const doc of db.allDocs()) {
          docs.push([doc.path, doc]);
          if (docs.length >= 1000) flush();
        }
        flush();
      }
      fs.fsyncSync(fd);
      this.snapshotBytes = fs.fstatSync(fd).size;
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.snapshotPath);
    fsyncDir(this.dir);
    // The snapshot holds every logged change, so the log can start over.
    this.fd = fs.openSync(this.logPath, 'w');
    fs.fsyncSync(this.fd);
    this.logBytes = 0;
  }

  /** Appends a record; resolves once it is on disk. Concurrent appends share one fsync. */
  append(rec: LogRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ buf: encodeRecord(rec), resolve, reject });
      if (!this.flushing) this.flushing = this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        const buf = Buffer.concat(batch.map((b) => b.buf));
        for (let off = 0; off < buf.length;) {
          off += await new Promise<number>((res, rej) =>
            fs.write(this.fd, buf, off, buf.length - off, null, (err, n) => (err ? rej(err) : res(n))),
          );
        }
        await new Promise<void>((res, rej) => fs.fdatasync(this.fd, (err) => (err ? rej(err) : res())));
        this.logBytes += buf.length;
        for (const b of batch) b.resolve();
        // Records still queued are already applied in memory, so the snapshot holds them; replaying them again
        // from the new log is harmless because every record carries whole document states.
        if (this.logBytes > Math.max(Persistence.compactAfterBytes, this.snapshotBytes) && this.store)
          this.compact(this.store);
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    this.flushing = undefined;
  }

  /** Waits for pending appends, compacts and closes. */
  async close(store: Store): Promise<void> {
    while (this.flushing) await this.flushing;
    this.compact(store);
    fs.closeSync(this.fd);
    this.fd = -1;
  }
}
