// The local stack's own promises (what `npm start` relies on): data and Auth accounts survive a restart, demo
// accounts lost with the Auth export come back under their old uid, consistent with their users records, and every
// emulator listens on 127.0.0.1 only.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signedInClient } from '@trialdesk/scripts/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';
import { seed } from '@trialdesk/scripts/seed';
import { startStack, type Stack } from '@trialdesk/scripts/stack';
import { stackTestTimeout } from '@trialdesk/scripts/limits';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function withStack<T>(dataDir: string, use: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startStack({ ports: 'free', dataDir, hosting: false });
  try {
    return await use(stack);
  } finally {
    await stack.stop();
  }
}

async function asAdmin<T>(stack: Stack, use: (client: Awaited<ReturnType<typeof signedInClient>>) => Promise<T>) {
  const client = await signedInClient(stack.urls, stack.projectId, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const LATE = 'late.comer@trialdesk.test';
const allAre = (state: string) => Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.email, state]));

describe('local stack persistence', () => {
  it(
    'keeps records and accounts across restarts, and restores lost demo accounts under their uid',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-restart-'));
      dirs.push(dataDir);

      const first = await withStack(dataDir, async (stack) => {
        expect((await seed(stack, { records: false })).accounts).toEqual(allAre('created'));
        return asAdmin(stack, async (admin) => ({
          study: await admin.call('studies-create', {
            title: 'Survives a restart',
            specialty: 'Other',
            status: 'Unknown',
          }),
          me: await admin.call('users-me', {}),
          // Made after the seed's own export: only the export on exit can keep it.
          late: await admin.call('users-create', {
            firstName: 'Late',
            lastName: 'Comer',
            email: LATE,
            role: 'Editor',
            roleApproved: true,
            password: DEMO_PASSWORD,
            confirmPassword: DEMO_PASSWORD,
          }),
        }));
      });
      expect(existsSync(join(dataDir, 'auth', 'auth_export', 'accounts.json'))).toBe(true);

      await withStack(dataDir, async (stack) => {
        expect((await seed(stack, { records: false })).accounts).toEqual(allAre('kept'));
        await asAdmin(stack, async (admin) => {
          expect((await admin.call('users-me', {})).uid).toBe(first.me.uid);
          expect(await admin.call('studies-get', { id: first.study.id })).toMatchObject({
            title: 'Survives a restart',
          });
        });
        const late = await signedInClient(stack.urls, stack.projectId, LATE, DEMO_PASSWORD);
        expect(late.auth.currentUser?.uid).toBe(first.late.id);
        await late.close();
      });

      // Auth accounts lost, Firestore kept: the accounts come back with their records' uids and claims.
      await rm(join(dataDir, 'auth'), { recursive: true });
      await withStack(dataDir, async (stack) => {
        expect((await seed(stack, { records: false })).accounts).toEqual(allAre('restored'));
        await asAdmin(stack, async (admin) => {
          const me = await admin.call('users-me', {});
          expect(me).toMatchObject({ uid: first.me.uid, claims: { role: 'Admin', isRoleApproved: true } });
          expect(me.user).toMatchObject({ status: 'Admin' });
          expect((await admin.call('studies-get', { id: first.study.id })).id).toBe(first.study.id);
        });
      });
    },
    stackTestTimeout(3),
  );
});

/** The local addresses (ip:port) of every listening TCP socket on `port`, from the kernel's tables. */
function listeners(port: number): string[] {
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [ip, hexPort] = local.split(':');
      if (state === '0A' && parseInt(hexPort, 16) === port) found.push(`${ip}:${port}`);
    }
  }
  return found;
}

describe('local stack exposure', () => {
  // Its endpoints take no credentials (docs/security.md, "The local stack's endpoints"): nothing on another
  // interface may reach them. Read from /proc rather than by connecting, so no traffic leaves the loopback.
  it.skipIf(!existsSync('/proc/net/tcp'))('listens on 127.0.0.1 only, for every emulator', () => {
    const { urls } = inject('stack');
    const ports = [urls.firestoreHost, urls.storageHost, urls.authHost, urls.functions, urls.hub].map((address) =>
      Number(address.split(':').pop()),
    );
    for (const port of ports) expect(listeners(port)).toEqual([`0100007F:${port}`]);
  });
});
