// users-endSession, the web's idle sign-out on the server: the idle session's tokens, copied or not, stop working.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, bucket, db } from '../src/common/firebase.js';
import { call, callError, countDocs, expectError, persona, useProject, type Persona } from './helpers.js';

const PROJECT = 'end-sessions';
useProject(PROJECT);
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = inject('storageHost').split(':');
  // No rules given: the Storage emulator keeps the repository's storage.rules, which the test setup loaded.
  env = await initializeTestEnvironment({
    projectId: `demo-trialdesk-${PROJECT}`,
    storage: { host, port: Number(port) },
  });
});
afterAll(async () => {
  await env?.cleanup();
});

const list = { page: 1, pageSize: 10 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Auth's mark on the account (whole seconds): refresh tokens issued before it mint no new ID token. */
const authMarkOf = async (uid: string) => Date.parse((await auth().getUser(uid)).tokensValidAfterTime!);
const recordMarkOf = async (uid: string) =>
  ((await db().collection('users').doc(uid).get()).get('sessionsEndedAt') as Timestamp | undefined)?.toMillis();

/** What `session`'s token may do in Storage, through storage.rules: read a picture, upload into its own folder. */
function storageAs(session: Persona, picture: string) {
  const storage = env
    .authenticatedContext(session.uid, { auth_time: session.authTime })
    .storage(`gs://${bucket().name}`);
  return {
    readPicture: () => storage.ref(picture).getMetadata(),
    upload: () =>
      Promise.resolve(
        storage.ref(`uploads/${session.uid}/${Date.now()}.txt`).put(new Uint8Array([104, 105]), {
          contentType: 'text/plain',
        }),
      ),
  };
}

describe('users-endSession', () => {
  it('a copied token refused after the idle sign-out, by the callables and storage.rules; other sessions go on', async () => {
    const editor = await persona('editor', '-idle');
    const picture = `pictures/${editor.uid}/p.jpg`;
    await bucket()
      .file(picture)
      .save(Buffer.from([0xff, 0xd8, 0xff]), { contentType: 'image/jpeg', resumable: false });
    // Two sessions of the same person: the one that goes idle (whose token someone copied), and another device's.
    const now = Math.floor(Date.now() / 1000);
    const copied = { ...editor, authTime: now };
    // Sessions are told apart by their sign-in second.
    await sleep(1100);
    const elsewhere = { ...editor, authTime: Math.floor(Date.now() / 1000) };
    await call('studies-list', list, copied);
    await assertSucceeds(storageAs(copied, picture).readPicture());
    const authMarkBefore = await authMarkOf(editor.uid);
    const audited = (await countDocs()).auditLog;

    await expect(call('users-endSession', {}, copied)).resolves.toEqual({ uid: editor.uid });

    // The person's access stands: the refusal says to sign in again.
    await expectError(callError('studies-list', list, copied), 'permission-denied', 'errors.sessionEnded');
    await expectError(callError('users-me', {}, copied), 'permission-denied', 'errors.sessionEnded');
    await assertFails(storageAs(copied, picture).readPicture());
    await assertFails(storageAs(copied, picture).upload());
    // The other session works on, in the callables and in Storage: Auth's mark did not move, nor the record's.
    await expect(call('studies-list', list, elsewhere)).resolves.toMatchObject({ page: 1 });
    await assertSucceeds(storageAs(elsewhere, picture).readPicture());
    expect(await authMarkOf(editor.uid)).toBe(authMarkBefore);
    expect(await recordMarkOf(editor.uid)).toBeUndefined();
    // Not an audited change: no field a person edits moved.
    expect((await countDocs()).auditLog).toBe(audited);
    // Signing in again (a new sign-in time) works.
    await expect(call('users-me', {}, { ...editor, authTime: elsewhere.authTime + 1 })).resolves.toMatchObject({
      uid: editor.uid,
    });
  });

  it('past the sessions a record remembers, or without a record, ends every session of the person', async () => {
    const editor = await persona('editor', '-many');
    const now = Math.floor(Date.now() / 1000);
    // Fifty sessions ended one by one already (a fixture: written directly).
    await db()
      .collection('users')
      .doc(editor.uid)
      .update({ endedSignIns: Array.from({ length: 50 }, (_, i) => now - 1000 + i) });
    const authMarkBefore = await authMarkOf(editor.uid);
    await sleep(1100);
    const other = { ...editor, authTime: Math.floor(Date.now() / 1000) };
    await call('studies-list', list, other);
    await call('users-endSession', {}, { ...editor, authTime: now });
    await expectError(callError('studies-list', list, other), 'permission-denied', 'errors.sessionEnded');
    expect(await authMarkOf(editor.uid)).toBeGreaterThan(authMarkBefore);
    expect((await db().collection('users').doc(editor.uid).get()).get('endedSignIns')).toEqual([]);

    const [someone, admin] = await Promise.all([persona('noClaims', '-idle'), persona('admin', '-other')]);
    const someoneBefore = await authMarkOf(someone.uid);
    await sleep(1100);
    await expect(call('users-endSession', {}, someone)).resolves.toEqual({ uid: someone.uid });
    expect(await authMarkOf(someone.uid)).toBeGreaterThan(someoneBefore);
    expect((await db().collection('users').doc(someone.uid).get()).exists).toBe(false);
    await expectError(callError('users-me', {}, someone), 'permission-denied', 'errors.accessRevoked');
    // Everyone else's sessions go on.
    await expect(call('users-list', list, admin)).resolves.toMatchObject({ page: 1 });
  });
});
