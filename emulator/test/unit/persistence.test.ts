// The persistence log and snapshot: replay, torn last records, clears, compaction while running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDoc } from '../../src/firestore/document.js';
import { Persistence } from '../../src/firestore/persistence.js';
import { Store } from '../../src/firestore/store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-persist-'));
  dirs.push(d);
  return d;
}

const DB = 'projects/p/databases/(default)';
const doc = (p: string, v: number, t: number) =>
  makeDoc(`${DB}/documents/${p}`, p, { v: { integerValue: String(v) }, b: { bytesValue: Buffer.from([1, 2]) } }, t, t);

describe('persistence log', () => {
  it('replays appended records and ignores a torn last record', async () => {
    const dir = tmpDir();
    const p1 = new Persistence(dir);
    p1.open(new Store());
    await Promise.all([
      p1.append({ db: DB, docs: [['c/a', doc('c/a', 1, 10)]] }),
      p1.append({ db: DB, docs: [['c/b', doc('c/b', 2, 11)]] }),
    ]);
    await p1.append({ db: DB, docs: [['c/a', undefined]] });
    // Simulate a crash in the middle of writing a record: a header promising more bytes than were written.
    const header = Buffer.alloc(8);
    header.writeUInt32LE(1000, 0);
    fs.appendFileSync(path.join(dir, 'firestore.log'), Buffer.concat([header, Buffer.from('{"db":')]));

    const store = new Store();
    new Persistence(dir).open(store);
    const db = store.db(DB);
    expect(db.get('c/a')).toBeUndefined();
    expect(db.get('c/b')?.fields.v.integerValue).toBe('2');
    expect(Buffer.from(db.get('c/b')!.fields.b.bytesValue!)).toEqual(Buffer.from([1, 2]));
    expect(db.get('c/b')?.updateTime).toBe(11);
    // New commit times continue after the persisted ones.
    expect(store.nextTime()).toBeGreaterThan(11);
  });

  it('a clear record empties the database; a clean close compacts into the snapshot', async () => {
    const dir = tmpDir();
    const store = new Store();
    const p = new Persistence(dir);
    p.open(store);
    store.db(DB).set('c/a', doc('c/a', 1, 5));
    await p.append({ db: DB, docs: [['c/a', store.db(DB).get('c/a')]] });
    await p.append({ db: DB, clear: true });
    store.db(DB).clear();
    store.db(DB).set('c/z', doc('c/z', 3, 6));
    await p.append({ db: DB, docs: [['c/z', store.db(DB).get('c/z')]] });
    await p.close(store);
    expect(fs.statSync(path.join(dir, 'firestore.log')).size).toBe(0);

    const again = new Store();
    new Persistence(dir).open(again);
    expect([...again.db(DB).allDocs()].map((d) => d.path)).toEqual(['c/z']);
  });

  it('folds a large log into the snapshot while running', async () => {
    const dir = tmpDir();
    const store = new Store();
    const p = new Persistence(dir);
    p.open(store);
    const limit = Persistence.compactAfterBytes;
    Persistence.compactAfterBytes = 1000;
    try {
      for (let i = 0; i < 20; i++) {
        const d = doc(`c/d${i}`, i, 100 + i);
        store.db(DB).set(d.path, d);
        await p.append({ db: DB, docs: [[d.path, d]] });
      }
    } finally {
      Persistence.compactAfterBytes = limit;
    }
    // Folded once past the threshold and the snapshot's size.
    const snapshot = fs.statSync(path.join(dir, 'firestore.snapshot')).size;
    expect(fs.statSync(path.join(dir, 'firestore.log')).size).toBeLessThanOrEqual(Math.max(1000, snapshot));
    expect(snapshot).toBeGreaterThan(0);
    const again = new Store();
    new Persistence(dir).open(again);
    expect([...again.db(DB).allDocs()]).toHaveLength(20);
  });

  it('lets the log grow to the snapshot’s size before folding it (a large database is not rewritten often)', async () => {
    const dir = tmpDir();
    const first = new Store();
    for (let i = 0; i < 50; i++) first.db(DB).set(`c/d${i}`, doc(`c/d${i}`, i, 100 + i));
    const p0 = new Persistence(dir);
    p0.open(first);
    await p0.close(first);
    const snapshot = fs.statSync(path.join(dir, 'firestore.snapshot')).size;
    const store = new Store();
    const p = new Persistence(dir);
    p.open(store);
    const limit = Persistence.compactAfterBytes;
    Persistence.compactAfterBytes = 100;
    const logSize = () => fs.statSync(path.join(dir, 'firestore.log')).size;
    try {
      const write = async (i: number) => {
        const d = doc(`c/n${i}`, i, 200 + i);
        store.db(DB).set(d.path, d);
        await p.append({ db: DB, docs: [[d.path, d]] });
      };
      let i = 0;
      // Past the fixed threshold, below the snapshot's size: still one log.
      while (logSize() <= 100) await write(i++);
      expect(logSize()).toBeLessThan(snapshot);
      // Folded only once it would outgrow the snapshot (a fold at the fixed threshold would leave it near 100).
      let grew = logSize();
      while (logSize() >= grew) {
        grew = logSize();
        await write(i++);
      }
      expect(grew).toBeGreaterThan(snapshot / 2);
      expect(logSize()).toBe(0);
    } finally {
      Persistence.compactAfterBytes = limit;
    }
    const again = new Store();
    new Persistence(dir).open(again);
    expect([...again.db(DB).allDocs()].length).toBeGreaterThan(50);
  });
});
