// The local stack: the built-in Firestore and Storage emulators and the ClinicalTrials.gov stand-in (in this
// process), maildev (a child process) and the official Auth, Functions, Hosting and Cloud Tasks emulators of
// firebase-tools (a child process). Used by
// `npm start`, the HTTP tests, the benchmark and the browser tests, each with its own ports and data folder. Its parts are in stack/ (docs/architecture.md,
// "The local stack"); this module composes them and is the API `@trialdesk/scripts/stack` names.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startEmulator, type RunningEmulator } from '@trialdesk/emulator';
import { startAppCheckStandIn } from '@trialdesk/emulator/app-check';
import { startRegistryStandIn } from '@trialdesk/emulator/registry';
import { startStorageEmulator } from '@trialdesk/emulator/storage';
import { STACK_READY_MS } from './limits.js';
import { AUTH_EXPORT_METADATA, recoverAuthDir, saveAuthOnChange } from './stack/auth.js';
import {
  APP_CHECK_DEBUG_TOKEN,
  HOST,
  PROJECT_ID,
  ROOT,
  urlsOf,
  type StackPorts,
  type StackUrls,
} from './stack/config.js';
import {
  guardGroup,
  requireFunctionsBuild,
  signalGroup,
  spawnFirebaseTools,
  stopFirebaseTools,
  waitForAuth,
  waitForEmulators,
} from './stack/firebase-tools.js';
import { MAIL_RETRY_DEFAULT, MAIL_RETRY_TESTS, mailParams, startMaildev, type MailRetry } from './stack/maildev.js';
import { pickPorts } from './stack/ports.js';
import { makeProjectDir } from './stack/project.js';
import { trimFunctionWorkers } from './stack/workers.js';

export {
  APP_CHECK_DEBUG_TOKEN,
  DEFAULT_BUCKET,
  DEFAULT_PORTS,
  LOCAL_APP_ID,
  PROJECT_ID,
  ROOT,
  type StackPorts,
  type StackUrls,
} from './stack/config.js';
export { callableUrl } from './stack/firebase-tools.js';
export { busyPorts, freePort } from './stack/ports.js';
export { startMaildev, type Maildev, type MailRetry } from './stack/maildev.js';
export { processTree, processTreeMemory, type TreeMemory } from './stack/proc.js';
export type { EmulatorsJson } from './stack/project.js';
export { FUNCTION_WORKERS } from './stack/workers.js';

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
  /** Every callable and files-download refuse a call without an App Check token (the ENFORCE_APP_CHECK parameter;
   * default false: `npm start`, scripts and curl call without one). The web gets tokens either way. */
  enforceAppCheck?: boolean;
  /** Each line the firebase-tools process prints; default: kept only for error reports. */
  log?: (line: string) => void;
  /** Milliseconds to wait for the emulators and the functions (default STACK_READY_MS). */
  readyTimeoutMs?: number;
  /** What firebase-tools needs first (the builds of functions/lib and of the web app): the built-in emulators start
   * meanwhile, firebase-tools once it resolves; should it reject, the stack stops and startStack rejects with it. */
  after?: Promise<unknown>;
  /** Told when each part of the start began and ended (performance.now() milliseconds). */
  onPhase?: (phase: StackPhase, began: number, ended: number) => void;
  /**
   * Called with the stack once its Firestore, Storage and Auth take requests, while the Functions emulator is still
   * loading (none of its triggers sees a write yet): what the seed's records need. Not called when firebase-tools
   * imports saved Auth accounts at start (they may not all be there yet): the stack is then used once ready.
   */
  onAuth?: (stack: Stack) => void;
  /** The waits between attempts to send a message: by default a second or a few on free ports (tests), else the
   * deployed ones (a minute, doubled up to an hour). */
  mailRetry?: MailRetry;
}

/** The parts of a start `onPhase` reports. */
export type StackPhase = 'built-in emulators' | 'maildev' | 'firebase-tools';

export interface Stack {
  projectId: string;
  ports: StackPorts;
  urls: StackUrls;
  /** Persists the Auth accounts to `<dataDir>/auth` now (a no-op without dataDir). */
  exportAuth(): Promise<void>;
  /**
   * How a Firestore client in this process reaches the built-in emulator without a connection: grpc-js'
   * `channelFactoryOverride` (the `grpc.channelFactoryOverride` setting of firebase-admin's Firestore).
   */
  firestoreChannel: RunningEmulator['channelFactory'];
  /** maildev's SMTP server closed and opened again, its inbox (`urls.mail`) kept: an SMTP outage for a test. */
  smtp: { stop(): Promise<void>; start(): Promise<void> };
  /** Stops everything this stack started; safe to call twice. */
  stop(): Promise<void>;
}

/** The built-in Firestore and Storage emulators and the registry's stand-in, in this process; `ports` gets the ports
 * they took (firebase-tools is told them). */
