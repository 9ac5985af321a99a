// Firestore security rules through @firebase/rules-unit-testing and the `firebase` web SDK, unchanged: the
// repository's firestore.rules refuse every client operation on every collection the product uses, for every kind of
// caller; a second project's permissive rules allow the same operations, and rules reading request.auth,
// resource.data, request.resource.data, request.time, get() and existsAfter() decide per document.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  increment,
  limit,
  onSnapshot,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCli } from './cli';

const [host, port] = inject('emulatorHost').split(':');
const PRODUCT_RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

/** Every collection the product keeps (functions/src: the callables are the only ones reading and writing them). */
const COLLECTIONS = [
  'studies',
  'references',
  'studyContacts',
  'documents',
  'users',
  'auditLog',
  'accessLog',
  // Where each imported NCT number's study is (functions/src/studies/service.ts).
  'registryIds',
  // Each referrer's referrals of the day (functions/src/referrals/service.ts).
  'referralDays',
  // E-mail waiting to be sent, being sent, sent (functions/src/mail/queue.ts).
  'mail',
];

/** The kinds of caller: roles are custom claims (`role`, `isRoleApproved`) backed by users/{uid}. */
const CLIENTS: { label: string; uid: string | null; claims?: Record<string, unknown> }[] = [
  { label: 'signed out', uid: null },
  { label: 'signed in without claims', uid: 'plain' },
  { label: 'approved referrer (role User)', uid: 'ref', claims: { role: 'User', isRoleApproved: true } },
  { label: 'approved Editor', uid: 'ed', claims: { role: 'Editor', isRoleApproved: true } },
  { label: 'approved Admin', uid: 'ad', claims: { role: 'Admin', isRoleApproved: true } },
];

