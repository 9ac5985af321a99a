// The benchmark's figure of writes with active listeners (`npm run bench -w emulator -- --listeners-only` runs only
// it): the listeners run in a worker thread, which loads this file.
import { randomUUID } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deleteApp } from 'firebase-admin/app';
import { Timestamp } from 'firebase-admin/firestore';
import { apps, f0, f1, openDb, percentile, WARMUP_RUNS } from './common.js';

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
export async function listenerSlowdown(host: string): Promise<void> {
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

if (!isMainThread) await listenerWorker(workerData.host, workerData.sets);
