// Benchmark of the built-in Firestore emulator through firebase-admin: `npm run bench -w emulator` (with
// `-- --listeners-only`, only the figure of writes with active listeners). Prints figures and targets; it asserts
// nothing. The emulator runs in this process (startEmulator), so every latency includes the client's own work on the
// same thread, as in the functions workspace's tests (the listeners of the last figure run in a worker thread).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type CollectionReference, type Firestore } from 'firebase-admin/firestore';
import { startEmulator } from '../src/firestore/index.js';

const SIZES = [1_000, 10_000, 100_000];
const STATUSES = ['draft', 'active', 'closed', 'archived'] as const;
const QUERY_RUNS = 200;
const WARMUP_RUNS = 20;
const SEQUENTIAL_COMMITS = 300;
const CONCURRENT_WRITERS = 16;
const CONCURRENT_COMMITS_EACH = 40;
const TARGET_P95_MS = 25;

const apps: App[] = [];

function openDb(host: string, projectId: string): Firestore {
  const app = initializeApp({ projectId }, `${projectId}-${randomUUID()}`);
  apps.push(app);
  // The SDK reads FIRESTORE_EMULATOR_HOST when the instance is built.
  process.env.FIRESTORE_EMULATOR_HOST = host;
  return getFirestore(app);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

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
  const base = Date.UTC(2024, 0, 1);
  for (let from = 0; from < size; from += 500) {
    const batch = db.batch();
    for (let i = from; i < Math.min(size, from + 500); i++) {
      batch.set(col.doc(`doc${String(i).padStart(6, '0')}`), {
        status: STATUSES[i % STATUSES.length],
        title: `Study ${i} of the benchmark`,
        createdAt: Timestamp.fromMillis(base + i * 60_000),
        n: (i * 7919) % 1000,
      });
    }
    await batch.commit();
  }
  return size / ((performance.now() - started) / 1000);
}