async function startBuiltInEmulators(ports: StackPorts, dataDir: string | undefined, enforceIndexes?: boolean) {
  const firestore = await startEmulator({
    port: ports.firestore,
    host: HOST,
    dataDir: dataDir ? join(dataDir, 'firestore') : undefined,
    indexesFile: enforceIndexes === false ? undefined : join(ROOT, 'firestore.indexes.json'),
    rulesFile: join(ROOT, 'firestore.rules'),
    quiet: true,
    // Document events of the triggers the Functions emulator registers (docs/architecture.md, "Document events").
    functionsEmulator: `${HOST}:${ports.functions}`,
    warn: (message) => console.error(message),
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
  // ClinicalTrials.gov, the one part the stack cannot reach, answered from the recorded records.
  const registry = await startRegistryStandIn({ host: HOST, port: ports.registry }).catch(async (error: unknown) => {
    await Promise.all([firestore.stop(), storage.stop()]);
    throw error;
  });
  ports.registry = registry.port;
  // App Check's token exchange, which the debug provider's browser cannot reach offline (docs/decisions.md).
  const appCheck = await startAppCheckStandIn({
    host: HOST,
    port: ports.appCheck,
    projectId: PROJECT_ID,
    debugToken: APP_CHECK_DEBUG_TOKEN,
  }).catch(async (error: unknown) => {
    await Promise.all([firestore.stop(), storage.stop(), registry.stop()]);
    throw error;
  });
  ports.appCheck = appCheck.port;
  return { firestore, storage, registry, appCheck };
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

  // maildev (a child process of its own, on ports already picked) starts beside the rest: only the functions' mail
  // needs it, and the stack is ready once it is.
  const mailBegan = performance.now();
  const mailStarting = startMaildev({
    smtpPort: ports.smtp,
    webPort: ports.mail,
    mailDir: dataDir ? join(dataDir, 'mail') : undefined,
  }).then((mail) => (options.onPhase?.('maildev', mailBegan, performance.now()), mail));
  mailStarting.catch(() => {}); // Awaited below: a failure is reported there.
  const builtInBegan = performance.now();
  const builtIn = await startBuiltInEmulators(ports, dataDir, options.enforceIndexes).catch(async (error: unknown) => {
    await mailStarting.then(
      (mail) => mail.stop(),
      () => {},
    );
    throw error;
  });
  const { firestore, storage, registry, appCheck } = builtIn;
  options.onPhase?.('built-in emulators', builtInBegan, performance.now());
  const urls = urlsOf(ports, hosting);

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
        await stopFirebaseTools(child);
        process.off('exit', killOnExit);
      }
      const mail = mailStarting.then(
        (started) => started.stop(),
        () => {},
      );
      await Promise.all([firestore.stop(), storage.stop(), registry.stop(), appCheck.stop(), mail]);
      if (projectDir) await rm(projectDir, { recursive: true, force: true });
    })());
  const stack: Stack = {
    projectId: PROJECT_ID,
    ports,
    urls,
    firestoreChannel: firestore.channelFactory,
    async exportAuth() {
      await saver?.saveNow();
    },
    smtp: {
      stop: () => mailStarting.then((mail) => mail.stopSmtp()),
      start: () => mailStarting.then((mail) => mail.startSmtp()),
    },
    stop,
  };

  try {
    await options.after;
    requireFunctionsBuild();
    const firebaseToolsBegan = performance.now();
    const mailRetry = options.mailRetry ?? (options.ports === 'free' ? MAIL_RETRY_TESTS : MAIL_RETRY_DEFAULT);
    const webDist = resolve(options.webDist ?? join(ROOT, 'web', 'dist'));
    const appCheckParams = { ENFORCE_APP_CHECK: String(options.enforceAppCheck ?? false) };
    // The registry's stand-in is the functions' REGISTRY_API_URL parameter (parameters come from the configDir only).
    const registryParams = { REGISTRY_API_URL: urls.registry };
    projectDir = await makeProjectDir(ports, hosting, webDist, {
      ...mailParams(urls, mailRetry),
      ...appCheckParams,
      ...registryParams,
    });
    // Accounts saved by an earlier run are imported once the Auth emulator listens: until then it is not the stack's.
    const importsAuth = authDir !== undefined && existsSync(join(authDir, AUTH_EXPORT_METADATA));
    child = spawnFirebaseTools(projectDir, urls, hosting, authDir);
    trimmer = trimFunctionWorkers(child);
    // Should this process end without stop() (a crash, process.exit), the emulators go with it: at once from its
    // 'exit' handler, or from the watchdog when it is killed outright.
    process.on('exit', killOnExit);
    if (child.pid !== undefined) guardGroup(child.pid, authDir ? { hub: urls.hub, authDir } : undefined);
    const ready = waitForEmulators(child, urls, onLine, options.readyTimeoutMs ?? STACK_READY_MS);
    if (options.onAuth && !importsAuth) {
      const onAuth = options.onAuth;
      void Promise.race([ready, waitForAuth(urls, child)]).then(
        () => onAuth(stack),
        () => {}, // The start fails: reported by `ready`.
      );
    }
    await ready;
    options.onPhase?.('firebase-tools', firebaseToolsBegan, performance.now());
    await mailStarting;
    if (authDir) saver = saveAuthOnChange(urls, authDir);
  } catch (error) {
    await stop();
    if (!child) throw error; // Before firebase-tools (a failed build): nothing of its to show.
    const detail = tail.slice(-40).join('\n');
    throw new Error(`${(error as Error).message}\n--- firebase-tools output ---\n${detail}`, { cause: error });
  }
  return stack;
}
