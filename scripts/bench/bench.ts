// `npm run bench`: latency of the studies callables over HTTP through the Functions emulator, at 1 000, 10 000 and
// 100 000 studies (filled in this process through the studies service), sequential and as 50 parallel calls, with the
// p95 of list, search and filter at each size and its ratio to the first; the memory each fill adds (per 100 000
// documents); the dashboard and the export of every reference at 100 000 references (workflow.ts); and the memory of
// the whole stack. Prints figures beside the targets and never fails on them: timings depend on the machine and on what
// else runs on it. Options: --sizes 1000,10000,100000 (studies, ascending; the ratios are to the first), --calls 500
// and --warmup 10 (per measurement; the HTTP list calls take turns, timed by a caller process, caller.ts; then the
// in-process ones), --references 100000 (0 skips the workflow part). Filling to 100 000 studies is most of the run's
// time (each study is written with its audit entry, into every index the emulator keeps); the fill prints its rate.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseArgs } from 'node:util';
import { auth, db } from '@trialdesk/functions/common/firebase';
import { authorise, type Caller } from '@trialdesk/functions/common/auth';
import { createStudy, listStudies, STUDIES } from '@trialdesk/functions/studies/service';
import {
  SPECIALTIES,
  STUDY_STATUSES,
  studyCreateSchema,
  studyListSchema,
  type CallableRequest,
} from '@trialdesk/shared';
import { mapLimit, signedInClient } from '../client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed-data.js';
import { seed, useStackForAdmin } from '../seed.js';
import { FUNCTION_WORKERS, processTreeMemory, startStack, type TreeMemory } from '../stack.js';
import type { CallerMessage } from './caller.js';
import { percentile, timeTogether, type Figure } from './timing.js';
import { benchWorkflow, printWorkflow } from './workflow.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    calls: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '10' },
    references: { type: 'string', default: '100000' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const CALLS = Number(values.calls);
const WARMUP = Number(values.warmup);
/** Unmeasured rounds of every list call after each fill. */
const SETTLE_ROUNDS = 100;
/** Studies written at once while filling the database (in process, through the service's own create). */
const FILL_CONCURRENCY = 24;
const FILL_PROGRESS = 10_000;
/** Calls fired at once in the load measurement, and the memory target of the stack meanwhile and after. */
const PARALLEL_CALLS = 50;
/** The stack's memory target during the parallel calls, set for 10 000 studies (at 100 000 the data alone adds more). */
const MEMORY_TARGET_BYTES = 3e9;
const MEMORY_TARGET_SIZE = 10_000;
const MEMORY_SAMPLE_MS = 250;
/** Targets of list, search and filter over HTTP at the largest size: p95, and p95 over the p95 at the first size. */
const P95_TARGET_MS = 50;
const RATIO_TARGET = 1.2;
/** The wait before the memory "after": the stack ends surplus function workers once calls have stopped a while. */
const SETTLE_MS = FUNCTION_WORKERS.quietMs + 5_000;

// Titles from word pools: a search for a common prefix ("card") matches a realistic share of the studies.
const TOPICS = [
  'Cardiac',
  'Cardiovascular',
  'Renal',
  'Hepatic',
  'Pulmonary',
  'Neurological',
  'Oncologic',
  'Metabolic',
  'Pediatric',
  'Geriatric',
  'Dermatologic',
  'Ocular',
];
const SUBJECTS = [
  'Rehabilitation',
  'Outcomes',
  'Screening',
  'Prevention',
  'Immunotherapy',
  'Imaging',
  'Surgery',
  'Biomarkers',
  'Telemonitoring',
  'Nutrition',
];
const DESIGNS = [
  'Randomized Trial',
  'Cohort Study',
  'Registry',
  'Pilot Study',
  'Phase II Trial',
  'Phase III Trial',
  'Pragmatic Trial',
];
const PLACES = [
  'in Québec',
  'in Older Adults',
  'in Children',
  'After Surgery',
  'in Primary Care',
  'in Rural Regions',
  'at Home',
];

function studyInput(n: number): CallableRequest<'studies-create'> {
  const pick = <T>(list: readonly T[], salt: number) => list[Math.floor(n / salt) % list.length];
  return {
    title: `${pick(TOPICS, 1)} ${pick(SUBJECTS, 7)} ${pick(DESIGNS, 3)} ${pick(PLACES, 11)} #${n}`,
    specialty: pick(SPECIALTIES, 5),
    status: pick(STUDY_STATUSES, 13),
    conditions: [`Condition ${n % 97}`],
    startDate: `20${20 + (n % 6)}-0${1 + (n % 9)}-15`,
    summary: 'Benchmark study: plausible length of a summary written by a study coordinator.'.repeat(3),
    inclusionCriteria: '- Adults 18 years or older\n- Informed consent',
    exclusionCriteria: '- Pregnancy',
  };
}

/** Times `CALLS` sequential runs after `WARMUP` unmeasured ones (the emulator starts a worker per function). */
async function time(run: () => Promise<unknown>): Promise<Figure> {
  return (await timeTogether({ run }, CALLS, WARMUP)).run;
}

/** The caller process, once started: a client of the stack, so not counted in its memory. */
let callerPid: number | undefined;
const stackMemory = () => processTreeMemory(process.pid, callerPid === undefined ? [] : [callerPid]);

/**
 * Starts the caller process (caller.ts), which times HTTP calls from outside this process: here they would share
 * the emulator's heap, and the young-generation collections of the client libraries' garbage (a 2.9 GB heap makes
 * each one slower) would pause the emulator in the middle of the calls being timed.
 */
function startCaller() {
  const child = fork(fileURLToPath(new URL('./caller.ts', import.meta.url)));
  callerPid = child.pid;
  let pending: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  child.on('message', (reply: { result?: unknown; error?: string }) => {
    const waiting = pending;
    pending = null;
    if (reply.error !== undefined) waiting?.reject(new Error(`caller: ${reply.error}`));
    else waiting?.resolve(reply.result);
  });
  child.on('exit', (code) => pending?.reject(new Error(`caller exited with ${code}`)));
  return {
    /** One request at a time: the caller answers each before the next is sent. */
    send<T>(message: CallerMessage): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending = { resolve: resolve as (value: unknown) => void, reject };
        child.send(message);
      });
    },
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}

