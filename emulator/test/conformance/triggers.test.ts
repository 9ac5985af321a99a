// Document events: triggers registered through the REST calls firebase-tools makes, events received by a small HTTP
// server standing in for the Functions emulator (a boundary this suite does not run) and read by firebase-functions'
// own v2 Firestore handlers, as the Functions emulator's runtime hands them over. Built-in emulator only: the
// official one takes the Functions emulator's address at start (`--functions_emulator`), which this suite cannot set.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, getApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentUpdated,
  onDocumentWritten,
  onDocumentCreatedWithAuthContext,
} from 'firebase-functions/v2/firestore';
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cliTestTimeout, startCli, type CliServer } from './cli';
import { Code, expectCode, openDb, uniqueProjectId } from './helpers';

type Snapshot = { data(): Record<string, unknown> | undefined };
type Fn = ((event: unknown) => Promise<unknown>) & { __endpoint: { eventTrigger: unknown } };

interface Received {
  key: string;
  type: string;
  document: string;
  params: Record<string, string>;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  attributes: Record<string, string>;
}

/** update_mask (field 3) of a DocumentEventData: its field_paths (field 1), read from the bytes. */
function updateMask(data: Buffer): string[] {
  const read = (buf: Buffer, want: number): Buffer[] => {
    const out: Buffer[] = [];
    let pos = 0;
    const varint = () => {
      let n = 0;
      let mul = 1;
      for (;;) {
        const b = buf[pos++];
        n += (b & 0x7f) * mul;
        if (b < 0x80) return n;
        mul *= 128;
      }
    };
    while (pos < buf.length) {
      const key = varint();
      expect(key % 8, 'DocumentEventData holds only messages').toBe(2);
      const len = varint();
      if (Math.floor(key / 8) === want) out.push(buf.subarray(pos, pos + len));
      pos += len;
    }
    return out;
  };
  return read(data, 3).flatMap((mask) => read(mask, 1).map((p) => p.toString('utf8')));
}

const builtIn = inject('builtInEmulator');

