// Benchmark of the built-in Firestore emulator through firebase-admin: `npm run bench -w emulator` (with
// `-- --listeners-only`, only the figure of writes with active listeners). Prints figures and targets; it asserts
// nothing. It fills study-shaped documents (studies.ts) under the repository's firestore.indexes.json. The emulator runs in this process (startEmulator), so every latency includes the client's own work on the
// same thread, as in the functions workspace's tests (the listeners of the last figure run in a worker thread).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deleteApp } from 'firebase-admin/app';
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { startEmulator } from '../src/firestore/index.js';
import { apps, f0, f1, openDb, percentile, WARMUP_RUNS } from './common.js';
import { listenerSlowdown } from './listeners.js';
import { SEARCH_TERMS, STATUSES, studyDoc } from './studies.js';

const SIZES = [1_000, 10_000, 100_000];
const INDEXES_FILE = fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url));
/** The heap's bytes per document are measured after full collections (gc exposed at run time). */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const QUERY_RUNS = 200;
const SEQUENTIAL_COMMITS = 300;
const CONCURRENT_WRITERS = 16;
const CONCURRENT_COMMITS_EACH = 40;
const TARGET_P95_MS = 25;
const TARGET_BYTES_PER_DOC = 3_000;

async function timeRuns(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP_RUNS; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function seed(db: Firestore, col: CollectionReference, size: number): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < size; from += 500) {
    const batch = db.batch();
    for (let i = from; i < Math.min(size, from + 500); i++)
      batch.set(col.doc(`doc${String(i).padStart(6, '0')}`), studyDoc(i));
    await batch.commit();
  }
  return size / ((performance.now() - started) / 1000);
}

async function commitsPerSecond(col: CollectionReference): Promise<{ sequential: number; concurrent: number }> {
  let started = performance.now();
  for (let i = 0; i < SEQUENTIAL_COMMITS; i++) {
    await col.doc(`seq-${i}`).set(studyDoc(i));
  }
  const sequential = SEQUENTIAL_COMMITS / ((performance.now() - started) / 1000);
  started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_WRITERS }, async (_, w) => {
      for (let i = 0; i < CONCURRENT_COMMITS_EACH; i++) {
        await col.doc(`con-${w}-${i}`).set(studyDoc(w * CONCURRENT_COMMITS_EACH + i));
      }
    }),
  );
  const concurrent = (CONCURRENT_WRITERS * CONCURRENT_COMMITS_EACH) / ((performance.now() - started) / 1000);
  return { sequential, concurrent };
}

interface Row {
  size: number;
  seedPerSec: number;
  memSeq: number;
  memCon: number;
  diskSeq: number;
  diskCon: number;
  /** Heap (after full collections) the memory emulator's fill added, per document. */
  bytesPerDoc: number;
  query: { p50: number; p95: number };
  count: { p50: number; p95: number };
  /** The first array-contains query after the fill (builds what its index needs), then the timed ones. */
  firstSearch: number;
  search: { p50: number; p95: number };
}