interface Burst extends Figure {
  answered: number;
  wallMs: number;
  errors: string[];
}

/** Fires `PARALLEL_CALLS` runs at once; latencies of the answered ones. */
async function burst(run: () => Promise<unknown>): Promise<Burst> {
  const times: number[] = [];
  const errors = new Set<string>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL_CALLS }, async () => {
      const sent = performance.now();
      try {
        await run();
        times.push(performance.now() - sent);
      } catch (error) {
        errors.add(String((error as { code?: unknown }).code ?? error));
      }
    }),
  );
  const wallMs = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (p: number) => (times.length > 0 ? percentile(times, p) : NaN);
  return { answered: times.length, wallMs, p50: at(50), p95: at(95), errors: [...errors] };
}

/**
 * Samples the memory of this process's tree, which is the whole stack: this process is its launcher (with the
 * built-in Firestore emulator), firebase-tools and its function workers are below it.
 */
function watchMemory() {
  let runPeak: TreeMemory | null = null;
  let windowPeak: TreeMemory | null = null;
  let stopped = false;
  const higher = (a: TreeMemory | null, b: TreeMemory) => (a && a.bytes >= b.bytes ? a : b);
  const loop = (async () => {
    while (!stopped) {
      const memory = stackMemory();
      if (!memory) return;
      runPeak = higher(runPeak, memory);
      windowPeak = higher(windowPeak, memory);
      await new Promise((done) => setTimeout(done, MEMORY_SAMPLE_MS));
    }
  })();
  return {
    /** The highest sample since the previous call (or the start). */
    windowPeak() {
      const peak = windowPeak;
      windowPeak = null;
      return peak;
    },
    async stop() {
      stopped = true;
      await loop;
      return runPeak;
    },
  };
}

const gb = (memory: TreeMemory | null) =>
  memory
    ? `${(memory.bytes / 1e9).toFixed(2)} GB (${memory.processes} processes, ${memory.workers} function workers)`
    : 'n/a (no /proc)';

