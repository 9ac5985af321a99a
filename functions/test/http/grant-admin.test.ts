// `npm run grant-admin` against the emulators: the command itself, run as a developer runs it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@trialdesk/scripts/stack';
import { signedOut, stack, uniqueWord } from './helpers.js';

const run = promisify(execFile);

async function grantAdmin(...args: string[]): Promise<{ code: number; output: string }> {
  const { urls } = stack();
  const env = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: urls.firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: urls.authHost,
  };
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await run(tsx, [join(ROOT, 'scripts', 'grant-admin.ts'), ...args], { cwd: ROOT, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('grant-admin', () => {
  it('makes an existing account an approved Admin: claims, users record and audit entries', async () => {
    const email = `${uniqueWord('newadmin')}@trialdesk.test`;
    const person = signedOut();
    const { user } = await createUserWithEmailAndPassword(person.auth, email, 'trialdesk-demo');

    const result = await grantAdmin(email);
    expect(result.output).toContain('Target: emulators');
    expect(result.output).toContain(`${email} (uid ${user.uid}) is now an approved Admin`);
    expect(result.code).toBe(0);

    const token = await user.getIdTokenResult(true);
    expect(token.claims).toMatchObject({ role: 'Admin', isRoleApproved: true });
    // With the new token the account manages users; its record reads as an approved Admin.
    const record = await person.call('users-get', { id: user.uid });
    expect(record).toMatchObject({ email, role: 'Admin', status: 'Admin', roleApproved: true, isAdmin: true });
    const audit = await person.call('audit-list', { entity: 'users', entityId: user.uid, page: 1, pageSize: 10 });
    expect(audit.items.map((entry) => entry.action).sort()).toEqual(['approve', 'requestAccess']);
    expect(audit.items.find((entry) => entry.action === 'approve')).toMatchObject({ actorUid: 'cli:grant-admin' });

    // Running it again changes nothing and still succeeds.
    const again = await grantAdmin(email);
    expect(again.code).toBe(0);
    expect((await person.call('users-get', { id: user.uid })).version).toBe(record.version);
  });

  it('approves as Admin an account that had asked for Editor access', async () => {
    const person = signedOut();
    const { user } = await createUserWithEmailAndPassword(
      person.auth,
      `${uniqueWord('asker')}@trialdesk.test`,
      'trialdesk-demo',
    );
    const before = (await person.call('users-requestAccess', {})).user;
    expect(before.status).toBe('PendingEditor');
    expect((await grantAdmin(user.email!)).code).toBe(0);
    await user.getIdToken(true);
    const after = (await person.call('users-me', {})).user!;
    expect(after).toMatchObject({ id: before.id, status: 'Admin', roleApproved: true, version: before.version + 1 });
  });

  it('says clearly when no account has the email', async () => {
    const result = await grantAdmin('nobody@trialdesk.test');
    expect(result.code).toBe(1);
    expect(result.output).toContain('No Firebase Auth account has the email nobody@trialdesk.test');
  });

  it('refuses a malformed command line', async () => {
    const result = await grantAdmin();
    expect(result.code).toBe(2);
    expect(result.output).toContain('Usage: npm run grant-admin -- <email>');
  });
});
