// The local stack: the built-in Firestore and Storage emulators (in this process) and the official Auth, Functions
// and Hosting emulators of firebase-tools (a child process). Used by `npm start`, the HTTP tests, the benchmark
// and the browser tests, each with its own ports and data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startEmulator } from '@trialdesk/emulator';
import { startStorageEmulator } from '@trialdesk/emulator/storage';
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import { saveAuth } from './auth-save.js';
import { STACK_READY_MS } from './limits.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-trialdesk';
/** How often the Auth accounts are checked for changes and saved (the most a crash of the emulators can lose). */
const AUTH_SAVE_MS = 2_000;
/** The project's default Cloud Storage bucket (what `getStorage().bucket()` and the web app use). */
export const DEFAULT_BUCKET = `${PROJECT_ID}.appspot.com`;
const HOST = '127.0.0.1';

export interface StackPorts {
  firestore: number;
  storage: number;
  auth: number;
  functions: number;
  hosting: number;
  hub: number;
  logging: number;
}

/** The ports of firebase.json (what `npm start` uses). */
export const DEFAULT_PORTS: StackPorts = {
  firestore: 8080,
  storage: 9199,
  auth: 9099,
  functions: 5001,
  hosting: 5000,
  hub: 4400,
  logging: 4500,
};

export interface StackOptions {
  /** 'free' asks the OS for unused ports (tests); default: the ports of firebase.json. */
  ports?: StackPorts | 'free';
  /** Firestore data in `<dataDir>/firestore`, Storage objects in `<dataDir>/storage`, Auth accounts in
   * `<dataDir>/auth`; absent: memory only. */
  dataDir?: string;
  /** Serve a copy of web/dist, with this stack's `emulators.json`, through the Hosting emulator (default true). */
  hosting?: boolean;
  /** The built web app Hosting serves a copy of (default web/dist): the browser tests build their own. */
  webDist?: string;
  /** Refuse queries whose composite index is missing from firestore.indexes.json (default true). */
  enforceIndexes?: boolean;
  /** Each line the firebase-tools process prints; default: kept only for error reports. */
  log?: (line: string) => void;
  /** Milliseconds to wait for the emulators and the functions (default STACK_READY_MS). */
  readyTimeoutMs?: number;
  /** What firebase-tools needs first (the builds of functions/lib and of the web app): the built-in emulators start
   * meanwhile, firebase-tools once it resolves; should it reject, the stack stops and startStack rejects with it. */
  after?: Promise<unknown>;
  /** Told when each part of the start began and ended (performance.now() milliseconds). */
  onPhase?: (phase: 'built-in emulators' | 'firebase-tools', began: number, ended: number) => void;
}

export interface StackUrls {
  /** host:port, the form FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST take. */
  firestoreHost: string;
  /** host:port, the form FIREBASE_STORAGE_EMULATOR_HOST takes. */
  storageHost: string;
  authHost: string;
  auth: string;
  functions: string;
  hub: string;
  hosting: string | null;
}

export interface Stack {
  projectId: string;
  ports: StackPorts;
  urls: StackUrls;
  /** Persists the Auth accounts to `<dataDir>/auth` now (a no-op without dataDir). */
  exportAuth(): Promise<void>;
  /** Stops everything this stack started; safe to call twice. */
  stop(): Promise<void>;
}

/** Whether a server can listen on `port` of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise<boolean>((done) => {
    const server = createServer();
    server.unref();
    server.once('error', () => done(false));
    server.listen(port, HOST, () => server.close(() => done(true)));
  });
}

/** How many ports below the OS's range for outgoing connections free ports are picked from. */
const FREE_PORT_SPAN = 10_000;

/**
 * An unused TCP port on 127.0.0.1, picked at random below the range the OS hands to outgoing connections
 * (/proc/sys/net/ipv4/ip_local_port_range): a port from that range (what listening on port 0 gives) can go to
 * another process's connection between the pick and firebase-tools' own bind, which then refuses to start ("port
 * taken"), as happened with the benchmark's stacks started side by side.
 */