const PERMISSIVE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{coll}/{id} {
      allow read, write: if coll != 'owned' && coll != 'pairs';
    }
    match /owned/{id} {
      allow read: if request.auth != null && resource.data.owner == request.auth.uid;
      allow create: if request.auth.uid == request.resource.data.owner
        && request.resource.data.createdAt == request.time;
      allow update: if resource.data.owner == request.auth.uid
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['n']);
      allow delete: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'Admin';
    }
    match /pairs/{id} {
      allow create: if existsAfter(/databases/$(database)/documents/pairLocks/$(id));
    }
  }
}`;

/** Resolves with the first snapshot of a listener, rejects with its error. */
function firstSnapshot(target: DocumentReference | Query): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const unsubscribe = (
      onSnapshot as (t: unknown, next: (s: unknown) => void, error: (e: Error) => void) => () => void
    )(
      target,
      (snapshot) => {
        unsubscribe();
        resolve(snapshot);
      },
      reject,
    );
  });
}

/** Every client operation on a collection: reads through Listen, a transaction and an aggregation; writes. */
function operations(fs: Firestore, coll: string, who: string): [string, () => Promise<unknown>][] {
  const seed = doc(fs, coll, 'seed');
  return [
    ['get', () => getDoc(seed)],
    ['get in a transaction', () => runTransaction(fs, (t) => t.get(seed))],
    ['list', () => getDocs(collection(fs, coll))],
    ['query', () => getDocs(query(collection(fs, coll), where('n', '>=', 1), limit(10)))],
    ['count', () => getCountFromServer(collection(fs, coll))],
    ['listen to a document', () => firstSnapshot(seed)],
    ['listen to a query', () => firstSnapshot(query(collection(fs, coll), where('n', '>=', 1)))],
    ['create', () => setDoc(doc(fs, coll, `new-${randomUUID()}`), { n: 1 })],
    ['update', () => updateDoc(seed, { n: 2 })],
    ['delete', () => deleteDoc(doc(fs, coll, `doomed-${who}`))],
  ];
}

async function seedProject(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const fs = context.firestore() as unknown as Firestore;
    const batch = writeBatch(fs);
    for (const coll of COLLECTIONS) {
      batch.set(doc(fs, coll, 'seed'), { n: 1 });
      for (const client of CLIENTS) batch.set(doc(fs, coll, `doomed-${client.uid ?? 'anon'}`), { n: 1 });
    }
    batch.set(doc(fs, 'users', 'ed'), { n: 1, role: 'Editor', roleApproved: true });
    batch.set(doc(fs, 'users', 'ad'), { n: 1, role: 'Admin', roleApproved: true });
    await batch.commit();
  });
}

/** One web SDK instance per caller and environment (useEmulator can only be called before first use). */
function clients(env: RulesTestEnvironment): { label: string; who: string; fs: Firestore }[] {
  return CLIENTS.map((c) => {
    const context: RulesTestContext = c.uid ? env.authenticatedContext(c.uid, c.claims) : env.unauthenticatedContext();
    return { label: c.label, who: c.uid ?? 'anon', fs: context.firestore() as unknown as Firestore };
  });
}

/** Runs `check` on every operation of every collection, naming the failing one. */
async function everyOperation(
  env: RulesTestEnvironment,
  check: (p: Promise<unknown>) => Promise<unknown>,
): Promise<number> {
  let count = 0;
  for (const { label, who, fs } of clients(env)) {
    for (const coll of COLLECTIONS) {
      for (const [name, op] of operations(fs, coll, who)) {
        await check(op()).catch((e: unknown) => {
          throw new Error(`${label}, ${name} on ${coll}: ${e instanceof Error ? e.message : String(e)}`);
        });
        count++;
      }
    }
  }
  return count;
}

let closed: RulesTestEnvironment;
let open: RulesTestEnvironment;

beforeAll(async () => {
  const firestore = { host, port: Number(port) };
  closed = await initializeTestEnvironment({
    projectId: `conf-frules-${randomUUID().slice(0, 8)}`,
    firestore: { ...firestore, rules: PRODUCT_RULES },
  });
  open = await initializeTestEnvironment({
    projectId: `conf-frules-${randomUUID().slice(0, 8)}`,
    firestore: { ...firestore, rules: PERMISSIVE_RULES },
  });
  await Promise.all([seedProject(closed), seedProject(open)]);
});

afterAll(async () => {
  await Promise.all([closed?.cleanup(), open?.cleanup()]);
});

describe('the repository firestore.rules', () => {
  it('refuses every client operation on every product collection, whoever the caller', async () => {
    const checked = await everyOperation(closed, assertFails);
    expect(checked).toBe(CLIENTS.length * COLLECTIONS.length * 10);
    // Nothing was written: the seed is as it was and no created document exists.
    await closed.withSecurityRulesDisabled(async (context) => {
      const fs = context.firestore() as unknown as Firestore;
      for (const coll of COLLECTIONS) {
        const all = await getDocs(collection(fs, coll));
        expect(all.size, coll).toBe(1 + CLIENTS.length + (coll === 'users' ? 2 : 0));
        expect((await getDoc(doc(fs, coll, 'seed'))).get('n'), coll).toBe(1);
      }
    });
  }, 120_000);

  it('lets the admin token (withSecurityRulesDisabled) read and write', async () => {
    await closed.withSecurityRulesDisabled(async (context) => {
      const fs = context.firestore() as unknown as Firestore;
      await assertSucceeds(setDoc(doc(fs, 'studies', 'by-owner'), { n: 5 }));
      expect((await getDoc(doc(fs, 'studies', 'by-owner'))).get('n')).toBe(5);
      await assertSucceeds(deleteDoc(doc(fs, 'studies', 'by-owner')));
    });
  });

  it('refuses to load rules the emulator cannot evaluate, naming the problem', async () => {
    await expect(
      initializeTestEnvironment({
        projectId: `conf-frules-${randomUUID().slice(0, 8)}`,
        firestore: { host, port: Number(port), rules: "rules_version = '2';\nservice cloud.firestore {\n  match /x {" },
      }),
    ).rejects.toThrow();
  });
});

describe('permissive rules in another project', () => {
  it('allow the same operations', async () => {
    const checked = await everyOperation(open, assertSucceeds);
    expect(checked).toBe(CLIENTS.length * COLLECTIONS.length * 10);
  }, 120_000);

  it('concurrent end-user writes lose nothing while their rules are evaluated', async () => {
    const users = clients(open);
    const counter = (fs: Firestore) => doc(fs, 'counters', 'c1');
    await setDoc(counter(users[1].fs), { n: 0 });
    await Promise.all([
      ...users.flatMap(({ fs }) => Array.from({ length: 5 }, () => updateDoc(counter(fs), { n: increment(1) }))),
      ...users.flatMap(({ fs }) =>
        Array.from({ length: 3 }, () =>
          runTransaction(fs, async (t) => {
            const n = (await t.get(counter(fs))).get('n') as number;
            t.update(counter(fs), { n: n + 1 });
          }),
        ),
      ),
    ]);
    await open.withSecurityRulesDisabled(async (context) => {
      const fs = context.firestore() as unknown as Firestore;
      expect((await getDoc(counter(fs))).get('n')).toBe(CLIENTS.length * 8);
    });
  }, 60_000);

  describe('rules reading request.auth, resource and request.resource decide per document', () => {
    let ann: Firestore;
    let bob: Firestore;
    let ad: Firestore;
    let anon: Firestore;

    beforeAll(async () => {
      await open.withSecurityRulesDisabled(async (context) => {
        const fs = context.firestore() as unknown as Firestore;
        await setDoc(doc(fs, 'owned', 'a1'), { owner: 'ann', n: 1, title: 'A' });
        await setDoc(doc(fs, 'owned', 'b1'), { owner: 'bob', n: 1, title: 'B' });
        await setDoc(doc(fs, 'owned', 'a2'), { owner: 'ann', n: 1, title: 'A2' });
      });
      ann = open.authenticatedContext('ann').firestore() as unknown as Firestore;
      bob = open.authenticatedContext('bob').firestore() as unknown as Firestore;
      ad = open.authenticatedContext('ad').firestore() as unknown as Firestore;
      anon = open.unauthenticatedContext().firestore() as unknown as Firestore;
    });

    it('reads: own documents and queries limited to them, not the others', async () => {
      await assertSucceeds(getDoc(doc(ann, 'owned', 'a1')));
      await assertFails(getDoc(doc(ann, 'owned', 'b1')));
      await assertFails(getDoc(doc(anon, 'owned', 'a1')));
      await assertSucceeds(runTransaction(ann, (t) => t.get(doc(ann, 'owned', 'a2'))));
      await assertFails(runTransaction(bob, (t) => t.get(doc(bob, 'owned', 'a2'))));
      const mine = await assertSucceeds(getDocs(query(collection(ann, 'owned'), where('owner', '==', 'ann'))));
      expect(mine.docs.map((d) => d.id).sort()).toEqual(['a1', 'a2']);
      await assertFails(getDocs(collection(ann, 'owned')));
      await assertFails(getDocs(query(collection(bob, 'owned'), where('owner', '==', 'ann'))));
      await assertSucceeds(getCountFromServer(query(collection(bob, 'owned'), where('owner', '==', 'bob'))));
      await assertFails(getCountFromServer(collection(bob, 'owned')));
      await assertSucceeds(firstSnapshot(doc(bob, 'owned', 'b1')));
      await assertFails(firstSnapshot(doc(bob, 'owned', 'a1')));
    });

    it('create: request.resource.data against request.auth and request.time', async () => {
      await assertSucceeds(setDoc(doc(ann, 'owned', 'a3'), { owner: 'ann', n: 1, createdAt: serverTimestamp() }));
      await assertFails(setDoc(doc(ann, 'owned', 'a4'), { owner: 'bob', n: 1, createdAt: serverTimestamp() }));
      await assertFails(setDoc(doc(ann, 'owned', 'a5'), { owner: 'ann', n: 1, createdAt: new Date(0) }));
      await assertFails(setDoc(doc(anon, 'owned', 'a6'), { owner: 'ann', n: 1, createdAt: serverTimestamp() }));
    });

    it('update: the document after the write (merges applied) against the one before', async () => {
      await assertSucceeds(updateDoc(doc(ann, 'owned', 'a1'), { n: 2 }));
      await assertSucceeds(setDoc(doc(ann, 'owned', 'a1'), { n: 3 }, { merge: true }));
      await assertFails(updateDoc(doc(ann, 'owned', 'a1'), { title: 'changed' }));
      await assertFails(setDoc(doc(ann, 'owned', 'a1'), { owner: 'ann', n: 4 }));
      await assertFails(updateDoc(doc(bob, 'owned', 'a1'), { n: 5 }));
      await open.withSecurityRulesDisabled(async (context) => {
        const fs = context.firestore() as unknown as Firestore;
        expect((await getDoc(doc(fs, 'owned', 'a1'))).data()).toEqual({ owner: 'ann', n: 3, title: 'A' });
      });
    });

    it('delete: get() of the caller users record decides', async () => {
      await assertFails(deleteDoc(doc(ann, 'owned', 'a2')));
      await assertSucceeds(deleteDoc(doc(ad, 'owned', 'a2')));
    });

    it('existsAfter(): a batch that writes the lock with the document', async () => {
      const both = writeBatch(ann);
      both.set(doc(ann, 'pairs', 'p1'), { n: 1 });
      both.set(doc(ann, 'pairLocks', 'p1'), { n: 1 });
      await assertSucceeds(both.commit());
      await assertFails(setDoc(doc(ann, 'pairs', 'p2'), { n: 1 }));
    });
  });
});

describe.runIf(inject('builtInEmulator'))('the CLI --rules file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'firestore-rules-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies to every project, and a project loaded through the endpoint takes precedence', async () => {
    const file = join(dir, 'firestore.rules');
    writeFileSync(
      file,
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow read, write: if request.auth != null;
    }
  }
}`,
    );
    const server = await startCli(['--rules', file]);
    try {
      const [cliHost, cliPort] = server.address.split(':');
      const fromFile = await initializeTestEnvironment({
        projectId: `conf-frules-${randomUUID().slice(0, 8)}`,
        firestore: { host: cliHost, port: Number(cliPort) },
      });
      const fromEndpoint = await initializeTestEnvironment({
        projectId: `conf-frules-${randomUUID().slice(0, 8)}`,
        firestore: { host: cliHost, port: Number(cliPort), rules: PRODUCT_RULES },
      });
      try {
        const user = fromFile.authenticatedContext('u1').firestore() as unknown as Firestore;
        await assertSucceeds(setDoc(doc(user, 'notes', 'n1'), { n: 1 }));
        await assertSucceeds(getDoc(doc(user, 'notes', 'n1')));
        const anon = fromFile.unauthenticatedContext().firestore() as unknown as Firestore;
        await assertFails(getDoc(doc(anon, 'notes', 'n1')));
        await assertFails(setDoc(doc(user, 'other', 'o1'), { n: 1 }));
        const closedUser = fromEndpoint.authenticatedContext('u1').firestore() as unknown as Firestore;
        await assertFails(setDoc(doc(closedUser, 'notes', 'n1'), { n: 1 }));
      } finally {
        await Promise.all([fromFile.cleanup(), fromEndpoint.cleanup()]);
      }
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses to start with rules it cannot evaluate, naming the problem', async () => {
    const file = join(dir, 'broken.rules');
    writeFileSync(
      file,
      "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if sneaky(); }\n}\n",
    );
    await expect(startCli(['--rules', file])).rejects.toThrow(/unsupported function 'sneaky'/);
  });
});
