// Firestore-triggered functions run locally as deployed: firebase-tools' Functions emulator, started with the stack's
// preload, registers them with the built-in Firestore emulator, which delivers the document events after the commit
// (docs/architecture.md, "Document events"). The functions are small ones of this test's own (a 2nd gen
// onDocumentCreated on mail/{id} in the project's region, and a 1st gen onCreate, each copying what it received into
// another document), so that the real functions bundle is not needed to prove the path; the events' details are the
// emulator conformance suite's (triggers.test.ts, triggers-legacy.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@trialdesk/emulator';
import { STACK_READY_MS, stackTestTimeout } from '@trialdesk/scripts/limits';
import { freePort, PROJECT_ID, ROOT } from '@trialdesk/scripts/stack';

const HOST = '127.0.0.1';
const REGION = 'northamerica-northeast1';

const FUNCTION_SOURCE = `
const { onDocumentCreated } = require('firebase-functions/v2/firestore');
const { initializeApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');
initializeApp();
exports.copyMail = onDocumentCreated({ document: 'mail/{id}', region: '${REGION}' }, async (event) => {
  await getFirestore().doc('seen/' + event.params.id).set({
    to: event.data.get('to'),
    type: event.type,
    document: event.document,
  });
});
// A 1st gen one too: its events are the legacy JSON kind.
exports.copyLegacy = require('firebase-functions/v1').firestore.document('legacy/{id}').onCreate(async (snap, context) => {
  await getFirestore().doc('seen/' + context.params.id).set({ to: snap.get('to'), type: context.eventType });
});
`;

let dir: string | undefined;
let child: ChildProcess | undefined;
let firestore: RunningEmulator | undefined;
afterAll(async () => {
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    process.kill(-child.pid, 'SIGINT');
    await exited;
  }
  await firestore?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** firebase.json with this test's ports, and the function's folder beside it (its node_modules: the workspace's). */
async function makeProject(ports: { functions: number; hub: number; logging: number }): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'trialdesk-trigger-'));
  const at = (port: number) => ({ host: HOST, port });
  const config = {
    functions: [{ source: 'fn', codebase: 'default', runtime: 'nodejs20' }],
    emulators: {
      singleProjectMode: true,
      functions: at(ports.functions),
      hub: at(ports.hub),
      logging: at(ports.logging),
      ui: { enabled: false },
    },
  };
  await writeFile(join(folder, 'firebase.json'), JSON.stringify(config));
  await mkdir(join(folder, 'fn'));
  await mkdir(join(folder, 'tmp'));
  await writeFile(join(folder, 'fn', 'package.json'), JSON.stringify({ name: 'trigger-test', main: 'index.js' }));
  await writeFile(join(folder, 'fn', 'index.js'), FUNCTION_SOURCE);
  await symlink(join(ROOT, 'node_modules'), join(folder, 'fn', 'node_modules'), 'dir');
  return folder;
}

/** Resolves with firebase-tools' output once it printed "All emulators ready"; rejects if it exits first. */
function ready(process: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), STACK_READY_MS);
    for (const stream of [process.stdout!, process.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('All emulators ready')) {
          clearTimeout(timer);
          resolve(output);
        }
      });
    }
    process.once('exit', (code) => reject(new Error(`firebase-tools exited (${code}):\n${output}`)));
  });
}

it(
  'real Firestore-triggered functions (2nd gen and 1st gen) receive the built-in emulator’s events',
  async () => {
    const ports = { functions: 0, hub: 0, logging: 0 };
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) {
      let port = await freePort();
      while (Object.values(ports).includes(port)) port = await freePort();
      ports[name] = port;
    }
    const warnings: string[] = [];
    firestore = await startEmulator({
      port: 0,
      host: HOST,
      quiet: true,
      functionsEmulator: `${HOST}:${ports.functions}`,
      warn: (message) => warnings.push(message),
    });
    dir = await makeProject(ports);
    const preload = pathToFileURL(join(ROOT, 'scripts', 'firebase-tools-preload.mjs')).href;
    const firebase = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
    const args = [preload, firebase, 'emulators:start', '--only', 'functions', '--project', PROJECT_ID];
    child = spawn(process.execPath, ['--import', ...args, '--non-interactive'], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: `${HOST}:${firestore.port}`,
        TMPDIR: join(dir, 'tmp'),
        NO_UPDATE_NOTIFIER: '1',
        METADATA_SERVER_DETECTION: 'none',
        FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
        CI: 'true',
        NO_COLOR: '1',
      },
    });
    const output = await ready(child);
    // Without the preload, firebase-tools says the trigger is "ignored because the firestore emulator does not exist".
    expect(output).toMatch(/copyMail.*firestore function initialized/);
    expect(output).toMatch(/copyLegacy.*firestore function initialized/);
    // The hub names the built-in emulator among the running ones, where SDKs and tools look for it...
    const hub = `http://${HOST}:${ports.hub}`;
    const running = (await (await fetch(`${hub}/emulators`)).json()) as Record<string, { port: number }>;
    expect(running.firestore).toMatchObject({ host: HOST, port: firestore.port });
    // ...and leaves it out of firebase-tools' export (the stack's --export-on-exit is Auth's; stack.test.ts): with
    // Functions alone running there is nothing to export, where with Firestore counted firebase-tools would ask
    // the built-in emulator for an export of Google's format it does not make.
    const exported = await fetch(`${hub}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: join(dir, 'export'), initiatedBy: 'test' }),
    });
    expect(await exported.json()).toEqual({ message: 'No running emulators support import/export.' });

    const app = initializeApp({ projectId: PROJECT_ID }, `trigger-${Date.now()}`);
    const previous = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${firestore.port}`;
    const db = getFirestore(app);
    if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previous;
    try {
      await db.doc('mail/m1').set({ to: 'someone@trialdesk.test' });
      // The first event also starts a function worker: as long as a call's first response may take.
      await expect
        .poll(async () => (await db.doc('seen/m1').get()).data(), { timeout: STACK_READY_MS, interval: 250 })
        .toEqual({
          to: 'someone@trialdesk.test',
          type: 'google.cloud.firestore.document.v1.created',
          document: 'mail/m1',
        });
      await db.doc('legacy/l1').set({ to: 'other@trialdesk.test' });
      await expect
        .poll(async () => (await db.doc('seen/l1').get()).data(), { timeout: STACK_READY_MS, interval: 250 })
        .toEqual({ to: 'other@trialdesk.test', type: 'google.firestore.document.create' });
      expect(warnings).toEqual([]);
    } finally {
      await deleteApp(app);
    }
  },
  stackTestTimeout(1),
);
