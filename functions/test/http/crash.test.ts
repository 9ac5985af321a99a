// The local stack after a crash: `kill -9` of its launcher leaves no emulator running and no port held, and no
// account whose creation was acknowledged is lost, whether firebase-tools stopped in order (the watchdog) or was
// killed with everything else (the accounts saved as they change).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInClient } from '@trialdesk/scripts/client';
import { DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';
import { AUTH_SAVE_MS, busyPorts, ROOT, startStack, type StackPorts } from '@trialdesk/scripts/stack';

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
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the stack ended');
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

describe('a crash of the local stack', () => {
  it('kill -9 of the launcher: the emulators stop, the ports are freed, the account made just before is kept', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-crash-'));
    dirs.push(dataDir);
    const stack = await crashingStack(dataDir);
    const made = await stack.make('just.before@trialdesk.test');
    stack.child.kill('SIGKILL');
    await expect.poll(() => made.processes.filter(alive), { timeout: 45_000, interval: 250 }).toEqual([]);
    expect(await busyPorts(made.ports)).toEqual([]);
    await signsIn(dataDir, 'just.before@trialdesk.test', made);
  }, 120_000);

  it('every process of the stack killed at once: an account made a save interval before is kept', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-crash-'));
    dirs.push(dataDir);
    const stack = await crashingStack(dataDir);
    const made = await stack.make('saved.before@trialdesk.test');
    await new Promise((done) => setTimeout(done, 2 * AUTH_SAVE_MS + 1_000));
    for (const pid of made.processes) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await expect.poll(() => made.processes.filter(alive), { timeout: 10_000, interval: 250 }).toEqual([]);
    await signsIn(dataDir, 'saved.before@trialdesk.test', made);
  });
});
