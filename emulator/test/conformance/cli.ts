// Starts the built-in emulator's CLI as a child process. Used by the global setup and by the persistence and
// lifecycle tests; it only talks to the CLI (arguments, stdout, signals), never to emulator/src code.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const emulatorDir = fileURLToPath(new URL('../..', import.meta.url));
const READY = /Firestore emulator ready on (\S+):(\d+)/;
const STORAGE_READY = /Storage emulator ready on (\S+):(\d+)/;
/** How long the CLI may take to print its ready lines (about a second on a quiet machine; tsx compiles on a cold
 * cache, and CI may run beside other work). */
const READY_MS = 120_000;
/** The limit of a test that starts the CLI `starts` times, then makes its calls. */
export const cliTestTimeout = (starts: number) => starts * READY_MS + 60_000;

export interface CliServer {
  /** host:port, the form FIRESTORE_EMULATOR_HOST takes. */
  address: string;
  /** host:port of the Storage emulator, when started with --storage-port. */
  storageAddress?: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export async function startCli(extraArgs: string[] = []): Promise<CliServer> {
  const started = performance.now();
  // `node --import tsx` rather than `npx tsx`: one process, so signals (incl. SIGKILL) reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', ...extraArgs], {
    cwd: emulatorDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let stdout = '';
  const wantsStorage = extraArgs.includes('--storage-port');
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      const waited = `"Firestore emulator ready on …"${wantsStorage ? ' and "Storage emulator ready on …"' : ''}`;
      reject(new Error(`no ${waited} within ${READY_MS / 1000} s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, READY_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = READY.exec(stdout);
      if (m && (!wantsStorage || STORAGE_READY.test(stdout))) {
        clearTimeout(timer);
        resolve(`${m[1]}:${m[2]}`);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited (${code}) before ready\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
  const readyMs = performance.now() - started;
  const storage = STORAGE_READY.exec(stdout);
  return {
    address,
    storageAddress: storage ? `${storage[1]}:${storage[2]}` : undefined,
    child,
    readyMs,
    exited,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
