// Starts the emulators the tests talk to: the built-in Firestore emulator (with the committed composite indexes, so
// a missing index fails a test), the built-in Storage emulator (its rules reading that Firestore) and the Firebase
// Auth emulator from firebase-tools, all on free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startEmulator } from '@trialdesk/emulator';
import { startStorageEmulator } from '@trialdesk/emulator/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreHost: string;
    storageHost: string;
    authHost: string;
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the Auth emulator did not answer ${url} within ${timeoutMs / 1000} s`);
}

export default async function setup(project: TestProject) {
  const firestore = await startEmulator({
    port: 0,
    indexesFile: path.join(root, 'firestore.indexes.json'),
    quiet: true,
  });
  const storage = await startStorageEmulator({
    port: 0,
    rules: readFileSync(path.join(root, 'storage.rules'), 'utf8'),
    getDocument: (projectId, docPath) => firestore.readDocument(`projects/${projectId}/databases/(default)`, docPath),
    quiet: true,
  });

  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const configDir = mkdtempSync(path.join(tmpdir(), 'trialdesk-auth-'));
  const config = path.join(configDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        // One project id per test file.
        singleProjectMode: false,
      },
    }),
  );
  const output: string[] = [];
  const auth = spawn(
    path.join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', 'demo-trialdesk', '--config', config],
    {
      cwd: configDir,
      detached: true,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  auth.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  auth.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const stopAuth = () => {
    if (auth.exitCode === null && auth.pid) process.kill(-auth.pid, 'SIGTERM');
  };
  try {
    // firebase-tools takes a few seconds to start on a quiet machine; CI may run beside other work.
    await waitForHttp(`http://127.0.0.1:${authPort}/`, auth, 180_000);
  } catch (error) {
    stopAuth();
    await Promise.all([firestore.stop(), storage.stop()]);
    throw new Error(`${(error as Error).message}\n${output.join('')}`);
  }

  project.provide('firestoreHost', `${firestore.host}:${firestore.port}`);
  project.provide('storageHost', `${storage.host}:${storage.port}`);
  project.provide('authHost', `127.0.0.1:${authPort}`);

  return async () => {
    stopAuth();
    await new Promise((r) => (auth.exitCode === null ? auth.once('exit', r) : r(null)));
    await Promise.all([firestore.stop(), storage.stop()]);
    rmSync(configDir, { recursive: true, force: true });
  };
}