export async function freePort(): Promise<number> {
  const [low] = (readProc('sys/net/ipv4/ip_local_port_range') ?? '32768').trim().split(/\s+/).map(Number);
  const from = Math.max(1024, low - FREE_PORT_SPAN);
  // A range starting unusually low still leaves a span to pick from.
  const to = Math.max(low, from + FREE_PORT_SPAN);
  for (;;) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await canListen(port)) return port;
  }
}

/** The ports among `ports` that something already listens on. */
export async function busyPorts(ports: StackPorts): Promise<number[]> {
  const busy: number[] = [];
  for (const port of Object.values(ports)) if (!(await canListen(port))) busy.push(port);
  return busy;
}

async function pickPorts(choice: StackOptions['ports']): Promise<StackPorts> {
  if (choice !== 'free') return choice ?? DEFAULT_PORTS;
  const ports: number[] = [];
  while (ports.length < 5) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [auth, functions, hosting, hub, logging] = ports;
  // The Firestore and Storage emulators are in this process and bind port 0 themselves: no race for those.
  return { firestore: 0, storage: 0, auth, functions, hosting, hub, logging };
}

/** URL of a callable in the Functions emulator. */
export function callableUrl(urls: StackUrls, name: string): string {
  return `${urls.functions}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

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

interface HostingConfig {
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

/**
 * The deployed Content-Security-Policy (firebase.json) names no local origin; the app of a local stack reaches the
 * emulators on this host (callables, Auth, Storage and the pictures it serves), so only its copy allows them.
 */
function allowLocalOrigins(hosting: HostingConfig): void {
  for (const header of hosting.headers.flatMap((rule) => rule.headers)) {
    if (header.key !== 'Content-Security-Policy') continue;
    header.value = header.value.replace(/\b(img-src|connect-src)([^;]*)/g, `$1$2 http://${HOST}:*`);
  }
}

/**
 * firebase-tools takes its ports from firebase.json only, so each stack gets its own project folder: a generated
 * firebase.json beside links to the real functions/, web/ and node_modules/.
 */
async function makeProjectDir(ports: StackPorts, hosting: boolean, webDist: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trialdesk-stack-'));
  const config = JSON.parse(await readFile(join(ROOT, 'firebase.json'), 'utf8')) as Record<string, unknown>;
  const emulators = config.emulators as Record<string, unknown>;
  for (const name of Object.keys(ports) as (keyof StackPorts)[]) {
    emulators[name] = { host: HOST, port: ports[name] };
  }
  if (hosting) allowLocalOrigins(config.hosting as HostingConfig);
  else delete config.hosting;
  delete config.$schema;
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  await mkdir(join(dir, 'tmp'));
  await symlink(join(ROOT, 'functions'), join(dir, 'functions'), 'dir');
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (hosting) await copyWeb(webDist, join(dir, 'web', 'dist'), ports);
  return dir;
}

/** What the web app (emulator build) reads at startup to find this stack's emulators. */
export interface EmulatorsJson {
  projectId: string;
  authUrl: string;
  functionsHost: string;
  functionsPort: number;
  storageHost: string;
  storagePort: number;
}

/**
 * Hosting serves a copy of web/dist plus an `emulators.json` naming this stack's ports, so one build of the web
 * app serves any stack (a developer's `npm start` on the default ports and the browser tests on free ones).
 */
async function copyWeb(dist: string, target: string, ports: StackPorts): Promise<void> {
  if (existsSync(dist)) await cp(dist, target, { recursive: true });
  else await mkdir(target, { recursive: true });
  const emulators: EmulatorsJson = {
    projectId: PROJECT_ID,
    authUrl: `http://${HOST}:${ports.auth}`,
    functionsHost: HOST,
    functionsPort: ports.functions,
    storageHost: HOST,
    storagePort: ports.storage,
  };
  await writeFile(join(target, 'emulators.json'), JSON.stringify(emulators, null, 2));
}

function firebaseBin(): string {
  return createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
}

/** Where there is no /proc (not Linux), neither memory nor workers are read: nothing is bounded there. */
const HAS_PROC = existsSync('/proc/self/stat');
/** The kernel's own lists of each thread's children, cheaper than reading every process (CONFIG_PROC_CHILDREN). */
const HAS_CHILDREN_LISTS = existsSync(`/proc/self/task/${process.pid}/children`);

