// Storage security rules through @firebase/rules-unit-testing, unchanged: rules loaded by initializeTestEnvironment,
// decisions per signed-in user, firestore.get() on records written with firebase-admin (a revoked record refuses at
// once), and the owner context past the rules. Load-time refusal of unsupported constructs is the built-in's own.
import { randomUUID } from 'node:crypto';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from './helpers';

const PROJECT = `conf-rules-${randomUUID().slice(0, 8)}`;
const [host, port] = inject('storageHost').split(':');
const builtIn = inject('builtInEmulator');

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function approved() {
      return request.auth != null
        && firestore.get(/databases/(default)/documents/people/$(request.auth.uid)).data.approved == true;
    }
    match /inbox/{uid}/{name} {
      allow create: if request.auth.uid == uid && approved()
        && request.resource.size < 1024 && request.resource.contentType.matches('text/.*');
      allow get: if request.auth.uid == uid;
    }
    match /shared/{path=**} {
      allow read: if approved();
    }
  }
}`;

let env: RulesTestEnvironment;
const db = () => openDb(PROJECT);

beforeAll(async () => {
  env = await initializeTestEnvironment({ projectId: PROJECT, storage: { host, port: Number(port), rules: RULES } });
  await db().doc('people/ann').set({ approved: true });
  await db().doc('people/bob').set({ approved: false });
  await env.withSecurityRulesDisabled(async (context) => {
    await put(context.storage().ref('shared/a/b.txt'), new TextEncoder().encode('shared'), {
      contentType: 'text/plain',
    });
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const text = (s: string) => new TextEncoder().encode(s);
const as = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).storage();

/** An upload as a promise (the compat UploadTask is only thenable). */
function put(file: ReturnType<ReturnType<typeof as>['ref']>, data: Uint8Array, meta?: { contentType?: string }) {
  return Promise.resolve(file.put(data, meta));
}

describe('storage rules', () => {
  it('allows what a rule grants, with request.resource and firestore.get()', async () => {
    await assertSucceeds(put(as('ann').ref('inbox/ann/note.txt'), text('hello'), { contentType: 'text/plain' }));
    await assertSucceeds(as('ann').ref('inbox/ann/note.txt').getMetadata());
    await assertSucceeds(as('ann').ref('shared/a/b.txt').getMetadata());
    await assertSucceeds(as('ann').ref('shared').listAll());
  });

  it('checks an overwrite as create, with resource the object it replaces (update is for metadata)', async () => {
    await assertSucceeds(put(as('ann').ref('inbox/ann/again.txt'), text('first'), { contentType: 'text/plain' }));
    // No update rule: the create rule is the one that allows the second upload, its size and type checked again.
    await assertSucceeds(put(as('ann').ref('inbox/ann/again.txt'), text('second'), { contentType: 'text/plain' }));
    await assertFails(put(as('ann').ref('inbox/ann/again.txt'), new Uint8Array(2048), { contentType: 'text/plain' }));
  });

  it('refuses another folder, a signed-out user, an unapproved record, a large or wrong-type file', async () => {
    await assertFails(put(as('ann').ref('inbox/bob/note.txt'), text('x'), { contentType: 'text/plain' }));
    await assertFails(put(as(null).ref('inbox/ann/x.txt'), text('x'), { contentType: 'text/plain' }));
    await assertFails(put(as('bob').ref('inbox/bob/x.txt'), text('x'), { contentType: 'text/plain' }));
    await assertFails(put(as('cyd').ref('inbox/cyd/x.txt'), text('x'), { contentType: 'text/plain' }));
    await assertFails(put(as('ann').ref('inbox/ann/big.txt'), new Uint8Array(2048), { contentType: 'text/plain' }));
    await assertFails(put(as('ann').ref('inbox/ann/x.pdf'), text('x'), { contentType: 'application/pdf' }));
    await assertFails(as('bob').ref('shared/a/b.txt').getMetadata());
    await assertFails(as(null).ref('shared/a/b.txt').getMetadata());
  });

  it('refuses what no rule grants: delete, update, reads elsewhere', async () => {
    await assertFails(as('ann').ref('inbox/ann/note.txt').delete());
    await assertFails(
      as('ann')
        .ref('inbox/ann/note.txt')
        .updateMetadata({ customMetadata: { a: 'b' } }),
    );
    await assertFails(as('ann').ref('shared/a/b.txt').delete());
    await assertFails(as('ann').ref('elsewhere/x').getMetadata());
  });

  it('reads the Firestore record on every request: a revoked record refuses at once', async () => {
    await db().doc('people/dee').set({ approved: true });
    await assertSucceeds(as('dee').ref('shared/a/b.txt').getMetadata());
    await db().doc('people/dee').update({ approved: false });
    await assertFails(as('dee').ref('shared/a/b.txt').getMetadata());
  });

  it('the owner context passes every rule', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(put(context.storage().ref('elsewhere/x'), text('x')));
      await assertSucceeds(context.storage().ref('elsewhere/x').delete());
    });
  });

  it.skipIf(!builtIn)('refuses to load rules with a construct it cannot evaluate, naming it', async () => {
    const bad = RULES.replace(
      "request.resource.contentType.matches('text/.*')",
      "request.resource.contentType.startsWith('text/')",
    );
    await expect(
      initializeTestEnvironment({ projectId: `${PROJECT}-bad`, storage: { host, port: Number(port), rules: bad } }),
    ).rejects.toThrow(/storage\.rules:\d+:\d+: unsupported method 'startsWith'/);
    // The rules in force are still the ones loaded before.
    await assertFails(put(as('ann').ref('inbox/ann/x.pdf'), text('x'), { contentType: 'application/pdf' }));
  });
});
