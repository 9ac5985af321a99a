// The local stack after a crash: `kill -9` of its launcher leaves no emulator running and no port held, and no
// account whose creation was acknowledged is lost, whether firebase-tools stopped in order (the watchdog) or was
// killed with everything else (the accounts saved as they change).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInClient } from '@trialdesk/scripts/client';
import { DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';
import { busyPorts, ROOT, startStack, type StackPorts } from '@trialdesk/scripts/stack';
import { stackTestTimeout } from '@trialdesk/scripts/limits';

interface Made {
  uid: string;
  studyId: string;
  ports: StackPorts;
  processes: number[];
}

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A stack in a process of its own, and a way to have it make an account and a study. */
async function crashingStack(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'functions/test/http/crashing-stack.ts'), dataDir],
    {
      cwd: ROOT,
    },
  );
  children.push(child);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`crashing-stack.ts ended before its answer:\n${errors}`);
      if (value.startsWith('{')) return JSON.parse(value);
    }
  };
  await next();
  return {
    child,
    async make(email: string): Promise<Made> {
      child.stdin.write(`${email}\n`);
      return next();
    },
  };
}

/** The stack's processes end after a kill: the watchdog gives firebase-tools 30 s to export and stop. */
const ENDED_MS = 120_000;

/** The e-mail addresses of the accounts saved in the data folder (firebase-tools' export format). */
async function savedEmails(dataDir: string): Promise<string[]> {
  try {
    const saved = JSON.parse(await readFile(join(dataDir, 'auth', 'auth_export', 'accounts.json'), 'utf8')) as {
      users: { email?: string }[];
    };
    return saved.users.map((user) => user.email ?? '');
  } catch {
    return []; // Not saved yet, or between the two renames of a save.
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function signsIn(dataDir: string, email: string, made: Made) {
  const stack = await startStack({ ports: 'free', dataDir, hosting: false });
  try {
    const client = await signedInClient(stack.urls, stack.projectId, email, DEMO_PASSWORD);
    expect(client.auth.currentUser?.uid).toBe(made.uid);
    expect(await client.call('users-me', {})).toMatchObject({ uid: made.uid });
    expect(await client.call('studies-get', { id: made.studyId })).toMatchObject({ id: made.studyId });
    await client.close();
  } finally {
    await stack.stop();
  }
}

/** A stack of its own, in a data folder of its own, that made an account and a study. */
async function stackWithAccount(email: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-crash-'));
  dirs.push(dataDir);
  const stack = await crashingStack(dataDir);
  return { dataDir, stack, made: await stack.make(email) };
}

/** Resolves once every process of the stack has ended after `what`. */
async function allEnded(made: Made, what: string): Promise<void> {
  await expect
    .poll(() => made.processes.filter(alive), {
      timeout: ENDED_MS,
      interval: 250,
      message: `every process of the stack ending after ${what}`,
    })
    .toEqual([]);
}

describe('a crash of the local stack', () => {
  it(
    'kill -9 of the launcher: the emulators stop, the ports are freed, the account made just before is kept',
    async () => {
      const { dataDir, stack, made } = await stackWithAccount('just.before@trialdesk.test');
      stack.child.kill('SIGKILL');
      await allEnded(made, 'kill -9 of its launcher');
      expect(await busyPorts(made.ports)).toEqual([]);
      await signsIn(dataDir, 'just.before@trialdesk.test', made);
    },
    stackTestTimeout(2),
  );

  it(
    'every process of the stack killed at once: an account already saved is kept',
    async () => {
      const { dataDir, made } = await stackWithAccount('saved.before@trialdesk.test');
      // Saved within AUTH_SAVE_MS on a quiet machine; the kill comes once the save is on disk, however long it took.
      const acknowledged = Date.now();
      await expect
        .poll(() => savedEmails(dataDir), {
          timeout: ENDED_MS,
          interval: 100,
          message: 'the new account in the saved accounts (<data>/auth/auth_export/accounts.json)',
        })
        .toContain('saved.before@trialdesk.test');
      console.log(`crash: the account was saved ${Date.now() - acknowledged} ms after its creation was acknowledged`);
      for (const pid of made.processes) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await allEnded(made, 'kill -9 of each');
      await signsIn(dataDir, 'saved.before@trialdesk.test', made);
    },
    stackTestTimeout(2),
  );
});