// /proc is read synchronously: its files are made in memory on reading, and a check of a dozen processes takes
// about a millisecond this way, ten times less than through promises.
function readProc(path: string): string | null {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return null; // Gone meanwhile.
  }
}

function listProc(path: string): string[] {
  try {
    return readdirSync(`/proc/${path}`);
  } catch {
    return [];
  }
}

/** Field `field` of /proc/<pid>/stat, numbered as in proc(5) (4: parent, 22: start time); null once gone. */
function statField(pid: number, field: number): number | null {
  const stat = readProc(`${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after the last ')'.
  return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
}

function childrenOf(pid: number): number[] {
  if (HAS_CHILDREN_LISTS) {
    return listProc(`${pid}/task`).flatMap((task) =>
      (readProc(`${pid}/task/${task}/children`) ?? '').split(' ').filter(Boolean).map(Number),
    );
  }
  return listProc('')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statField(child, 4) === pid);
}

const isFunctionWorker = (pid: number) => readProc(`${pid}/cmdline`)?.includes('functionsEmulatorRuntime') ?? false;

export interface TreeMemory {
  /** Summed resident set sizes (VmRSS). */
  bytes: number;
  processes: number;
  /** Function workers among them. */
  workers: number;
}

/** A process and all its descendants (empty where there is no /proc). */
export function processTree(root = process.pid): number[] {
  if (!HAS_PROC) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...childrenOf(tree[i]));
  return tree;
}

/**
 * Resident memory of a process and all its descendants; by default this process's: the launcher of a stack, with
 * firebase-tools and its function workers below it. Null where there is no /proc.
 */
export function processTreeMemory(root = process.pid): TreeMemory | null {
  if (!HAS_PROC) return null;
  const tree = processTree(root);
  const memory: TreeMemory = { bytes: 0, processes: tree.length, workers: 0 };
  for (const pid of tree) {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readProc(`${pid}/status`) ?? '');
    if (rss) memory.bytes += Number(rss[1]) * 1024;
    if (isFunctionWorker(pid)) memory.workers++;
  }
  return memory;
}

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
function trimFunctionWorkers(parent: ChildProcess): { onLine(line: string): void; stop(): void } {
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

/** Sends a signal to a detached child's whole process group (its function workers included). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Starts the watchdog of a detached group: the group outlives a launcher killed with SIGKILL (no 'exit' handler
 * runs then), and would keep the ports (docs/architecture.md, "The local stack").
 */
function guardGroup(group: number, save?: { hub: string; authDir: string }): void {
  const watchdog = join(ROOT, 'scripts', 'watchdog.ts');
  const args = [watchdog, String(process.pid), String(group), ...(save ? [save.hub, save.authDir] : [])];
  spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/**
 * Saves the Auth accounts whenever they change (checked every `AUTH_SAVE_MS`), so a crash of the emulators loses no
 * account whose creation was acknowledged more than that long before. Each save is exported beside the folder,
 * then swapped in: a crash during a save leaves the previous one whole (`recoverAuthDir` finishes the swap).
 */
function saveAuthOnChange(urls: StackUrls, authDir: string) {
  let last = '';
  let saving: Promise<void> = Promise.resolve();
  const save = async () => {
    const response = await fetch(
      `${urls.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet?maxResults=1000000`,
      { headers: { authorization: 'Bearer owner' } },
    );
    if (!response.ok) return;
    const accounts = await response.text();
    if (accounts === last) return;
    await saveAuth(urls.hub, authDir);
    last = accounts;
  };
  const timer = setInterval(() => {
    saving = saving.then(save).catch(() => {
      // The emulator is stopping or busy: the next round tries again.
    });
  }, AUTH_SAVE_MS);
  timer.unref();
  return {
    /** Saves now whatever changed (the seed's accounts), after any save under way. */
    saveNow() {
      saving = saving.then(save);
      return saving;
    },
    async stop() {
      clearInterval(timer);
      await saving.catch(() => {});
    },
  };
}

/** A save interrupted between its two renames: the previous accounts are put back. */
function recoverAuthDir(authDir: string): void {
  if (!existsSync(authDir) && existsSync(`${authDir}.old`)) renameSync(`${authDir}.old`, authDir);
  rmSync(`${authDir}.next`, { recursive: true, force: true });
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** Resolves once the callable answers as a function (any status but 404: the functions are loaded). */
async function waitForFunctions(urls: StackUrls, deadline: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('firebase-tools exited');
    try {
      const response = await fetch(callableUrl(urls, 'users-me'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      if (response.status !== 404) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`the Functions emulator did not serve ${callableUrl(urls, 'users-me')} (functions/lib) in time`);
    }
    await sleep(250);
  }
}

function requireFunctionsBuild(): void {
  if (!existsSync(join(ROOT, 'functions', 'lib', 'index.js')))
    throw new Error('functions/lib/index.js is missing: run `npm run build -w functions` first');
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const hosting = options.hosting ?? true;
  const ports = await pickPorts(options.ports);
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const authDir = dataDir ? join(dataDir, 'auth') : undefined;
  // Without builds still to come (`after`), a missing one is said before anything starts.
  if (!options.after) requireFunctionsBuild();
  // A rejection of `after` before it is awaited below is handled there, not reported as unhandled meanwhile.
  options.after?.catch(() => {});
  if (dataDir) await mkdir(dataDir, { recursive: true });
  if (authDir) recoverAuthDir(authDir);

  const builtInBegan = performance.now();
  const firestore = await startEmulator({
    port: ports.firestore,
    host: HOST,
    dataDir: dataDir ? join(dataDir, 'firestore') : undefined,
    indexesFile: options.enforceIndexes === false ? undefined : join(ROOT, 'firestore.indexes.json'),
    rulesFile: join(ROOT, 'firestore.rules'),
    quiet: true,
  });
  ports.firestore = firestore.port;
  // storage.rules reads the users records (firestore.get) straight from the Firestore emulator in this process.
  const storage = await startStorageEmulator({
    port: ports.storage,
    host: HOST,
    dataDir: dataDir ? join(dataDir, 'storage') : undefined,
    rules: readFileSync(join(ROOT, 'storage.rules'), 'utf8'),
    rulesFileName: 'storage.rules',
    getDocument: (projectId, docPath) => firestore.readDocument(`projects/${projectId}/databases/(default)`, docPath),
    quiet: true,
  }).catch(async (error: unknown) => {
    await firestore.stop();
    throw error;
  });
  ports.storage = storage.port;
  options.onPhase?.('built-in emulators', builtInBegan, performance.now());
  const urls: StackUrls = {
    firestoreHost: `${HOST}:${firestore.port}`,
    storageHost: `${HOST}:${storage.port}`,
    authHost: `${HOST}:${ports.auth}`,
    auth: `http://${HOST}:${ports.auth}`,
    functions: `http://${HOST}:${ports.functions}`,
    hub: `http://${HOST}:${ports.hub}`,
    hosting: hosting ? `http://${HOST}:${ports.hosting}` : null,
  };

  let projectDir: string | undefined;
  let child: ChildProcess | undefined;
  let saver: ReturnType<typeof saveAuthOnChange> | undefined;
  const tail: string[] = [];
  let trimmer: ReturnType<typeof trimFunctionWorkers> | undefined;
  const onLine = (line: string) => {
    trimmer?.onLine(line);
    tail.push(line);
    if (tail.length > 80) tail.shift();
    options.log?.(line);
  };

  const killOnExit = () => {
    if (child) signalGroup(child, 'SIGKILL');
    if (projectDir) rmSync(projectDir, { recursive: true, force: true });
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      trimmer?.stop();
      // The export on exit writes the folder itself: no save may swap it meanwhile.
      await saver?.stop();
      if (child) {
        // SIGINT lets firebase-tools export the Auth accounts (--export-on-exit) and stop its workers.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        if (!(await waitForExit(child, 30_000))) {
          signalGroup(child, 'SIGKILL');
          await waitForExit(child, 5_000);
        }
        signalGroup(child, 'SIGKILL');
        process.off('exit', killOnExit);
      }
      await Promise.all([firestore.stop(), storage.stop()]);
      if (projectDir) await rm(projectDir, { recursive: true, force: true });
    })());

  try {
    await options.after;
    requireFunctionsBuild();
    const firebaseToolsBegan = performance.now();
    projectDir = await makeProjectDir(ports, hosting, resolve(options.webDist ?? join(ROOT, 'web', 'dist')));
    const only = hosting ? 'auth,functions,hosting' : 'auth,functions';
    const preload = pathToFileURL(join(ROOT, 'scripts', 'firebase-tools-preload.mjs')).href;
    const args = ['--import', preload, firebaseBin(), 'emulators:start', '--only', only, '--project', PROJECT_ID];
    args.push('--non-interactive');
    if (authDir) args.push('--import', authDir, '--export-on-exit', authDir);
    child = spawn(process.execPath, args, {
      cwd: projectDir,
      // Own process group: a terminal Ctrl-C reaches only the launcher, which stops this group in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: urls.firestoreHost,
        // firebase-admin/storage in the functions: the Storage emulator of this process, the app's default bucket.
        FIREBASE_STORAGE_EMULATOR_HOST: urls.storageHost,
        STORAGE_EMULATOR_HOST: `http://${urls.storageHost}`,
        STORAGE_BUCKET: DEFAULT_BUCKET,
        // firebase-tools finds "its" hub through a file named after the project in the temp folder: a folder of
        // its own keeps parallel stacks (tests, npm start) from exporting through each other's hub.
        TMPDIR: join(projectDir, 'tmp'),
        // No update check, no message-of-the-day fetch, no npm registry look-up of firebase-functions.
        NO_UPDATE_NOTIFIER: '1',
        // No probe of a Google Compute Engine metadata server for credentials (a warning where none answers).
        METADATA_SERVER_DETECTION: 'none',
        // The functions are discovered by a process that writes their manifest to a file and exits, not by one
        // serving it over HTTP, which lingers a few seconds on its keep-alive connection before the start goes on.
        FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
        CI: 'true',
        npm_config_offline: 'true',
        ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
        FUNCTIONS_EMULATOR_PARALLEL: String(FUNCTION_WORKERS.parallel),
        FUNCTIONS_DISCOVERY_TIMEOUT: String(FUNCTION_WORKERS.startSeconds),
        NODE_OPTIONS: [process.env.NODE_OPTIONS, FUNCTION_WORKERS.nodeOptions].filter(Boolean).join(' '),
      },
    });
    trimmer = trimFunctionWorkers(child);
    // Should this process end without stop() (a crash, process.exit), the emulators go with it: at once from its
    // 'exit' handler, or from the watchdog when it is killed outright.
    process.on('exit', killOnExit);
    if (child.pid !== undefined) guardGroup(child.pid, authDir ? { hub: urls.hub, authDir } : undefined);
    let ready = false;
    let exited = false;
    const exitPromise = new Promise<void>((done) => child!.once('exit', () => ((exited = true), done())));
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line.includes('All emulators ready')) ready = true;
          onLine(line);
        }
      });
    }
    const waitMs = options.readyTimeoutMs ?? STACK_READY_MS;
    const deadline = Date.now() + waitMs;
    while (!ready) {
      if (exited) throw new Error('firebase-tools exited before the emulators were ready');
      if (Date.now() > deadline) {
        throw new Error(`firebase-tools did not print "All emulators ready" within ${waitMs / 1000} s`);
      }
      await Promise.race([sleep(100), exitPromise]);
    }
    await waitForFunctions(urls, deadline, () => exited);
    options.onPhase?.('firebase-tools', firebaseToolsBegan, performance.now());
    if (authDir) saver = saveAuthOnChange(urls, authDir);
  } catch (error) {
    await stop();
    if (!child) throw error; // Before firebase-tools (a failed build): nothing of its to show.
    const detail = tail.slice(-40).join('\n');
    throw new Error(`${(error as Error).message}\n--- firebase-tools output ---\n${detail}`, { cause: error });
  }

  return {
    projectId: PROJECT_ID,
    ports,
    urls,
    async exportAuth() {
      await saver?.saveNow();
    },
    stop,
  };
}
