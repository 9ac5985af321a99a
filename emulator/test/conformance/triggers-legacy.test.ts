// 1st gen Firestore triggers (firebase-functions/v1): registered through the REST call firebase-tools makes for them,
// their legacy JSON events received by a stand-in for the Functions emulator (a boundary this suite does not run)
// and read by firebase-functions' own v1 handlers, as the Functions emulator's runtime hands them over. Built-in
// emulator only, as triggers.test.ts says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, getApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, GeoPoint, Timestamp, type Firestore } from 'firebase-admin/firestore';
import * as v1 from 'firebase-functions/v1';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cliTestTimeout, startCli, type CliServer } from './cli';
import { openDb, uniqueProjectId } from './helpers';

type Snapshot = { exists: boolean; data(): Record<string, unknown> | undefined };
type Fn = ((data: unknown, context: unknown) => Promise<unknown>) & {
  __endpoint: { eventTrigger: { eventType: string; eventFilters: { resource: string } } };
};

interface Received {
  key: string;
  params: Record<string, string>;
  eventType: string;
  resource: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

describe.runIf(inject('builtInEmulator'))('1st gen document events', () => {
  const received: Received[] = [];
  const failures: string[] = [];
  const functions = new Map<string, Fn>();
  let server: http.Server;
  let cli: CliServer;
  let project: string;
  let db: Firestore;

  beforeAll(async () => {
    // The Functions emulator's runtime for a background function: `data` apart, the rest is the context, its
    // `resource.name` lifted to `resource`; then the function runs with both.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const fn = functions.get(decodeURIComponent(req.url!.split('/').pop()!));
        if (!fn) return void res.writeHead(404).end();
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const data = body.data;
        delete body.data;
        const context = (body.context ?? body) as { resource?: { name?: string } | string };
        if (typeof context.resource === 'object' && context.resource?.name) context.resource = context.resource.name;
        fn(data, context).then(
          () => res.writeHead(200).end(),
          (e: unknown) => {
            failures.push(String(e));
            res.writeHead(500).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cli = await startCli(['--functions-emulator', `127.0.0.1:${(server.address() as AddressInfo).port}`]);
    project = uniqueProjectId('legacy');
    // firebase-functions/v1 names the trigger's resource after the project the Functions emulator gives it.
    process.env.GCLOUD_PROJECT = project;
    db = openDb(project, { host: cli.address });
    initializeApp({ projectId: project });
  }, cliTestTimeout(1));

  afterAll(async () => {
    await deleteApp(getApp());
    await cli?.stop('SIGTERM');
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Registers `fn` under `key` as firebase-tools' getV1FirestoreAttributes does. */
  async function register(key: string, fn: unknown): Promise<Response> {
    functions.set(key, fn as Fn);
    const trigger = (fn as Fn).__endpoint.eventTrigger;
    const eventTrigger = { eventType: trigger.eventType, resource: trigger.eventFilters.resource };
    return fetch(`http://${cli.address}/emulator/v1/projects/${project}/triggers/${key}`, {
      method: 'PUT',
      body: JSON.stringify({ eventTrigger: { ...eventTrigger, service: 'firestore.googleapis.com' } }),
    });
  }

  const record = (key: string) => (change: unknown, context: unknown) => {
    const c = context as { params: Record<string, string>; eventType: string; resource: { name: string } };
    const pair = change as { before?: Snapshot; after?: Snapshot } & Partial<Snapshot>;
    received.push({
      key,
      params: c.params,
      eventType: c.eventType,
      resource: c.resource.name,
      before: pair.before ? pair.before.data() : undefined,
      after: pair.after ? pair.after.data() : pair.data?.(),
    });
  };
  const of = (key: string) => received.filter((r) => r.key === key);

  it('registers 1st gen triggers, and refuses one it cannot read', async () => {
    const doc = v1.firestore.document('legacy/{id}');
    for (const [key, fn] of [
      ['create', doc.onCreate(record('create'))],
      ['update', doc.onUpdate(record('update'))],
      ['delete', doc.onDelete(record('delete'))],
      ['write', v1.firestore.document('legacy/{id}/items/{item}').onWrite(record('write'))],
    ] as const) {
      expect((await register(key, fn)).status).toBe(200);
    }
    const bad = await fetch(`http://${cli.address}/emulator/v1/projects/${project}/triggers/bad`, {
      method: 'PUT',
      body: JSON.stringify({ eventTrigger: { eventType: 'providers/cloud.firestore/eventTypes/document.create' } }),
    });
    expect(bad.status).toBe(400);
  });

  it('sends create, update, delete and write events with every value type, before and after', async () => {
    const values = {
      text: 'é',
      n: 7,
      x: 1.5,
      nan: NaN,
      yes: true,
      none: null,
      at: Timestamp.fromMillis(1_700_000_000_123),
      bytes: Buffer.from([0, 1, 255]),
      where: new GeoPoint(45.5, -73.6),
      ref: db.doc('other/o1'),
      list: [1, 'two', { three: 3 }],
      nested: { a: { b: 'c' } },
    };
    const ref = db.doc('legacy/l1');
    await ref.set(values);
    await ref.update({ n: FieldValue.increment(1), 'nested.a.b': 'd' });
    await ref.delete();
    await db.doc('legacy/l1/items/i1').set({ v: 1 });
    await expect.poll(() => of('write').length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => of('delete').length, { timeout: 30_000 }).toBe(1);
    expect(failures).toEqual([]);

    const [created] = of('create');
    expect(created).toMatchObject({
      params: { id: 'l1' },
      // The SDK turns the legacy type it registered into the one a deployed function sees.
      eventType: 'google.firestore.document.create',
      resource: `projects/${project}/databases/(default)/documents/legacy/l1`,
    });
    const after = created.after!;
    expect(after).toMatchObject({ text: 'é', n: 7, x: 1.5, yes: true, none: null, list: [1, 'two', { three: 3 }] });
    expect(after.nan).toBeNaN();
    expect((after.at as Timestamp).toMillis()).toBe(1_700_000_000_123);
    expect(Buffer.from(after.bytes as Uint8Array)).toEqual(values.bytes);
    expect((after.where as GeoPoint).isEqual(values.where)).toBe(true);
    expect((after.ref as { path: string }).path).toBe('other/o1');

    const [updated] = of('update');
    expect(updated.before).toMatchObject({ n: 7, nested: { a: { b: 'c' } } });
    expect(updated.after).toMatchObject({ n: 8, nested: { a: { b: 'd' } } });
    expect(of('delete')[0].after).toMatchObject({ n: 8, text: 'é' });
    expect(of('write')[0]).toMatchObject({ params: { id: 'l1', item: 'i1' }, before: undefined, after: { v: 1 } });
  });
});
