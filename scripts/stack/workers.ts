// Bounding the Functions emulator's workers: how many calls run at once, and ending surplus idle workers.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import { childrenOf, HAS_PROC, isFunctionWorker, readProc, statField } from './proc.js';

/**
 * The Functions emulator of firebase-tools runs each call in a worker process (node functionsEmulatorRuntime) of
 * the called function, starts a new one whenever that function has no idle worker, and keeps every worker until it
 * stops. Unchecked, 50 parallel calls start 50 workers of ~140 MB that all stay, and those starting after 30 s
 * leave their call unanswered. How this stack bounds them:
 */
export const FUNCTION_WORKERS = {
  /** FUNCTIONS_EMULATOR_PARALLEL: calls the emulator runs at once (the others wait in its queue), hence the
   * workers a burst of calls can start per function. Two cores: more only adds workers loading at once. */
  parallel: 2,
  /** Workers left once the calls are over: beyond it, the least recently called functions lose theirs. */
  keep: 6,
  /** The emulator is quiet when no call began or finished for this long: each function keeps one idle worker. */
  quietMs: 5_000,
  /** While calls run, only workers beyond `keep` whose function had no call for this long are ended. */
  idleMs: 30_000,
  /** How often the process tree is read. */
  checkMs: 1_000,
  /** FUNCTIONS_DISCOVERY_TIMEOUT: seconds a new worker has to load the functions before firebase-tools gives up
   * (and leaves its call unanswered); 30 by default, reached by a few workers loading at once on busy cores. */
  startSeconds: 120,
  /** NODE_OPTIONS of the workers (and of firebase-tools): a young generation of 1 MB instead of 16 keeps each
   * worker ~25 MB smaller at no measurable cost per call. */
  nodeOptions: '--max-semi-space-size=1',
};

/** One function's calls, as the firebase-tools log reports them. */
interface FunctionCalls {
  /** When each call in flight began. */
  running: number[];
  /** The last call begun or finished. */
  lastActive: number;
  lastFinished: number;
}

interface FunctionWorker {
  pid: number;
  start: number;
  /** The trigger id firebase-tools logs calls under: `<region>-<group>-<name>`. */
  trigger: string;
  socket: string;
}

/** A call with no "Finished" line after this long is taken as over (firebase-tools logs none when it fails). */
const STALE_CALL_MS = 5 * 60_000;

/**
 * Ends surplus idle workers of the Functions emulator (bounds in FUNCTION_WORKERS), found among the children of
 * the firebase-tools process. firebase-tools logs the start and end of every call with its function, and a
 * worker's environment names its function (K_SERVICE) and its socket (PORT), which exists once it has loaded. A
 * function with no call running has only idle workers, unless one is loading for a call firebase-tools holds for
 * it: firebase-tools polls the socket every 100 ms and then starts the call, so a worker whose socket has existed
 * for `quietMs` while its function had no call for as long is idle. Calls still queued in firebase-tools are not
 * in the log: while any call runs, only workers beyond `keep` of functions idle for `idleMs` are ended. Functions
 * never seen finishing a call are left alone, so a change of those log lines makes this end nothing rather than
 * busy workers. A call arriving in the instant between the check and the signal would be answered `internal`:
 * the quiet periods make that rare.
 */
export function trimFunctionWorkers(parent: ChildProcess): { onLine(line: string): void; stop(): void } {
  const calls = new Map<string, FunctionCalls>();
  /** When each worker's socket was first seen (null: not yet), and when the worker was. */
  const sightings = new Map<number, { seen: number; loaded: number | null }>();
  const callsOf = (trigger: string) => {
    let entry = calls.get(trigger);
    if (!entry) calls.set(trigger, (entry = { running: [], lastActive: 0, lastFinished: 0 }));
    return entry;
  };

  const onLine = (line: string) => {
    const begun = /Beginning execution of "([^"]+)"/.exec(line);
    const finished = /Finished "([^"]+)" in /.exec(line);
    const now = Date.now();
    if (begun) {
      const entry = callsOf(begun[1]);
      entry.running.push(now);
      entry.lastActive = now;
    } else if (finished) {
      const entry = callsOf(finished[1]);
      entry.running.shift();
      entry.lastActive = entry.lastFinished = now;
    }
  };

  const listWorkers = (): FunctionWorker[] => {
    const found = childrenOf(parent.pid!).map((pid): FunctionWorker | null => {
      const start = statField(pid, 22);
      if (start === null || !isFunctionWorker(pid)) return null;
      const env = (readProc(`${pid}/environ`) ?? '').split('\0');
      const value = (name: string) => env.find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1);
      const service = value('K_SERVICE');
      const socket = value('PORT');
      if (!service || !socket) return null;
      return { pid, start, trigger: `${FUNCTIONS_REGION}-${service}`, socket };
    });
    return found.filter((worker) => worker !== null).sort((a, b) => a.start - b.start);
  };

  /** The workers to end now, oldest first within a function (the one firebase-tools hands calls to first). */
  const surplus = (workers: FunctionWorker[], now: number): FunctionWorker[] => {
    for (const entry of calls.values()) {
      while (entry.running.length > 0 && now - entry.running[0] > STALE_CALL_MS) entry.running.shift();
    }
    const running = [...calls.values()].some((entry) => entry.running.length > 0);
    const lastActive = Math.max(0, ...[...calls.values()].map((entry) => entry.lastActive));
    const quiet = !running && now - lastActive >= FUNCTION_WORKERS.quietMs;
    const idleFor = quiet ? FUNCTION_WORKERS.quietMs : FUNCTION_WORKERS.idleMs;
    const idle = new Map<string, FunctionWorker[]>();
    for (const worker of workers) {
      const entry = calls.get(worker.trigger);
      const sighting = sightings.get(worker.pid)!;
      const loaded =
        (sighting.loaded !== null && now - sighting.loaded >= FUNCTION_WORKERS.quietMs) ||
        now - sighting.seen > FUNCTION_WORKERS.startSeconds * 1000;
      if (entry?.lastFinished && entry.running.length === 0 && now - entry.lastActive >= idleFor && loaded) {
        idle.set(worker.trigger, [...(idle.get(worker.trigger) ?? []), worker]);
      }
    }
    // Quiet: each function keeps its first idle worker.
    const ending = quiet ? [...idle.values()].flatMap((list) => list.slice(1)) : [];
    // Beyond `keep` in all, the least recently called functions lose their last (or only) one.
    const lastOnes = [...idle.entries()]
      .sort(([a], [b]) => calls.get(a)!.lastActive - calls.get(b)!.lastActive)
      .map(([, list]) => list[0]);
    const over = workers.length - ending.length - FUNCTION_WORKERS.keep;
    return [...ending, ...lastOnes.slice(0, Math.max(0, over))];
  };

  const check = () => {
    if (parent.exitCode !== null || parent.signalCode !== null) return;
    const workers = listWorkers();
    const now = Date.now();
    for (const pid of sightings.keys()) if (!workers.some((worker) => worker.pid === pid)) sightings.delete(pid);
    for (const worker of workers) {
      const sighting = sightings.get(worker.pid) ?? { seen: now, loaded: null };
      if (sighting.loaded === null && existsSync(worker.socket)) sighting.loaded = now;
      sightings.set(worker.pid, sighting);
    }
    for (const worker of surplus(workers, now)) {
      try {
        process.kill(worker.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  const timer = HAS_PROC ? setInterval(check, FUNCTION_WORKERS.checkMs) : undefined;
  timer?.unref();
  return { onLine, stop: () => clearInterval(timer) };
}
