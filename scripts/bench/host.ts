// One stack of the benchmark, at one size: this process is its launcher (with the built-in Firestore emulator), fills
// its studies through the studies service in process, and measures what is not timed over HTTP by the caller: the
// same list service in process, create, update, a referral (referrals-create), 50 parallel calls, the stack's memory,
// the clinical workflow.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { auth, db } from '@trialdesk/functions/common/firebase';
import { authorise, type Caller } from '@trialdesk/functions/common/auth';
import { createStudy, listStudies } from '@trialdesk/functions/studies/service';
import { studiesKind, studyCreateSchema, studyListSchema } from '@trialdesk/shared';
import { mapLimit, signedInClient, type Client } from '../client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed-data.js';
import { seed, useStackForAdmin } from '../seed.js';
import { processTreeMemory, startStack, type Stack, type StackUrls, type TreeMemory } from '../stack.js';
import { answerRequests } from './child.js';
import { prepareReferrals } from './referrals.js';
import { LIST_OPERATIONS, LIST_REQUESTS, studyInput, type HostOperation, type ListOperation } from './studies.js';
import { figureOf, timeTogether, type Figure } from './timing.js';
import { benchWorkflow, type WorkflowFigures } from './workflow.js';

export type HostRequest =
  | { kind: 'start'; memorySampleMs: number }
  | { kind: 'fill'; studies: number }
  | { kind: 'measure'; calls: number; warmup: number; parallel: number }
  | { kind: 'settled'; afterMs: number }
  | { kind: 'workflow'; references: number; calls: number; warmup: number }
  | { kind: 'stop' };

/** Studies written at once while filling the database (in process, through the service's own create). */
const FILL_CONCURRENCY = 24;
const FILL_PROGRESS = 10_000;

export interface MemoryReading {
  /** Documents in the database (every root collection: the studies, their audit entries, the seeded records). */
  documents: number;
  /** RSS of the launcher, which holds the built-in Firestore emulator and so every document. */
  rss: number;
  /** Its V8 heap in use. */
  heap: number;
  stack: TreeMemory | null;
}

export interface Fill {
  studies: number;
  written: number;
  seconds: number;
  before: MemoryReading;
  after: MemoryReading;
}

export interface Burst extends Figure {
  answered: number;
  wallMs: number;
  errors: string[];
}

export interface Measured {
  figures: Record<HostOperation, Figure>;
  burst: Burst;
  /** The stack's highest memory during the parallel calls. */
  burstPeak: TreeMemory | null;
}

/** The stack's memory: this process is its launcher; firebase-tools and its function workers are below it. */
const stackMemory = () => processTreeMemory();

/** Samples the stack's memory until stopped, keeping the highest sample of the run and of the current window. */
function watchMemory(sampleMs: number) {
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
      await new Promise((done) => setTimeout(done, sampleMs));
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

// The memory figures are read after a full collection, so they measure what the documents hold rather than garbage
// the collector has not reached yet; V8 offers it to code only behind this flag.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function readMemory(): Promise<MemoryReading> {
  const counts = await Promise.all(
    (await db().listCollections()).map(async (c) => (await c.count().get()).data().count),
  );
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { documents: counts.reduce((a, b) => a + b, 0), rss, heap: heapUsed, stack: stackMemory() };
}

const countStudies = async () => (await db().collection(studiesKind.collection).count().get()).data().count;

/** Times `calls` sequential runs after `warmup` unmeasured ones. */
async function time(run: () => Promise<unknown>, calls: number, warmup: number): Promise<Figure> {
  return (await timeTogether({ run }, calls, warmup)).run;
}

/** Fires `parallel` runs at once; latencies of the answered ones. */
async function burst(run: () => Promise<unknown>, parallel: number): Promise<Burst> {
  const times: number[] = [];
  const errors = new Set<string>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
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
  return { answered: times.length, wallMs, ...figureOf(times), errors: [...errors] };
}

interface Started {
  stack: Stack;
  memory: ReturnType<typeof watchMemory>;
  client: Client;
  caller: Caller;
  session: Parameters<typeof authorise>[0];
  /** The number of the next study written (its title and fields follow from it). */
  next: number;
}

let started: Started | null = null;