function printTable(rows: Row[]): void {
  const header = [
    'docs',
    'seed docs/s',
    'commits/s seq (mem)',
    'commits/s x16 (mem)',
    'commits/s seq (disk)',
    'commits/s x16 (disk)',
    'heap B/doc',
    'query p50 ms',
    'query p95 ms',
    'count p50 ms',
    'count p95 ms',
    '1st search ms',
    'search p50 ms',
    'search p95 ms',
  ];
  const lines = rows.map((r) => [
    String(r.size),
    f0(r.seedPerSec),
    f0(r.memSeq),
    f0(r.memCon),
    f0(r.diskSeq),
    f0(r.diskCon),
    f0(r.bytesPerDoc),
    f1(r.query.p50),
    f1(r.query.p95),
    f1(r.count.p50),
    f1(r.count.p95),
    f1(r.firstSearch),
    f1(r.search.p50),
    f1(r.search.p95),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(' | ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-+-'));
  for (const l of lines) console.log(fmt(l));

  console.log('\nGrowth (ratio of each figure to the previous size):');
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    const ratio = (x: number, y: number) => `x${(y / x).toFixed(2)}`;
    console.log(
      `  ${a.size} -> ${b.size} docs: query p50 ${ratio(a.query.p50, b.query.p50)}, p95 ${ratio(a.query.p95, b.query.p95)}; ` +
        `count p50 ${ratio(a.count.p50, b.count.p50)}, p95 ${ratio(a.count.p95, b.count.p95)}; ` +
        `search p95 ${ratio(a.search.p95, b.search.p95)}; ` +
        `commits/s seq (mem) ${ratio(a.memSeq, b.memSeq)}, x16 (mem) ${ratio(a.memCon, b.memCon)}, ` +
        `seq (disk) ${ratio(a.diskSeq, b.diskSeq)}, x16 (disk) ${ratio(a.diskCon, b.diskCon)}`,
    );
  }
  const at10k = rows.find((r) => r.size === 10_000);
  if (at10k) {
    const verdict = (p95: number) => (p95 < TARGET_P95_MS ? 'meets' : 'MISSES');
    console.log(`\nTarget: p95 < ${TARGET_P95_MS} ms at 10 000 documents`);
    console.log(`  query p95 ${f1(at10k.query.p95)} ms (${verdict(at10k.query.p95)} the target)`);
    console.log(`  count p95 ${f1(at10k.count.p95)} ms (${verdict(at10k.count.p95)} the target)`);
  }
  const largest = rows[rows.length - 1];
  if (largest) {
    const verdict = largest.bytesPerDoc < TARGET_BYTES_PER_DOC ? 'meets' : 'MISSES';
    console.log(`Target: heap < ${TARGET_BYTES_PER_DOC} bytes per document at ${largest.size} documents`);
    console.log(`  ${f0(largest.bytesPerDoc)} bytes per document (${verdict} the target)`);
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--listeners-only')) {
    const emu = await startEmulator({ port: 0, quiet: true });
    try {
      await listenerSlowdown(`${emu.host}:${emu.port}`);
    } finally {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await emu.stop();
    }
    return;
  }
  const benchStarted = performance.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'fs-emu-bench-'));
  const memory = await startEmulator({ port: 0, quiet: true, indexesFile: INDEXES_FILE });
  const disk = await startEmulator({ port: 0, dataDir, quiet: true, indexesFile: INDEXES_FILE });
  const memHost = `${memory.host}:${memory.port}`;
  const diskHost = `${disk.host}:${disk.port}`;
  console.log(`Firestore emulator benchmark: memory at ${memHost}, --data-dir at ${diskHost} (${dataDir})`);
  console.log(
    `Studies under ${INDEXES_FILE}. Query: where('status','==',X).orderBy('updatedAt','desc').limit(20).get(); ` +
      `count: where('status','==',X).count().get(); search: where('searchTokens','array-contains',term)` +
      `.orderBy('updatedAt','desc').limit(20).get() over ${SEARCH_TERMS.length} terms; ` +
      `${QUERY_RUNS} timed runs after ${WARMUP_RUNS} warm-up runs each. Commits: ${SEQUENTIAL_COMMITS} sequential sets, ` +
      `${CONCURRENT_WRITERS} writers x ${CONCURRENT_COMMITS_EACH} sets.\n`,
  );
  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const projectId = `bench-${size}`;
      const memDb = openDb(memHost, projectId);
      const diskDb = openDb(diskHost, projectId);
      const memCol = memDb.collection('studies');
      const diskCol = diskDb.collection('studies');

      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      const seedPerSec = await seed(memDb, memCol, size);
      gc();
      const bytesPerDoc = (process.memoryUsage().heapUsed - heapBefore) / size;
      await seed(diskDb, diskCol, size);
      const mem = await commitsPerSecond(memCol);
      const dsk = await commitsPerSecond(diskCol);

      const statusAt = (i: number) => STATUSES[i % STATUSES.length];
      const query = await timeRuns(QUERY_RUNS, async (i) => {
        const snap = await memCol.where('status', '==', statusAt(i)).orderBy('updatedAt', 'desc').limit(20).get();
        if (snap.size !== 20) throw new Error(`query returned ${snap.size} documents, expected 20`);
      });
      let counted = 0;
      const count = await timeRuns(QUERY_RUNS, async (i) => {
        counted = (await memCol.where('status', '==', statusAt(i)).count().get()).data().count;
      });
      const searchOf = (term: string) =>
        memCol.where('searchTokens', 'array-contains', term).orderBy('updatedAt', 'desc').limit(20).get();
      const firstStarted = performance.now();
      await searchOf(SEARCH_TERMS[0]);
      const firstSearch = performance.now() - firstStarted;
      const search = await timeRuns(QUERY_RUNS, async (i) => {
        const snap = await searchOf(SEARCH_TERMS[i % SEARCH_TERMS.length]);
        if (snap.size !== 20) throw new Error(`search returned ${snap.size} documents, expected 20`);
      });
      rows.push({
        size,
        bytesPerDoc,
        firstSearch,
        search,
        seedPerSec,
        memSeq: mem.sequential,
        memCon: mem.concurrent,
        diskSeq: dsk.sequential,
        diskCon: dsk.concurrent,
        query,
        count,
      });
      const r = rows[rows.length - 1];
      console.log(
        `${size} docs done (${((performance.now() - benchStarted) / 1000).toFixed(0)} s so far; last count() = ${counted}): ` +
          `${f0(r.bytesPerDoc)} heap bytes/doc, query p95 ${f1(r.query.p95)} ms, count p95 ${f1(r.count.p95)} ms, ` +
          `first search ${f1(r.firstSearch)} ms, search p95 ${f1(r.search.p95)} ms`,
      );
    }
    console.log('');
    printTable(rows);
    // Its own emulator, without the indexes file: the listeners' queries are of no declared shape.
    const plain = await startEmulator({ port: 0, quiet: true });
    try {
      await listenerSlowdown(`${plain.host}:${plain.port}`);
    } finally {
      await plain.stop();
    }
    console.log(`\nTotal run time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await memory.stop();
    await disk.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