describe.runIf(builtIn)('document events to the Functions emulator', () => {
  const received: Received[] = [];
  const failures: string[] = [];
  const functions = new Map<string, Fn>();
  /** Each event's update mask, by its id. */
  const masks = new Map<string, string[]>();
  let server: http.Server;
  let cli: CliServer;
  let dataDir: string | undefined;
  /** What the emulator reported (undelivered events). */
  let stderr = '';
  let project: string;
  let db: Firestore;

  beforeAll(async () => {
    // What the Functions emulator and its runtime do with Google's emulator's request: the body is base64 (decoded
    // to bytes), the ce-* headers are the event's attributes, the bytes its data; then the function runs.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = decodeURIComponent(req.url!.split('/').pop()!);
        const fn = functions.get(key);
        if (!fn || req.method !== 'POST') return void res.writeHead(404).end();
        // A function that fails: the emulator only reports the answer.
        if (String(req.headers['ce-document']).includes('fail')) return void res.writeHead(500).end('it failed');
        const attributes: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers))
          if (name.startsWith('ce-')) attributes[name.slice(3)] = String(value);
        const data = Buffer.from(Buffer.concat(chunks).toString('utf8'), 'base64');
        if (req.headers['content-type'] !== 'application/protobuf') failures.push(`${req.headers['content-type']}`);
        masks.set(attributes.id, updateMask(data));
        fn({ ...attributes, data }).then(
          () => res.writeHead(200).end('{"status":"acknowledged"}'),
          (e: unknown) => {
            failures.push(String(e));
            res.writeHead(500).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // With a data folder, as the local stack runs it: events wait for the commit to be on disk.
    dataDir = mkdtempSync(join(tmpdir(), 'conf-triggers-'));
    cli = await startCli(['--functions-emulator', `127.0.0.1:${port}`, '--data-dir', dataDir]);
    cli.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    project = uniqueProjectId('triggers');
    db = openDb(project, { host: cli.address });
    // The app firebase-functions reads its snapshots with, as in a function of this project.
    initializeApp({ projectId: project });
  }, cliTestTimeout(1));

  afterAll(async () => {
    await deleteApp(getApp());
    await cli?.stop('SIGTERM');
    await new Promise((resolve) => server?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A firebase-functions v2 Firestore function whose events are recorded under `key`, registered as firebase-tools
   * registers it (getV2FirestoreAttributes). */
  async function register(key: string, make: (handler: (event: unknown) => void) => unknown): Promise<void> {
    const fn = make((event: unknown) => {
      const { data, ...attributes } = event as Record<string, unknown> & { params: Record<string, string> };
      // A Change (updated, written) or one snapshot (created: the new document, deleted: the old one).
      const change = data as { before?: Snapshot; after?: Snapshot } | undefined;
      received.push({
        key,
        type: String(attributes.type),
        document: String(attributes.document),
        params: attributes.params,
        before: change?.before ? change.before.data() : undefined,
        after: change?.after ? change.after.data() : (data as Snapshot | undefined)?.data(),
        attributes: attributes as unknown as Record<string, string>,
      });
    }) as Fn;
    functions.set(key, fn);
    const trigger = fn.__endpoint.eventTrigger as {
      eventType: string;
      eventFilters: { database: string; namespace: string; document?: string };
      eventFilterPathPatterns: { document?: string };
    };
    const pattern = trigger.eventFilterPathPatterns.document;
    const body = JSON.stringify({
      eventType: trigger.eventType,
      database: trigger.eventFilters.database,
      namespace: trigger.eventFilters.namespace,
      document: { value: pattern ?? trigger.eventFilters.document, matchType: pattern ? 'PATH_PATTERN' : 'EXACT' },
    });
    const res = await fetch(
      `http://${cli.address}/emulator/v1/projects/${project}/eventarcTrigger?eventarcTriggerId=${key}`,
      { method: 'POST', body },
    );
    expect(res.status, await res.text()).toBe(200);
  }

  const of = (key: string) => received.filter((r) => r.key === key);
  /** Writes a sentinel document and waits for its event: every event of an earlier commit has arrived by then. */
  let sentinels = 0;
  async function settle(): Promise<void> {
    const id = `s${++sentinels}`;
    await db.doc(`sentinel/${id}`).set({ n: sentinels });
    await expect
      .poll(() => of('sentinel').some((r) => r.document === `sentinel/${id}`), { timeout: 30_000 })
      .toBe(true);
  }

  it('registers the triggers, and refuses a malformed registration', async () => {
    await register('sentinel', (h) => onDocumentCreated('sentinel/{id}', h));
    await register('created', (h) => onDocumentCreated('mail/{id}', h));
    await register('updated', (h) => onDocumentUpdated('mail/{id}', h));
    await register('deleted', (h) => onDocumentDeleted('mail/{id}', h));
    await register('written', (h) => onDocumentWritten('mail/{id}', h));
    await register('nested', (h) => onDocumentWritten('a/{x}/b/{y}', h));
    await register('exact', (h) => onDocumentCreated('config/main', h));
    await register('auth', (h) => onDocumentCreatedWithAuthContext('audited/{id}', h));
    const bad = await fetch(
      `http://${cli.address}/emulator/v1/projects/${project}/eventarcTrigger?eventarcTriggerId=x`,
      {
        method: 'POST',
        body: JSON.stringify({ eventType: 'google.cloud.firestore.document.v1.created', database: '(default)' }),
      },
    );
    // No namespace, no document.
    expect(bad.status).toBe(400);
  });

  it('sends created, updated, deleted and written events with the data before and after', async () => {
    const ref = db.doc('mail/m1');
    const created = await ref.set({ to: 'a@x.test', state: 'pending', meta: { tries: 0, keep: true } });
    await ref.update({ state: 'sent', 'meta.tries': 1 });
    // The same data again: a no-op write, which Firestore sends no event for.
    await ref.set({ to: 'a@x.test', state: 'sent', meta: { tries: 1, keep: true } });
    await ref.delete();
    await settle();
    expect(failures).toEqual([]);

    const [c] = of('created');
    expect(c).toMatchObject({ type: 'google.cloud.firestore.document.v1.created', document: 'mail/m1' });
    expect(c.params).toEqual({ id: 'm1' });
    expect(c.after).toEqual({ to: 'a@x.test', state: 'pending', meta: { tries: 0, keep: true } });
    expect(c.attributes).toMatchObject({
      specversion: '1.0',
      source: `//firestore.googleapis.com/projects/${project}/databases/(default)`,
      subject: 'documents/mail/m1',
      project,
      database: '(default)',
      namespace: '(default)',
    });
    expect(c.attributes.id).toMatch(/\S/);
    expect(c.attributes.location).toMatch(/\S/);
    expect(new Date(c.attributes.time).getTime()).toBe(created.writeTime.toDate().getTime());

    expect(of('updated')).toHaveLength(1);
    const [u] = of('updated');
    expect(u.before).toEqual({ to: 'a@x.test', state: 'pending', meta: { tries: 0, keep: true } });
    expect(u.after).toEqual({ to: 'a@x.test', state: 'sent', meta: { tries: 1, keep: true } });
    expect(masks.get(u.attributes.id)).toEqual(['meta.tries', 'state']);

    const [d] = of('deleted');
    expect(d.type).toBe('google.cloud.firestore.document.v1.deleted');
    expect(d.after).toEqual({ to: 'a@x.test', state: 'sent', meta: { tries: 1, keep: true } });

    const w = of('written');
    expect(w.map((r) => [r.before, r.after])).toEqual([
      [undefined, { to: 'a@x.test', state: 'pending', meta: { tries: 0, keep: true } }],
      [
        { to: 'a@x.test', state: 'pending', meta: { tries: 0, keep: true } },
        { to: 'a@x.test', state: 'sent', meta: { tries: 1, keep: true } },
      ],
      [{ to: 'a@x.test', state: 'sent', meta: { tries: 1, keep: true } }, undefined],
    ]);
    // A batch's events in the order of its writes.
    await db.batch().set(db.doc('mail/b2'), { n: 2 }).set(db.doc('mail/b1'), { n: 1 }).commit();
    await settle();
    expect(of('created').map((r) => r.document)).toEqual(['mail/m1', 'mail/b2', 'mail/b1']);
  });

  it('matches path patterns and exact paths, and only them', async () => {
    await db.doc('a/1/b/2').set({ v: 1 });
    await db.doc('a/1/b/2/c/3').set({ v: 2 });
    await db.doc('a/1/other/2').set({ v: 3 });
    await db.doc('a/1').set({ v: 4 });
    await db.doc('config/main').set({ v: 5 });
    await db.doc('config/other').set({ v: 6 });
    await db.doc('mailx/m').set({ v: 7 });
    await settle();
    expect(of('nested').map((r) => [r.document, r.params])).toEqual([['a/1/b/2', { x: '1', y: '2' }]]);
    expect(of('exact').map((r) => r.document)).toEqual(['config/main']);
    expect(received.some((r) => r.document === 'mailx/m')).toBe(false);
  });

  it('sends a transaction’s events once it commits, only for its last attempt', async () => {
    await db.doc('locks/l').set({ n: 0 });
    let attempts = 0;
    const result = await db.runTransaction(async (tx) => {
      attempts += 1;
      const lock = await tx.get(db.doc('locks/l'));
      // A write between the read and the commit: the first attempt aborts on contention and the SDK retries.
      if (attempts === 1) await db.doc('locks/l').set({ n: 1 });
      tx.set(db.doc('mail/tx'), { attempt: attempts, lock: lock.get('n') as number });
      return attempts;
    });
    expect(result).toBe(2);
    await settle();
    const tx = of('created').filter((r) => r.document === 'mail/tx');
    expect(tx.map((r) => r.after)).toEqual([{ attempt: 2, lock: 1 }]);
  });

  it('sends nothing for a commit that fails, a rollback, or a read', async () => {
    await db.doc('mail/exists').set({ v: 1 });
    await settle();
    const before = received.length;
    await expectCode(
      db.batch().set(db.doc('mail/p1'), { v: 1 }).create(db.doc('mail/exists'), { v: 2 }).commit(),
      Code.ALREADY_EXISTS,
    );
    await expectCode(db.doc('mail/missing').update({ v: 1 }), Code.NOT_FOUND);
    await expect(
      db.runTransaction(async (tx) => {
        tx.set(db.doc('mail/rolledBack'), { v: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.doc('mail/exists').get();
    await db.collection('mail').where('v', '==', 1).get();
    await settle();
    expect(received.slice(before).map((r) => r.key)).toEqual(['sentinel']);
  });

  it('tells who wrote for a trigger with the auth context', async () => {
    await db.doc('audited/x').set({ v: FieldValue.serverTimestamp() });
    await settle();
    expect(of('auth').map((r) => r.attributes.authType)).toEqual(['service_account']);
  });

  it('sends the events of BatchWrite (BulkWriter) and of the web SDK’s Write stream', async () => {
    const bulk = db.bulkWriter();
    void bulk.create(db.doc('mail/bulk1'), { v: 1 });
    void bulk.create(db.doc('mail/exists'), { v: 2 }).catch(() => {});
    await bulk.close();
    // An end user through the web SDK, allowed by the rules @firebase/rules-unit-testing loads for the project.
    const env = await initializeTestEnvironment({
      projectId: project,
      firestore: {
        host: cli.address.split(':')[0],
        port: Number(cli.address.split(':')[1]),
        rules:
          "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents/audited/{id} { allow write: if request.auth != null; } }",
      },
    });
    try {
      await setDoc(doc(env.authenticatedContext('ann').firestore(), 'audited/web'), { v: 1 });
    } finally {
      await env.cleanup();
    }
    await settle();
    const created = of('created').map((r) => r.document);
    expect(created).toContain('mail/bulk1');
    expect(
      of('written')
        .filter((r) => r.document === 'mail/exists')
        .map((r) => r.after),
    ).toEqual([{ v: 1 }]);
    const web = of('auth').find((r) => r.document === 'audited/web');
    expect(web?.attributes).toMatchObject({ authType: 'app_user', authId: 'ann' });
  });

  it('keeps committing when the Functions emulator answers an error', async () => {
    await db.doc('mail/fail1').set({ v: 1 });
    await db.doc('mail/f2').set({ v: 2 });
    await settle();
    expect(of('created').map((r) => r.document)).toContain('mail/f2');
    expect(of('created').map((r) => r.document)).not.toContain('mail/fail1');
    await expect.poll(() => stderr, { timeout: 30_000 }).toMatch(/v1\.created for mail\/fail1 to created answered 500/);
    expect((await db.doc('mail/fail1').get()).get('v')).toBe(1);
  });
});

describe.runIf(builtIn)('document events to a Functions emulator that is down', () => {
  it(
    'reports each event it could not deliver and goes on committing',
    async () => {
      // A port nothing listens on any more.
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const cli = await startCli(['--functions-emulator', `127.0.0.1:${port}`]);
      let stderr = '';
      cli.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        const project = uniqueProjectId('triggers-down');
        const res = await fetch(
          `http://${cli.address}/emulator/v1/projects/${project}/eventarcTrigger?eventarcTriggerId=down`,
          {
            method: 'POST',
            body: JSON.stringify({
              eventType: 'google.cloud.firestore.document.v1.written',
              database: '(default)',
              namespace: '(default)',
              document: { value: 'mail/{id}', matchType: 'PATH_PATTERN' },
            }),
          },
        );
        expect(res.status).toBe(200);
        const db = openDb(project, { host: cli.address });
        await db.doc('mail/a').set({ v: 1 });
        await db.doc('mail/b').set({ v: 2 });
        await expect.poll(() => stderr.match(/not delivered/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
        expect(stderr).toMatch(/google\.cloud\.firestore\.document\.v1\.written for mail\/b to down not delivered/);
        expect((await db.doc('mail/a').get()).get('v')).toBe(1);
        expect(cli.child.exitCode).toBeNull();
      } finally {
        await cli.stop('SIGTERM');
      }
    },
    cliTestTimeout(1),
  );
});
