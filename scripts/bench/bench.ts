// `npm run bench`: latency of the studies callables over HTTP through the Functions emulator at 1 000, 10 000 and
// 100 000 studies, with the p95 of list, search and filter at each size and its ratio to the first; the memory each
// fill adds (per 100 000 documents); create, update, a referral (referrals-create, referrals.ts) and 50 parallel
// calls; the dashboard and the export of every reference at 100 000 references (workflow.ts); and the memory of each
// stack. Each size has its own stack, started and filled by a host process (host.ts, its launcher) and measured side
// by side: the caller process (caller.ts) times the list calls taking turns between the stacks, so a change in the
// machine's speed over the minutes of a run falls on every size alike (docs/architecture.md, Benchmarks). Prints
// figures beside the targets and never fails on them: timings depend on the machine and on what else runs on it.
// Options: --sizes 1000,10000,100000 (studies, ascending; the ratios are to the first), --calls 1000 and --warmup 10
// (per measurement), --references 100000 (0 skips the workflow part). Filling to 100 000 studies is most of the
// run's time (each study is written with its audit entry, into every index the emulator keeps); the fill prints its
// rate.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REFERRALS_PER_DAY } from '@trialdesk/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed-data.js';
import { FUNCTION_WORKERS, type StackUrls, type TreeMemory } from '../stack.js';
import type { CallerRequest } from './caller.js';
import { startChild, type Child } from './child.js';
import type { Fill, HostRequest, Measured } from './host.js';
import { HOST_OPERATIONS, LIST_OPERATIONS, LIST_REQUESTS, type HostOperation, type ListOperation } from './studies.js';
import type { Figure } from './timing.js';
import { printWorkflow, type WorkflowFigures } from './workflow.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    calls: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '10' },
    references: { type: 'string', default: '100000' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const CALLS = Number(values.calls);
const WARMUP = Number(values.warmup);
/**
 * Unmeasured rounds of every list call on every stack before the timed ones: a stack's HTTP path (the caller, the
 * Functions emulator, the function's worker) runs about 15% slower for its first thousand calls, and again after
 * half a minute without calls, as every stack is while the others are filled.
 */
const SETTLE_ROUNDS = 300;
/** Calls fired at once in the load measurement, and the memory target of the stack meanwhile and after. */
const PARALLEL_CALLS = 50;
/** The stack's memory target during the parallel calls, set for 10 000 studies (at 100 000 the data alone adds more). */
const MEMORY_TARGET_BYTES = 3e9;
const MEMORY_TARGET_SIZE = 10_000;
/** Targets of list, search and filter over HTTP at the largest size: p95, and p95 over the p95 at the first size. */
const P95_TARGET_MS = 50;
const RATIO_TARGET = 1.2;
/** The wait before the memory "after": the stack ends surplus function workers once calls have stopped a while. */
const SETTLE_MS = FUNCTION_WORKERS.quietMs + 5_000;
const MEMORY_SAMPLE_MS = 250;

const gb = (memory: TreeMemory | null) =>
  memory
    ? `${(memory.bytes / 1e9).toFixed(2)} GB (${memory.processes} processes, ${memory.workers} function workers)`
    : 'n/a (no /proc)';

function printFills(fills: Fill[]): void {
  const g = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
  console.log(
    "\nMemory each fill added to its stack (after a full garbage collection; RSS and V8 heap of the stack's " +
      'launcher, which holds the Firestore emulator; documents: the studies, one audit entry each, and the seeded ' +
      'records):',
  );
  for (const f of fills) {
    const added = f.after.documents - f.before.documents;
    // Below 10 000 documents, the young generation's own growth outweighs what the documents hold.
    const per = (a: number, b: number) => (added >= 10_000 ? `+${g(((b - a) / added) * 1e5)}` : '-');
    const stack =
      f.before.stack && f.after.stack ? `, stack ${g(f.before.stack.bytes)} -> ${g(f.after.stack.bytes)}` : '';
    console.log(
      `  ${f.studies} studies: +${added} documents in ${f.seconds.toFixed(1)} s ` +
        `(${f.seconds > 0 ? Math.round(f.written / f.seconds) : 0} studies/s); launcher RSS ${g(f.before.rss)} -> ` +
        `${g(f.after.rss)}, heap ${g(f.before.heap)} -> ${g(f.after.heap)}${stack}; per 100 000 documents: ` +
        `RSS ${per(f.before.rss, f.after.rss)}, heap ${per(f.before.heap, f.after.heap)}`,
    );
  }
}

const OPERATIONS = [...LIST_OPERATIONS, ...HOST_OPERATIONS] as const;
type Operation = ListOperation | HostOperation;
/** What the targets apply to: list, search and the status filter over HTTP. */
const TARGETED: readonly Operation[] = ['list page 1', 'search "card"', 'status Recruiting'];

interface Host {
  size: number;
  child: Child<HostRequest>;
}

/** Each stack's latency figures, its parallel calls and its memory at their peak, by size. */
interface Measurements {
  results: Map<number, Record<Operation, Figure>>;
  bursts: Map<number, Measured['burst']>;
  burstPeaks: Map<number, TreeMemory | null>;
}

/** The memory of each stack once its calls are over, and (on the largest) the workflow's figures. */
interface Ending {
  settled: (TreeMemory | null)[];
  runPeaks: (TreeMemory | null)[];
  workflow: { workflow: WorkflowFigures; withReferences: TreeMemory | null } | null;
}

/** Starts a stack per size (each in its host process, added to `hosts` at once) and signs the caller in to each. */
async function startHosts(hosts: Host[], callerProcess: Child<CallerRequest>): Promise<void> {
  for (const size of SIZES) {
    console.log(`Starting the stack for ${size} studies on free ports (memory Firestore)...`);
    const child = startChild<HostRequest>(fileURLToPath(new URL('./host.ts', import.meta.url)));
    hosts.push({ size, child });
    const { urls, projectId } = await child.send<{ urls: StackUrls; projectId: string }>({
      kind: 'start',
      memorySampleMs: MEMORY_SAMPLE_MS,
    });
    await callerProcess.send({
      kind: 'sign-in',
      stack: String(size),
      urls,
      projectId,
      email: DEMO_ACCOUNTS[0].email,
      password: DEMO_PASSWORD,
    });
  }
}

/** Every list call on every stack over HTTP, taking turns call by call, after unmeasured rounds. */
async function timeListCalls(callerProcess: Child<CallerRequest>, hosts: Host[]): Promise<Record<string, Figure>> {
  const runs: Extract<CallerRequest, { kind: 'time' }>['runs'] = {};
  for (const op of LIST_OPERATIONS)
    for (const { size } of hosts) runs[`${op} @${size}`] = { stack: String(size), request: LIST_REQUESTS[op] };
  console.log(
    `Measuring the ${SIZES.length} stacks side by side (${SETTLE_ROUNDS} unmeasured rounds, then ${CALLS} calls ` +
      `each, ${WARMUP} warm-up)...`,
  );
  await callerProcess.send({ kind: 'time', runs, calls: SETTLE_ROUNDS, warmup: 0 });
  return callerProcess.send<Record<string, Figure>>({ kind: 'time', runs, calls: CALLS, warmup: WARMUP });
}

/** Create, update and the parallel calls, measured in each host, joined to its list figures over HTTP. */
async function measureHosts(
  hosts: Host[],
  actual: Map<number, number>,
  overHttp: Record<string, Figure>,
): Promise<Measurements> {
  const results = new Map<number, Record<Operation, Figure>>();
  const bursts = new Map<number, Measured['burst']>();
  const burstPeaks = new Map<number, TreeMemory | null>();
  for (const { size, child } of hosts) {
    console.log(
      `Measuring create, update, referrals-create and ${PARALLEL_CALLS} parallel calls at ${actual.get(size)} studies...`,
    );
    const measured = await child.send<Measured>({
      kind: 'measure',
      calls: CALLS,
      warmup: WARMUP,
      parallel: PARALLEL_CALLS,
    });
    const http = Object.fromEntries(LIST_OPERATIONS.map((op) => [op, overHttp[`${op} @${size}`]]));
    results.set(size, { ...http, ...measured.figures } as Record<Operation, Figure>);
    bursts.set(size, measured.burst);
    burstPeaks.set(size, measured.burstPeak);
  }
  return { results, bursts, burstPeaks };
}

/**
 * The memory of each stack once its calls have stopped; then the smaller stacks stop, the workflow runs on the
 * largest, which stops last.
 */
async function finishHosts(hosts: Host[]): Promise<Ending> {
  const settled = await Promise.all(
    hosts.map((h) => h.child.send<TreeMemory | null>({ kind: 'settled', afterMs: SETTLE_MS })),
  );
  // The smaller stacks are done: they stop before the workflow, which runs on the largest alone, after its
  // studies' figures (its 100 000 references are the workflow's own load on the stack's memory).
  const runPeaks: (TreeMemory | null)[] = [];
  const stop = async (host: Host) => runPeaks.push(await host.child.send<TreeMemory | null>({ kind: 'stop' }));
  for (const host of hosts.slice(0, -1)) await stop(host);
  const largest = hosts[hosts.length - 1];
  const workflow =
    Number(values.references) > 0
      ? await largest.child.send<NonNullable<Ending['workflow']>>({
          kind: 'workflow',
          references: Number(values.references),
          calls: CALLS,
          warmup: WARMUP,
        })
      : null;
  await stop(largest);
  return { settled, runPeaks, workflow };
}

/** The table of every operation at every size, the targets of list, search and filter, and what was timed. */
function printLatency({ results }: Measurements, actual: Map<number, number>): void {
  const last = SIZES[SIZES.length - 1];
  const first = results.get(SIZES[0])!;
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
    '\nHTTP through the Functions emulator, sequential calls as an approved Admin, pageSize 20, the list calls ' +
      'taking turns between the stacks. "(service only)": the same list service called in the stack\'s launcher ' +
      'against its built-in Firestore emulator (no HTTP, no worker). ' +
      '"current standing": what every callable adds to authorise (the Auth account and the users record, read ' +
      'in parallel). "referrals-create": a referral to one of 10 recruiting studies naming a contact (its mail ' +
      `written in the same transaction), as approved referrers (role User), each making the ${REFERRALS_PER_DAY} ` +
      'a day allows before the next one takes over.',
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
}

/** The parallel calls at each size, the workflow, and the memory of each stack against its target. */
function printLoad(
  { bursts, burstPeaks }: Measurements,
  { settled, runPeaks, workflow }: Ending,
  actual: Map<number, number>,
): void {
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
    printWorkflow(workflow.workflow);
    console.log(`  stack memory afterwards, holding them: ${gb(workflow.withReferences)}`);
  }
  const targetPeak = burstPeaks.get(MEMORY_TARGET_SIZE);
  const perSize = (line: (size: number, i: number) => string) =>
    SIZES.map((size, i) => `  ${line(size, i)}\n`).join('');
  const met = targetPeak ? (targetPeak.bytes < MEMORY_TARGET_BYTES ? 'met' : 'MISSED') : 'not measured';
  console.log(
    'Memory of each stack (RSS of its launcher, the host process, with firebase-tools and the function workers, ' +
      `sampled every ${MEMORY_SAMPLE_MS} ms):\n` +
      perSize((size) => `peak during the parallel calls @${actual.get(size)}: ${gb(burstPeaks.get(size)!)}`) +
      perSize((size, i) => `${SETTLE_MS / 1000} s after the last call @${actual.get(size)}: ${gb(settled[i])}`) +
      perSize((size, i) => `peak over the whole run @${actual.get(size)} (its fill included): ${gb(runPeaks[i])}`) +
      `  target < ${MEMORY_TARGET_BYTES / 1e9} GB during the parallel calls @${MEMORY_TARGET_SIZE}: ${met}`,
  );
}

async function main(): Promise<void> {
  const hosts: Host[] = [];
  let callerProcess: Child<CallerRequest> | null = null;
  try {
    callerProcess = startChild<CallerRequest>(fileURLToPath(new URL('./caller.ts', import.meta.url)));
    await startHosts(hosts, callerProcess);
    const fills: Fill[] = [];
    for (const host of hosts) {
      console.log(`Filling the stack to ${host.size} studies...`);
      fills.push(await host.child.send<Fill>({ kind: 'fill', studies: host.size }));
    }
    const actual = new Map(hosts.map((h, i) => [h.size, fills[i].studies]));
    const overHttp = await timeListCalls(callerProcess, hosts);
    const measurements = await measureHosts(hosts, actual, overHttp);
    const ending = await finishHosts(hosts);
    printLatency(measurements, actual);
    printFills(fills);
    printLoad(measurements, ending, actual);
  } finally {
    callerProcess?.stop();
    // A host whose channel ends exits; its stack's watchdog then stops the emulators (docs/architecture.md).
    for (const host of hosts) host.child.stop();
  }
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