async function commitsPerSecond(col: CollectionReference): Promise<{ sequential: number; concurrent: number }> {
  let started = performance.now();
  for (let i = 0; i < SEQUENTIAL_COMMITS; i++) {
    await col.doc(`seq-${i}`).set({ status: 'draft', title: 'sequential', createdAt: Timestamp.now(), n: i });
  }
  const sequential = SEQUENTIAL_COMMITS / ((performance.now() - started) / 1000);
  started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_WRITERS }, async (_, w) => {
      for (let i = 0; i < CONCURRENT_COMMITS_EACH; i++) {
        await col.doc(`con-${w}-${i}`).set({ status: 'active', title: 'concurrent', createdAt: Timestamp.now(), n: i });
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
  query: { p50: number; p95: number };
  count: { p50: number; p95: number };
}

const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => n.toFixed(0);

function printTable(rows: Row[]): void {
  const header = [
    'docs',
    'seed docs/s',
    'commits/s seq (mem)',
    'commits/s x16 (mem)',
    'commits/s seq (disk)',
    'commits/s x16 (disk)',
    'query p50 ms',
    'query p95 ms',
    'count p50 ms',
    'count p95 ms',
  ];
  const lines = rows.map((r) => [
    String(r.size),
    f0(r.seedPerSec),
    f0(r.memSeq),
    f0(r.memCon),
    f0(r.diskSeq),
    f0(r.diskCon),
    f1(r.query.p50),
    f1(r.query.p95),
    f1(r.count.p50),
    f1(r.count.p95),
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
}

/** Listeners of the write-slowdown figure: how many, and how many of them match every write. */
const LISTENER_SETS = [
  { count: 0, matching: 0 },
  { count: 100, matching: 10 },
  { count: 1_000, matching: 10 },
  { count: 1_000, matching: 0 },
];
/** Commits per configuration: rounds of a few commits each, the configurations taking turns. */
const LISTENER_ROUNDS = 20;
const LISTENER_COMMITS_PER_ROUND = 20;
/**
 * Targets: slowdown with 1 000 listeners none of which a write concerns; with 10 of them matching every write (each
 * such write sends 10 streams a change and a snapshot marker); and from 100 to 1 000 listeners with the same 10
 * matching, which shows that the cost follows the listeners a write concerns, not how many there are.
 */
const TARGET_IDLE_SLOWDOWN = 1.5;
const TARGET_MATCHING_SLOWDOWN = 3;
const TARGET_GROWTH = 1.3;

interface ListenerSet {
  projectId: string;
  count: number;
  matching: number;
}

/**
 * The listeners of the write-slowdown figure, in a worker thread as a separate client would be: for each set,
 * `count` query listeners of which `matching` match every write to `items` (half with orderBy + limit), half of the
 * rest watch `items` with a filter no write matches and the other half watch other collections. Posts
 * 'ready' once every listener had its first snapshot; answers 'stop' with how many of each set's listeners saw
 * changes.
 */
async function listenerWorker(host: string, sets: ListenerSet[]): Promise<void> {
  const port = parentPort!;
  let initial = 0;
  const unsubs: (() => void)[] = [];
  const seen = sets.map(() => new Set<number>());
  sets.forEach(({ projectId, count, matching }, s) => {
    const db = openDb(host, projectId);
    for (let i = 0; i < count; i++) {
      const items = db.collection('items');
      const q =
        i < matching
          ? i % 2 === 0
            ? items.where('status', '==', 'draft')
            : items.where('status', '==', 'draft').orderBy('n', 'desc').limit(20)
          : i % 2 === 0
            ? items.where('status', '==', `other-${i}`)
            : db.collection(`other-${i}`).where('status', '==', 'draft');
      let first = true;
      unsubs.push(
        q.onSnapshot((snap) => {
          if (first) {
            first = false;
            if (++initial === sets.reduce((a, b) => a + b.count, 0)) port.postMessage('ready');
          } else if (snap.docChanges().some((c) => c.doc.get('status') === 'draft')) seen[s].add(i);
        }),
      );
    }
  });
  if (sets.every((x) => x.count === 0)) port.postMessage('ready');
  port.on('message', async (m) => {
    if (m !== 'stop') return;
    // Changes may still be on their way: give the listeners a moment.
    await new Promise((r) => setTimeout(r, 500));
    for (const u of unsubs) u();
    await Promise.all(apps.map((app) => deleteApp(app)));
    port.postMessage(seen.map((x) => x.size));
    port.close();
  });
}

/**
 * Sequential commits into databases with 0, 100 and 1 000 active query listeners (firebase-admin onSnapshot in a
 * worker thread, so that their client-side work does not run on the emulator's thread). All listeners stay open
 * throughout and the configurations take turns, round after round, so load from elsewhere on the machine affects
 * them alike; a configuration's throughput is the median of its rounds'.
 */
async function listenerSlowdown(host: string): Promise<void> {
  const total = LISTENER_ROUNDS * LISTENER_COMMITS_PER_ROUND;
  console.log(
    `\nWrites with active listeners: ${total} sequential sets per configuration (${LISTENER_ROUNDS} alternating rounds ` +
      `of ${LISTENER_COMMITS_PER_ROUND}); the listeners run in a worker thread.`,
  );
  const sets = LISTENER_SETS.map((x) => ({ ...x, projectId: `bench-listen-${x.count}-${randomUUID().slice(0, 8)}` }));
  // A worker does not inherit tsx's loader: it registers it, then loads this file.
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(boot, { eval: true, workerData: { host, sets } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const configs = sets.map((x) => ({
    ...x,
    col: openDb(host, x.projectId).collection('items'),
    samples: [] as number[],
    rounds: [] as number[],
  }));
  for (const c of configs)
    for (let i = 0; i < WARMUP_RUNS; i++) await c.col.doc(`warm-${i}`).set({ status: 'warm', n: -i });
  for (let round = 0; round < LISTENER_ROUNDS; round++) {
    for (const c of configs) {
      const started = performance.now();
      for (let i = 0; i < LISTENER_COMMITS_PER_ROUND; i++) {
        const t = performance.now();
        await c.col.doc(`w-${round}-${i}`).set({ status: 'draft', n: round * 1000 + i, createdAt: Timestamp.now() });
        c.samples.push(performance.now() - t);
      }
      c.rounds.push(LISTENER_COMMITS_PER_ROUND / ((performance.now() - started) / 1000));
    }
  }
  const seen = await new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage('stop');
  });
  await worker.terminate();
  // Every matching listener must have seen the writes, or the figure would measure nothing.
  configs.forEach((c, i) => {
    if (seen[i] !== c.matching) throw new Error(`${seen[i]} of the ${c.matching} matching listeners saw the writes`);
  });

  const rows = configs.map((c) => {
    const sorted = [...c.samples].sort((a, b) => a - b);
    const rounds = [...c.rounds].sort((a, b) => a - b);
    return { ...c, perSec: percentile(rounds, 50), p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  const base = rows[0];
  const slowdown = (r: (typeof rows)[number]) => base.perSec / r.perSec;
  console.log('listeners | matching | commits/s | p50 ms | p95 ms | slowdown (commits/s vs 0 listeners)');
  for (const r of rows) {
    console.log(
      `${String(r.count).padStart(9)} | ${String(r.matching).padStart(8)} | ${f0(r.perSec).padStart(9)} | ` +
        `${f1(r.p50).padStart(6)} | ${f1(r.p95).padStart(6)} | x${slowdown(r).toFixed(2)}`,
    );
  }
  const verdict = (x: number, target: number) =>
    `x${x.toFixed(2)} (${x < target ? 'meets' : 'MISSES'} the target of ${target}x)`;
  const idle = rows.find((r) => r.count === 1_000 && r.matching === 0)!;
  const busy = rows.find((r) => r.count === 1_000 && r.matching > 0)!;
  const fewer = rows.find((r) => r.count === 100 && r.matching === busy.matching)!;
  console.log(`Targets: 1 000 listeners, none matching: ${verdict(slowdown(idle), TARGET_IDLE_SLOWDOWN)}`);
  console.log(
    `         1 000 listeners, ${busy.matching} matching every write: ${verdict(slowdown(busy), TARGET_MATCHING_SLOWDOWN)}`,
  );
  console.log(
    `         from 100 to 1 000 listeners, ${busy.matching} matching: ${verdict(fewer.perSec / busy.perSec, TARGET_GROWTH)}`,
  );
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
  const memory = await startEmulator({ port: 0, quiet: true });
  const disk = await startEmulator({ port: 0, dataDir, quiet: true });
  const memHost = `${memory.host}:${memory.port}`;
  const diskHost = `${disk.host}:${disk.port}`;
  console.log(`Firestore emulator benchmark: memory at ${memHost}, --data-dir at ${diskHost} (${dataDir})`);
  console.log(
    `Query: where('status','==',X).orderBy('createdAt','desc').limit(20).get(); count: where('status','==',X).count().get(); ` +
      `${QUERY_RUNS} timed runs after ${WARMUP_RUNS} warm-up runs each. Commits: ${SEQUENTIAL_COMMITS} sequential sets, ` +
      `${CONCURRENT_WRITERS} writers x ${CONCURRENT_COMMITS_EACH} sets.\n`,
  );
  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const projectId = `bench-${size}`;
      const memDb = openDb(memHost, projectId);
      const diskDb = openDb(diskHost, projectId);
      const memCol = memDb.collection('items');
      const diskCol = diskDb.collection('items');

      const seedPerSec = await seed(memDb, memCol, size);
      await seed(diskDb, diskCol, size);
      const mem = await commitsPerSecond(memCol);
      const dsk = await commitsPerSecond(diskCol);

      const statusAt = (i: number) => STATUSES[i % STATUSES.length];
      const query = await timeRuns(QUERY_RUNS, async (i) => {
        const snap = await memCol.where('status', '==', statusAt(i)).orderBy('createdAt', 'desc').limit(20).get();
        if (snap.size !== 20) throw new Error(`query returned ${snap.size} documents, expected 20`);
      });
      let counted = 0;
      const count = await timeRuns(QUERY_RUNS, async (i) => {
        counted = (await memCol.where('status', '==', statusAt(i)).count().get()).data().count;
      });
      rows.push({
        size,
        seedPerSec,
        memSeq: mem.sequential,
        memCon: mem.concurrent,
        diskSeq: dsk.sequential,
        diskCon: dsk.concurrent,
        query,
        count,
      });
      console.log(
        `${size} docs done (${((performance.now() - benchStarted) / 1000).toFixed(0)} s so far; last count() = ${counted})`,
      );
    }
    console.log('');
    printTable(rows);
    await listenerSlowdown(memHost);
    console.log(`\nTotal run time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await memory.stop();
    await disk.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await listenerWorker(workerData.host, workerData.sets);
