// Firestore's REST API from a browser: the web SDK's lite client (`firebase/firestore/lite`, which speaks REST) in
// Chromium, on a page of another origin than the emulator's, so every call goes through CORS (a preflight, since the
// SDK sends an Authorization header), as end users the rules decide on.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openStorageBrowser, type StorageBrowser } from './browser';
import { clearProject } from './helpers';

const projectId = `conf-rest-web-${randomUUID().slice(0, 8)}`;
let browser: StorageBrowser;

beforeAll(async () => {
  const rules = `rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /diaries/{uid}/{rest=**} {
          allow read, write: if request.auth != null && request.auth.uid == uid;
        }
      }
    }`;
  const res = await fetch(`http://${inject('emulatorHost')}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
  });
  expect(res.status).toBe(200);
  browser = await openStorageBrowser({
    storageHost: inject('storageHost'),
    bucket: `${projectId}.appspot.com`,
    firestoreHost: inject('emulatorHost'),
  });
});
afterAll(async () => {
  await browser?.close();
  await clearProject(projectId);
});

it('writes, reads, queries, counts and runs a transaction as the signed-in user the rules allow', async () => {
  const result = await browser.run(async ({ firestore: fs, firestoreAs }) => {
    const db = firestoreAs({ user_id: 'ann', sub: 'ann' });
    await fs.setDoc(fs.doc(db, 'diaries/ann/days/d1'), { mood: 'good', n: 1, at: fs.serverTimestamp() });
    const added = await fs.addDoc(fs.collection(db, 'diaries/ann/days'), { mood: 'fine', n: 2 });
    await fs.runTransaction(db, async (tx) => {
      const snap = await tx.get(fs.doc(db, 'diaries/ann/days/d1'));
      tx.update(snap.ref, { n: snap.get('n') + 10 });
    });
    const days = await fs.getDocs(fs.query(fs.collection(db, 'diaries/ann/days'), fs.orderBy('n')));
    const count = await fs.getCount(fs.collection(db, 'diaries/ann/days'));
    const first = await fs.getDoc(fs.doc(db, 'diaries/ann/days/d1'));
    return {
      ids: days.docs.map((d) => d.id),
      added: added.id,
      count: count.data().count,
      n: first.get('n'),
      stamped: first.get('at') instanceof fs.Timestamp,
    };
  }, null);
  expect(result.ids).toEqual([result.added, 'd1']);
  expect(result).toMatchObject({ count: 2, n: 11, stamped: true });
});

it("refuses another user's and a signed-out caller's reads and writes (permission-denied)", async () => {
  const codes = await browser.run(async ({ firestore: fs, firestoreAs }) => {
    const out: string[] = [];
    for (const db of [firestoreAs({ user_id: 'bob', sub: 'bob' }), firestoreAs()]) {
      for (const attempt of [
        () => fs.getDoc(fs.doc(db, 'diaries/ann/days/d1')),
        () => fs.setDoc(fs.doc(db, 'diaries/ann/days/x'), { mood: 'bad' }),
      ]) {
        out.push(
          await attempt().then(
            () => 'allowed',
            (e: { code?: string }) => e.code ?? 'no code',
          ),
        );
      }
    }
    return out;
  }, null);
  expect(codes).toEqual(['permission-denied', 'permission-denied', 'permission-denied', 'permission-denied']);
});