async function start(memorySampleMs: number): Promise<{ urls: StackUrls; projectId: string }> {
  const stack = await startStack({ ports: 'free', hosting: false });
  const memory = watchMemory(memorySampleMs);
  await seed(stack, { records: false });
  await useStackForAdmin(stack);
  const email = DEMO_ACCOUNTS[0].email;
  const account = await auth().getUserByEmail(email);
  const caller: Caller = { uid: account.uid, email, role: 'Admin', approved: true, authTime: null };
  // The token of a session begun now, as the Functions runtime hands it to a callable.
  const session = {
    uid: account.uid,
    rawToken: '',
    token: { uid: account.uid, email, role: 'Admin', isRoleApproved: true, auth_time: Math.floor(Date.now() / 1000) },
  } as unknown as Parameters<typeof authorise>[0];
  const client = await signedInClient(stack.urls, stack.projectId, email, DEMO_PASSWORD);
  started = { stack, memory, client, caller, session, next: 0 };
  return { urls: stack.urls, projectId: stack.projectId };
}

async function fillTo(s: Started, target: number): Promise<Fill> {
  const missing = Math.max(0, target - (await countStudies()));
  const before = await readMemory();
  const begun = performance.now();
  let written = 0;
  await mapLimit(
    Array.from({ length: missing }, () => s.next++),
    FILL_CONCURRENCY,
    async (n) => {
      await createStudy(studyCreateSchema.parse(studyInput(n)), s.caller);
      // A long fill says how far it is.
      if (++written % FILL_PROGRESS === 0) {
        const rate = written / ((performance.now() - begun) / 1000);
        console.log(`  ${written}/${missing} studies written (${Math.round(rate)}/s so far)`);
      }
    },
  );
  const seconds = (performance.now() - begun) / 1000;
  if (missing > 0)
    console.log(`  wrote ${missing} studies in ${seconds.toFixed(1)} s (${Math.round(missing / seconds)}/s)`);
  const after = await readMemory();
  return { studies: await countStudies(), written: missing, seconds, before, after };
}

async function measure(s: Started, calls: number, warmup: number, parallel: number): Promise<Measured> {
  // The same list service in this process, straight to the Firestore emulator: the share of the database.
  const inProcess = Object.fromEntries(
    LIST_OPERATIONS.map((op: ListOperation) => [
      `${op} (service only)`,
      () => listStudies(studyListSchema.parse(LIST_REQUESTS[op])),
    ]),
  );
  const figures = (await timeTogether(inProcess, calls, warmup)) as Record<HostOperation, Figure>;
  // What every call pays to authorise against the caller's current standing: the Auth account and the users
  // record, read in parallel (docs/security.md).
  figures['current standing (service only)'] = await time(() => authorise(s.session, 'staff'), calls, warmup);
  // The studies the create measurement makes are then updated, each at the version last returned.
  const created: { id: string; version: number }[] = [];
  figures.create = await time(
    async () => created.push(await s.client.call('studies-create', studyInput(s.next++))),
    calls,
    warmup,
  );
  let u = 0;
  figures.update = await time(
    () => {
      const target = created[u++ % created.length];
      const status = u % 2 ? 'Completed' : 'Recruiting';
      return s.client.call('studies-update', { id: target.id, version: target.version++, status });
    },
    calls,
    warmup,
  );
  // A referral as the portal makes it, as referrers who each stay within the day's limit.
  const referrals = await prepareReferrals(s.client, s.stack, calls + warmup, () => s.next++);
  try {
    figures['referrals-create'] = await referrals.measure((run) => time(run, calls, warmup));
  } finally {
    await referrals.close();
  }
  s.memory.windowPeak();
  const parallelCalls = await burst(() => s.client.call('studies-list', LIST_REQUESTS['list page 1']), parallel);
  return { figures, burst: parallelCalls, burstPeak: s.memory.windowPeak() };
}

answerRequests(async (request: HostRequest) => {
  if (request.kind === 'start') return start(request.memorySampleMs);
  const s = started;
  if (!s) throw new Error('host: start the stack first');
  switch (request.kind) {
    case 'fill':
      return fillTo(s, request.studies);
    case 'measure':
      return measure(s, request.calls, request.warmup, request.parallel);
    case 'settled':
      await new Promise((done) => setTimeout(done, request.afterMs));
      return stackMemory();
    case 'workflow': {
      const workflow: WorkflowFigures = await benchWorkflow(s.client, s.caller, request.references, (run) =>
        time(run, request.calls, request.warmup),
      );
      // The workflow's references are its own load on the stack's memory.
      return { workflow, withReferences: stackMemory() };
    }
    case 'stop': {
      const runPeak = await s.memory.stop();
      await s.client.close();
      await s.stack.stop();
      started = null;
      return runPeak;
    }
  }
});