// The memory figures are read after a full collection, so they measure what the documents hold rather than garbage
// the collector has not reached yet; V8 offers it to code only behind this flag.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface MemoryReading {
  /** Documents in the database (every root collection: the studies, their audit entries, the seeded records). */
  documents: number;
  /** RSS of this process, the launcher, which holds the built-in Firestore emulator and so every document. */
  rss: number;
  /** Its V8 heap in use. */
  heap: number;
  stack: TreeMemory | null;
}

async function readMemory(): Promise<MemoryReading> {
  const counts = await Promise.all(
    (await db().listCollections()).map(async (c) => (await c.count().get()).data().count),
  );
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { documents: counts.reduce((a, b) => a + b, 0), rss, heap: heapUsed, stack: stackMemory() };
}

interface Fill {
  studies: number;
  written: number;
  seconds: number;
  before: MemoryReading;
  after: MemoryReading;
}

async function fillTo(target: number, caller: Caller, next: { n: number }): Promise<Fill> {
  const count = (await db().collection(STUDIES).count().get()).data().count;
  const missing = Math.max(0, target - count);
  const before = await readMemory();
  const started = performance.now();
  let written = 0;
  await mapLimit(
    Array.from({ length: missing }, () => next.n++),
    FILL_CONCURRENCY,
    async (n) => {
      await createStudy(studyCreateSchema.parse(studyInput(n)), caller);
      // A long fill says how far it is.
      if (++written % FILL_PROGRESS === 0) {
        const rate = written / ((performance.now() - started) / 1000);
        console.log(`  ${written}/${missing} studies written (${Math.round(rate)}/s so far)`);
      }
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (missing > 0)
    console.log(`  wrote ${missing} studies in ${seconds.toFixed(1)} s (${Math.round(missing / seconds)}/s)`);
  const after = await readMemory();
  const studies = (await db().collection(STUDIES).count().get()).data().count;
  return { studies, written: missing, seconds, before, after };
}

function printFills(fills: Fill[]): void {
  const g = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
  console.log(
    '\nMemory each fill added (after a full garbage collection; RSS and V8 heap of this launcher, which holds the ' +
      'Firestore emulator; documents: the studies, one audit entry each, and the seeded records):',
  );
  let from = 0;
  for (const f of fills) {
    const added = f.after.documents - f.before.documents;
    const per = (a: number, b: number) => (added > 0 ? g(((b - a) / added) * 1e5) : '-');
    const stack =
      f.before.stack && f.after.stack ? `, stack ${g(f.before.stack.bytes)} -> ${g(f.after.stack.bytes)}` : '';
    console.log(
      `  ${from} -> ${f.studies} studies: +${added} documents in ${f.seconds.toFixed(1)} s ` +
        `(${f.seconds > 0 ? Math.round(f.written / f.seconds) : 0} studies/s); launcher RSS ${g(f.before.rss)} -> ` +
        `${g(f.after.rss)}, heap ${g(f.before.heap)} -> ${g(f.after.heap)}${stack}; per 100 000 documents: ` +
        `RSS +${per(f.before.rss, f.after.rss)}, heap +${per(f.before.heap, f.after.heap)}`,
    );
    from = f.studies;
  }
}

const LIST_OPERATIONS = ['list page 1', 'search "card"', 'status Recruiting', 'page 50'] as const;
type ListOperation = (typeof LIST_OPERATIONS)[number];
const OPERATIONS = [
  ...LIST_OPERATIONS,
  'create',
  'update',
  ...LIST_OPERATIONS.map((op) => `${op} (service only)` as const),
  'current standing (service only)',
] as const;
type Operation = (typeof OPERATIONS)[number];
/** What the targets apply to: list, search and the status filter over HTTP. */
const TARGETED: readonly Operation[] = ['list page 1', 'search "card"', 'status Recruiting'];

async function main(): Promise<void> {
  console.log('Starting the stack on free ports (memory Firestore)...');
  const stack = await startStack({ ports: 'free', hosting: false });
  const memory = watchMemory();
  let callerProcess: ReturnType<typeof startCaller> | null = null;
  try {
    await seed(stack, { records: false });
    await useStackForAdmin(stack);
    const adminEmail = DEMO_ACCOUNTS[0].email;
    const account = await auth().getUserByEmail(adminEmail);
    const caller: Caller = { uid: account.uid, email: adminEmail, role: 'Admin', approved: true, authTime: null };
    // The token of a session begun now, as the Functions runtime hands it to a callable.
    const session = {
      uid: account.uid,
      rawToken: '',
      token: {
        uid: account.uid,
        email: adminEmail,
        role: 'Admin',
        isRoleApproved: true,
        auth_time: Math.floor(Date.now() / 1000),
      },
    } as unknown as Parameters<typeof authorise>[0];
    const client = await signedInClient(stack.urls, stack.projectId, adminEmail, DEMO_PASSWORD);
    callerProcess = startCaller();
    await callerProcess.send({
      kind: 'sign-in',
      urls: stack.urls,
      projectId: stack.projectId,
      email: adminEmail,
      password: DEMO_PASSWORD,
    });
    const next = { n: 0 };
    const results = new Map<number, Record<Operation, Figure>>();
    const bursts = new Map<number, Burst>();
    const burstPeaks = new Map<number, TreeMemory | null>();
    const actual = new Map<number, number>();
    const fills: Fill[] = [];

    for (const size of SIZES) {
      console.log(`Filling to ${size} studies...`);
      const fill = await fillTo(size, caller, next);
      fills.push(fill);
      actual.set(size, fill.studies);
      console.log(`Measuring at ${actual.get(size)} studies (${CALLS} calls each, ${WARMUP} warm-up)...`);
      const queries: Record<ListOperation, Partial<CallableRequest<'studies-list'>>> = {
        'list page 1': {},
        'search "card"': { search: 'card' },
        'status Recruiting': { status: 'Recruiting' },
        'page 50': { page: 50 },
      };
      const requests = {} as Record<ListOperation, CallableRequest<'studies-list'>>;
      const inProcess = {} as Record<Operation, () => Promise<unknown>>;
      for (const [op, extra] of Object.entries(queries) as [ListOperation, object][]) {
        const request = { page: 1, pageSize: 20, ...extra } as CallableRequest<'studies-list'>;
        requests[op] = request;
        // The same service call in this process, straight to the Firestore emulator: the share of the database.
        inProcess[`${op} (service only)`] = () => listStudies(studyListSchema.parse(request));
      }
      // Settle after the fill before timing anything: the emulator (in this process) builds the indexes of each
      // query shape on first use, and the fill's garbage is collected while these unmeasured calls run.
      await callerProcess.send({ kind: 'time', requests, calls: SETTLE_ROUNDS, warmup: 0 });
      const overHttp = await callerProcess.send<Record<ListOperation, Figure>>({
        kind: 'time',
        requests,
        calls: CALLS,
        warmup: WARMUP,
      });
      // Not at the same time: the service calls' own garbage is collected in this process, the emulator's.
      const figures = { ...overHttp, ...(await timeTogether(inProcess, CALLS, WARMUP)) } as Record<Operation, Figure>;
      // What every call pays to authorise against the caller's current standing: the Auth account and the users
      // record, read in parallel (docs/security.md).
      figures['current standing (service only)'] = await time(() => authorise(session, 'staff'));
      // The studies the create measurement makes are then updated, each at the version last returned.
      const created: { id: string; version: number }[] = [];
      figures.create = await time(async () => created.push(await client.call('studies-create', studyInput(next.n++))));
      let u = 0;
      figures.update = await time(() => {
        const target = created[u++ % created.length];
        const status = u % 2 ? 'Completed' : 'Recruiting';
        return client.call('studies-update', { id: target.id, version: target.version++, status });
      });
      results.set(size, figures);
      memory.windowPeak();
      bursts.set(size, await burst(() => client.call('studies-list', { page: 1, pageSize: 20 })));
      burstPeaks.set(size, memory.windowPeak());
    }
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    const settled = stackMemory();
    // After the studies' figures: its 100 000 references are the workflow's own load on the stack's memory.
    const workflow =
      Number(values.references) > 0 ? await benchWorkflow(client, caller, Number(values.references), time) : null;
    const withReferences = workflow ? stackMemory() : null;
    const runPeak = await memory.stop();

    const first = results.get(SIZES[0])!;
    const last = SIZES[SIZES.length - 1];
    const header = [
      'operation',
      ...SIZES.flatMap((s) => [`p50 @${actual.get(s)}`, `p95 @${actual.get(s)}`]),
      `target (p95 at @${actual.get(last)}, ratio to @${actual.get(SIZES[0])})`,
    ];
    const rows = OPERATIONS.map((op) => {
      const cells = SIZES.flatMap((s) =>
        [results.get(s)![op].p50, results.get(s)![op].p95].map((ms) => `${ms.toFixed(1)} ms`),
      );
      let target = '-';
      if (TARGETED.includes(op)) {
        const p95 = results.get(last)![op].p95;
        const ratio = p95 / first[op].p95;
        const ok = p95 < P95_TARGET_MS && ratio < RATIO_TARGET;
        target = `< ${P95_TARGET_MS} ms and < ${RATIO_TARGET}x: ${p95.toFixed(1)} ms, ${ratio.toFixed(2)}x ${ok ? 'met' : 'MISSED'}`;
      }
      return [op, ...cells, target];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${rows.map(line).join('\n')}`);
    console.log(
      '\nHTTP through the Functions emulator, sequential calls as an approved Admin, pageSize 20. "(service only)": ' +
        'the same list service called in this process against the built-in Firestore emulator (no HTTP, no worker). ' +
        '"current standing": what every callable adds to authorise (the Auth account and the users record, read ' +
        'in parallel).',
    );

    console.log(
      `\nList, search and filter over HTTP, p95 at each size and its ratio to the p95 at ${actual.get(SIZES[0])}:`,
    );
    for (const op of TARGETED) {
      const cells = SIZES.map((s) => {
        const p95 = results.get(s)![op].p95;
        return `@${actual.get(s)} ${p95.toFixed(1)} ms (${(p95 / first[op].p95).toFixed(2)}x)`;
      });
      console.log(`  ${op.padEnd(widths[0])}  ${cells.join(' | ')}`);
    }
    printFills(fills);

    console.log(`\n${PARALLEL_CALLS} parallel studies-list calls (list page 1) through the stack, at each size:`);
    for (const size of SIZES) {
      const b = bursts.get(size)!;
      const errors = b.errors.length > 0 ? `, errors: ${b.errors.join(', ')}` : '';
      console.log(
        `  @${actual.get(size)}: ${b.answered}/${PARALLEL_CALLS} answered in ${(b.wallMs / 1000).toFixed(1)} s, ` +
          `p50 ${b.p50.toFixed(0)} ms, p95 ${b.p95.toFixed(0)} ms${errors}`,
      );
    }
    if (workflow) {
      printWorkflow(workflow);
      console.log(`  stack memory afterwards, holding them: ${gb(withReferences)}`);
    }
    const targetPeak = burstPeaks.get(MEMORY_TARGET_SIZE);
    const met = targetPeak ? (targetPeak.bytes < MEMORY_TARGET_BYTES ? 'met' : 'MISSED') : 'not measured';
    console.log(
      'Stack memory (RSS of this launcher, firebase-tools and the function workers, ' +
        `sampled every ${MEMORY_SAMPLE_MS} ms):\n` +
        SIZES.map(
          (size) => `  peak during the parallel calls @${actual.get(size)}: ${gb(burstPeaks.get(size)!)}\n`,
        ).join('') +
        `  ${SETTLE_MS / 1000} s after the last: ${gb(settled)}\n` +
        `  peak over the whole run (the fills included): ${gb(runPeak)}\n` +
        `  target < ${MEMORY_TARGET_BYTES / 1e9} GB during the parallel calls @${MEMORY_TARGET_SIZE}: ${met}`,
    );
    await client.close();
  } finally {
    callerProcess?.stop();
    await memory.stop();
    await stack.stop();
  }
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
