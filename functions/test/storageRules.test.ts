// storage.rules, rule by rule, allowed and refused, with @firebase/rules-unit-testing against the Storage emulator.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, it, inject } from 'vitest';
import { DOCUMENT_MIME_TYPES, LIMITS } from '@trialdesk/shared';

const PROJECT = 'demo-trialdesk-storage-rules';
const rules = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');

let env: RulesTestEnvironment;
let admin: App;

/** The users records storage.rules reads with firestore.get(): written with firebase-admin, as the callables do. */
const PEOPLE = {
  admin: { role: 'Admin', roleApproved: true },
  editor: { role: 'Editor', roleApproved: true },
  pending: { role: 'Editor', roleApproved: false },
  user: { role: 'User', roleApproved: true },
  revoked: { role: 'Editor', roleApproved: false },
} as const;
type Person = keyof typeof PEOPLE | 'noRecord';

beforeAll(async () => {
  const [host, port] = inject('storageHost').split(':');
  env = await initializeTestEnvironment({ projectId: PROJECT, storage: { host, port: Number(port), rules } });
  process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreHost');
  admin = initializeApp({ projectId: PROJECT }, 'storage-rules');
  const db = getFirestore(admin);
  await Promise.all(
    Object.entries(PEOPLE).map(([uid, record]) =>
      db
        .collection('users')
        .doc(uid)
        .set({ ...record, email: uid }),
    ),
  );
  // Study documents and a picture, as the callables leave them (rules do not apply to these writes).
  await env.withSecurityRulesDisabled(async (context) => {
    const storage = context.storage();
    for (const path of ['studies/s1/documents/d1/v1', 'general/documents/d2/v1', 'pictures/editor/p.jpg']) {
      await put(storage.ref(path), new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
    }
  });
});

afterAll(async () => {
  await env?.cleanup();
  if (admin) await deleteApp(admin);
});

/** Storage as `person` (their uid is their name; signed out for `null`), signed in at `authTime` (seconds). */
function as(person: Person | null, authTime?: number) {
  const context =
    person === null
      ? env.unauthenticatedContext()
      : env.authenticatedContext(person, authTime === undefined ? {} : { auth_time: authTime });
  return context.storage();
}

/** An upload as a promise (the compat UploadTask is only thenable). */
function put(file: ReturnType<ReturnType<typeof as>['ref']>, data: Uint8Array, meta?: { contentType?: string }) {
  return Promise.resolve(file.put(data, meta));
}

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
let counter = 0;
const fresh = (uid: string, extension = 'pdf') => `uploads/${uid}/${Date.now()}-${++counter}.${extension}`;

describe('uploads/{uid}/{name}: create only, by approved staff, into their own folder', () => {
  it('an approved Admin and an approved Editor upload into their own folder', async () => {
    await assertSucceeds(put(as('admin').ref(fresh('admin')), pdf, { contentType: 'application/pdf' }));
    await assertSucceeds(put(as('editor').ref(fresh('editor')), pdf, { contentType: 'application/pdf' }));
  });

  it('accepts each listed type, and refuses the others', async () => {
    for (const contentType of DOCUMENT_MIME_TYPES) {
      await assertSucceeds(put(as('editor').ref(fresh('editor')), pdf, { contentType }));
    }
    for (const contentType of ['application/x-msdownload', 'text/html', 'image/svg+xml', 'application/zip']) {
      await assertFails(put(as('editor').ref(fresh('editor')), pdf, { contentType }));
    }
  });

  it('accepts 25 MB, refuses one byte more and an empty file', async () => {
    const limit = new Uint8Array(LIMITS.uploadMaxBytes);
    await assertSucceeds(put(as('editor').ref(fresh('editor')), limit, { contentType: 'application/pdf' }));
    const over = new Uint8Array(LIMITS.uploadMaxBytes + 1);
    await assertFails(put(as('editor').ref(fresh('editor')), over, { contentType: 'application/pdf' }));
    await assertFails(put(as('editor').ref(fresh('editor')), new Uint8Array(0), { contentType: 'application/pdf' }));
  });

  it("refuses another person's folder and a nested path", async () => {
    await assertFails(put(as('editor').ref(fresh('admin')), pdf, { contentType: 'application/pdf' }));
    await assertFails(
      put(as('editor').ref(`uploads/editor/nested/${++counter}.pdf`), pdf, {
        contentType: 'application/pdf',
      }),
    );
  });

  it('refuses the signed out, the pending, an approved User, an account without a record, a revoked Editor', async () => {
    await assertFails(put(as(null).ref(fresh('anyone')), pdf, { contentType: 'application/pdf' }));
    for (const person of ['pending', 'user', 'noRecord', 'revoked'] as const) {
      await assertFails(put(as(person).ref(fresh(person)), pdf, { contentType: 'application/pdf' }));
    }
  });

  it('loses access at once when the record is revoked, whatever the token says', async () => {
    const db = getFirestore(admin);
    await db.collection('users').doc('editor2').set({ role: 'Editor', roleApproved: true, email: 'editor2' });
    await assertSucceeds(put(as('editor2' as Person).ref(fresh('editor2')), pdf, { contentType: 'text/plain' }));
    await db.collection('users').doc('editor2').update({ roleApproved: false });
    await assertFails(put(as('editor2' as Person).ref(fresh('editor2')), pdf, { contentType: 'text/plain' }));
  });

  it('refuses a session begun before the sessions were last ended (revoked then approved again, a new password)', async () => {
    const db = getFirestore(admin);
    const endedAt = Date.now();
    const before = Math.floor(endedAt / 1000) - 60;
    const after = Math.floor(endedAt / 1000) + 1;
    await db
      .collection('users')
      .doc('editor3')
      .set({ role: 'Editor', roleApproved: true, email: 'editor3', sessionsEndedAt: Timestamp.fromMillis(endedAt) });
    const editor3 = 'editor3' as Person;
    await assertFails(put(as(editor3, before).ref(fresh('editor3')), pdf, { contentType: 'text/plain' }));
    await assertFails(as(editor3, before).ref('pictures/editor/p.jpg').getDownloadURL());
    // In the mark's own second, the sign-in may have come before it.
    await assertFails(
      as(editor3, Math.floor(endedAt / 1000))
        .ref('pictures/editor/p.jpg')
        .getMetadata(),
    );
    await assertSucceeds(put(as(editor3, after).ref(fresh('editor3')), pdf, { contentType: 'text/plain' }));
    await assertSucceeds(as(editor3, after).ref('pictures/editor/p.jpg').getDownloadURL());
  });

  it('never overwrites, reads back, lists or deletes an upload', async () => {
    const path = fresh('editor');
    await assertSucceeds(put(as('editor').ref(path), pdf, { contentType: 'application/pdf' }));
    await assertFails(put(as('editor').ref(path), pdf, { contentType: 'application/pdf' }));
    await assertFails(as('editor').ref(path).getDownloadURL());
    await assertFails(as('editor').ref(path).getMetadata());
    await assertFails(as('editor').ref('uploads/editor').listAll());
    await assertFails(as('editor').ref(path).delete());
  });
});

describe('pictures: read by approved staff only', () => {
  it('approved Admins and Editors read them', async () => {
    await assertSucceeds(as('admin').ref('pictures/editor/p.jpg').getDownloadURL());
    await assertSucceeds(as('editor').ref('pictures/editor/p.jpg').getMetadata());
  });

  it('everyone else is refused', async () => {
    for (const person of [null, 'pending', 'user', 'noRecord', 'revoked'] as const) {
      await assertFails(as(person).ref('pictures/editor/p.jpg').getDownloadURL());
    }
  });
});

describe('study documents and General documents: never read through Storage (files-download serves them)', () => {
  const paths = ['studies/s1/documents/d1/v1', 'general/documents/d2/v1', 'pictures/editor/p.jpg'];

  it("refuses every read, even an approved Admin's: a read allowed here would give the file a download token", async () => {
    for (const path of paths.slice(0, 2)) {
      for (const person of ['admin', 'editor', null] as const) {
        await assertFails(as(person).ref(path).getDownloadURL());
        await assertFails(as(person).ref(path).getMetadata());
      }
    }
  });

  it('nobody writes, deletes or lists there directly (the callables do)', async () => {
    for (const path of paths) {
      await assertFails(put(as('admin').ref(path), pdf, { contentType: 'application/pdf' }));
      await assertFails(as('admin').ref(path).delete());
    }
    await assertFails(as('admin').ref('studies/s1/documents').listAll());
    await assertFails(as('admin').ref('general/documents').listAll());
  });
});

describe('every other path', () => {
  it('is refused to every method, even to an approved Admin', async () => {
    for (const path of ['exports/admin/x.csv', 'x.pdf', 'studies/s1/other/x.pdf', 'uploads/admin']) {
      await assertFails(put(as('admin').ref(path), pdf, { contentType: 'application/pdf' }));
      await assertFails(as('admin').ref(path).getDownloadURL());
      await assertFails(as('admin').ref(path).delete());
    }
    await assertFails(as('admin').ref().listAll());
  });
});
