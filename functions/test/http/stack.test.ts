// The local stack's own promises (what `npm start` relies on): data and Auth accounts survive a restart, and demo
// accounts lost with the Auth export come back under their old uid, consistent with their users records.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
