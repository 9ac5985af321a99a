// The Listen protocol spoken raw over gRPC: message order, resume tokens, target ids, once, removal, no leaks.
import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  Server,
  ServerCredentials,
  type Client,
  type ClientDuplexStream,
} from '@grpc/grpc-js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firestoreService } from '../../src/firestore/protos.js';
import { createHandlers } from '../../src/firestore/server.js';
import type { EmulatorState } from '../../src/firestore/state.js';
import { Store } from '../../src/firestore/store.js';
import { Transactions } from '../../src/firestore/transactions.js';
import type { Fields } from '../../src/common/firestore-value.js';
import { applyChanges, PendingChanges, prepareWrite, type Write } from '../../src/firestore/writes.js';

const PROJECT = 'listen-unit';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `${DB}/documents`;
const state: EmulatorState = { store: new Store(), txs: new Transactions() };
const server = new Server();
let port = 0;
type Rpc = (req: object, md: Metadata, cb: (e: Error | null, res: unknown) => void) => void;
let client: Client & { Commit: Rpc; Listen: (md: Metadata) => ClientDuplexStream<object, ListenResponse> };
const streams: ClientDuplexStream<object, ListenResponse>[] = [];

beforeAll(async () => {
  server.addService(firestoreService, createHandlers(state));
  port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  const Ctor = makeGenericClientConstructor(firestoreService, 'Firestore');
  client = new Ctor(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as typeof client;
});

afterEach(async () => {
  for (const s of streams.splice(0)) s.cancel();
  // Cancellation reaches the server asynchronously.
  for (let i = 0; i < 50 && state.listen!.streams.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(state.listen!.streams.size).toBe(0);
  expect(state.listen!.targetCount()).toBe(0);
});

afterAll(() => {
  client.close();
  server.forceShutdown();
});

const owner = () => {
  const md = new Metadata();
  md.set('authorization', 'Bearer owner');
  return md;
};

interface ListenResponse {
  targetChange?: {
    targetChangeType?: string;
    targetIds?: number[];
    cause?: { code?: number };
    resumeToken?: Buffer;
    readTime?: { seconds: string; nanos: number };
  };
  documentChange?: { document?: { name?: string }; targetIds?: number[] };
  documentDelete?: { document?: string; removedTargetIds?: number[] };
  documentRemove?: { document?: string; removedTargetIds?: number[] };
  filter?: { targetId?: number; count?: number };
}

/** A message as a short string: `ADD 1`, `CHANGE c/a 1`, `SNAPSHOT`, `FILTER 1 2`, `REMOVE 1 cause 3`... */
function describeMessage(m: ListenResponse): string {
  const id = (p: string | undefined) => (p ?? '').slice(DOCS.length + 1);
  if (m.targetChange) {
    const t = m.targetChange;
    const ids = (t.targetIds ?? []).join(',');
    if (t.targetChangeType === 'NO_CHANGE' && ids === '') return 'SNAPSHOT';
    return `${t.targetChangeType} ${ids}${t.cause ? ` cause ${t.cause.code}` : ''}`;
  }
  if (m.documentChange) return `CHANGE ${id(m.documentChange.document?.name)} ${m.documentChange.targetIds?.join(',')}`;
  if (m.documentDelete)
    return `DELETE ${id(m.documentDelete.document)} ${m.documentDelete.removedTargetIds?.join(',')}`;
  if (m.documentRemove) return `REMOVE_DOC ${id(m.documentRemove.document)} ${m.documentRemove.removedTargetIds}`;
  if (m.filter) return `FILTER ${m.filter.targetId} ${m.filter.count ?? 0}`;
  return JSON.stringify(m);
}

/** One Listen stream with its received messages; `until` waits for messages up to a global snapshot marker. */
function open(md = owner()) {
  const call = client.Listen(md);
  streams.push(call);
  const got: ListenResponse[] = [];
  let error: (Error & { code?: number }) | undefined;
  let wake: (() => void) | undefined;
  call.on('data', (m: ListenResponse) => {
    got.push(m);
    wake?.();
  });
  call.on('error', (e: Error) => {
    error = e;
    wake?.();
  });
  const waitFor = async (test: () => boolean) => {
    const deadline = Date.now() + 3000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${got.map(describeMessage).join(' | ')}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
  return {
    call,
    get error() {
      return error;
    },
    send: (req: object) => call.write({ database: DB, ...req }),
    /** Messages up to and including the next one described as `last` (default: a global snapshot). */
    async until(last = 'SNAPSHOT'): Promise<ListenResponse[]> {
      await waitFor(() => got.some((m) => describeMessage(m) === last));
      const i = got.findIndex((m) => describeMessage(m) === last);
      return got.splice(0, i + 1);
    },
    async quiet(): Promise<number> {
      await new Promise((r) => setTimeout(r, 150));
      return got.length;
    },
    waitFor,
  };
}

const str = (v: string) => ({ stringValue: v });
const int = (n: number) => ({ integerValue: String(n) });

function commit(writes: object[]): Promise<{ commitTime: { seconds: string; nanos: number } }> {
  return new Promise((resolve, reject) =>
    client.Commit({ database: DB, writes }, owner(), (e, res) =>
      e ? reject(e) : resolve(res as { commitTime: { seconds: string; nanos: number } }),
    ),
  );
}
const set = (path: string, fields: Fields) => ({ update: { name: `${DOCS}/${path}`, fields } });
const del = (path: string) => ({ delete: `${DOCS}/${path}` });

const queryTarget = (collectionId: string, extra: object = {}) => ({
  query: {
    parent: DOCS,
    structuredQuery: {
      from: [{ collectionId }],
      where: { fieldFilter: { field: { fieldPath: 'team' }, op: 'EQUAL', value: str('a') } },
      ...extra,
    },
  },
});

const micros = (t: { seconds: string; nanos: number }) => Number(t.seconds) * 1e6 + t.nanos / 1000;

describe('message order', () => {
  it('ADD, documents, CURRENT with a token, the global snapshot; then each commit with its read time', async () => {
    await commit([set('m/a', { team: str('a') }), set('m/b', { team: str('a') }), set('m/c', { team: str('b') })]);
    const s = open();
    s.send({ addTarget: { targetId: 7, ...queryTarget('m') } });
    const initial = await s.until();
    expect(initial.map(describeMessage)).toEqual(['ADD 7', 'CHANGE m/a 7', 'CHANGE m/b 7', 'CURRENT 7', 'SNAPSHOT']);
    expect(initial[3].targetChange!.resumeToken!.length).toBeGreaterThan(0);
    expect(initial[4].targetChange!.resumeToken!.length).toBeGreaterThan(0);

    const { commitTime } = await commit([set('m/d', { team: str('a') }), set('m/a', { team: str('b') })]);
    const next = await s.until();
    expect(next.map(describeMessage).sort()).toEqual(['CHANGE m/d 7', 'REMOVE_DOC m/a 7', 'SNAPSHOT']);
    expect(micros(next[2].targetChange!.readTime!)).toBeGreaterThanOrEqual(micros(commitTime));

    await commit([set('m/e', { team: str('b') })]);
    await commit([del('m/b')]);
    expect((await s.until()).map(describeMessage)).toEqual(['DELETE m/b 7', 'SNAPSHOT']);

    // The REST clear endpoint's store operation deletes every document of the database.
    state.store.db(DB).clear();
    expect((await s.until()).map(describeMessage)).toEqual(['DELETE m/d 7', 'SNAPSHOT']);
  });

  it('a documents target: present and missing documents, then their changes', async () => {
    await commit([set('d/x', { v: int(1) })]);
    const s = open();
    s.send({ addTarget: { targetId: 2, documents: { documents: [`${DOCS}/d/x`, `${DOCS}/d/y`] } } });
    expect((await s.until()).map(describeMessage)).toEqual(['ADD 2', 'CHANGE d/x 2', 'CURRENT 2', 'SNAPSHOT']);
    await commit([set('d/y', { v: int(2) }), set('d/z', { v: int(3) })]);
    expect((await s.until()).map(describeMessage)).toEqual(['CHANGE d/y 2', 'SNAPSHOT']);
    await commit([del('d/x')]);
    expect((await s.until()).map(describeMessage)).toEqual(['DELETE d/x 2', 'SNAPSHOT']);
  });
});

describe('targets', () => {
  it('remove_target answers REMOVE and stops that target; the others go on', async () => {
    const s = open();
    s.send({ addTarget: { targetId: 2, ...queryTarget('r') } });
    await s.until();
    s.send({ addTarget: { targetId: 4, documents: { documents: [`${DOCS}/r/x`] } } });
    await s.until();
    s.send({ removeTarget: 2 });
    expect((await s.until('REMOVE 2')).map(describeMessage)).toEqual(['REMOVE 2']);
    expect(state.listen!.targetCount()).toBe(1);
    await commit([set('r/x', { team: str('a') })]);
    expect((await s.until()).map(describeMessage)).toEqual(['CHANGE r/x 4', 'SNAPSHOT']);
  });

  it('target id 0: the server assigns ids; a client id afterwards is refused with REMOVE', async () => {
    const s = open();
    s.send({ addTarget: { ...queryTarget('ids') } });
    expect((await s.until()).map(describeMessage)).toEqual(['ADD 1', 'CURRENT 1', 'SNAPSHOT']);
    s.send({ addTarget: { ...queryTarget('ids') } });
    expect((await s.until()).map(describeMessage)).toEqual(['ADD 2', 'CURRENT 2', 'SNAPSHOT']);
    s.send({ addTarget: { targetId: 9, ...queryTarget('ids') } });
    expect((await s.until('REMOVE 9 cause 3')).map(describeMessage)).toEqual(['REMOVE 9 cause 3']);
  });

  it('once: removed as soon as it is current', async () => {
    await commit([set('once/a', { team: str('a') })]);
    const s = open();
    s.send({ addTarget: { targetId: 3, once: true, ...queryTarget('once') } });
    expect((await s.until('REMOVE 3')).map(describeMessage)).toEqual([
      'ADD 3',
      'CHANGE once/a 3',
      'CURRENT 3',
      'SNAPSHOT',
      'REMOVE 3',
    ]);
    await commit([set('once/b', { team: str('a') })]);
    expect(await s.quiet()).toBe(0);
  });

  it('an invalid query is refused with REMOVE and its cause; the stream stays usable', async () => {
    const s = open();
    const bad = { query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'x' }], limit: { value: -1 } } } };
    s.send({ addTarget: { targetId: 5, ...bad } });
    expect((await s.until('REMOVE 5 cause 3')).map(describeMessage)).toEqual(['REMOVE 5 cause 3']);
    s.send({ addTarget: { targetId: 6, ...queryTarget('x') } });
    expect((await s.until()).map(describeMessage)).toEqual(['ADD 6', 'CURRENT 6', 'SNAPSHOT']);
  });

  it('a target id already in use ends the stream with INVALID_ARGUMENT', async () => {
    const s = open();
    s.send({ addTarget: { targetId: 2, ...queryTarget('dup') } });
    await s.until();
    s.send({ addTarget: { targetId: 2, ...queryTarget('dup') } });
    await s.waitFor(() => s.error !== undefined);
    expect(s.error!.code).toBe(3);
  });

  it('an end user without rules allowing it is refused with PERMISSION_DENIED', async () => {
    const s = open(new Metadata());
    s.send({ addTarget: { targetId: 2, ...queryTarget('private') } });
    expect((await s.until('REMOVE 2 cause 7')).map(describeMessage)).toEqual(['REMOVE 2 cause 7']);
  });
});

describe('resume tokens', () => {
  it('resuming sends only what changed since the token, then the existence filter', async () => {
    await commit([
      set('res/keep', { team: str('a') }),
      set('res/upd', { team: str('a'), v: int(1) }),
      set('res/leave', { team: str('a') }),
      set('res/gone', { team: str('a') }),
    ]);
    const first = open();
    first.send({ addTarget: { targetId: 2, ...queryTarget('res') } });
    const initial = await first.until();
    const token = initial[initial.length - 1].targetChange!.resumeToken!;
    first.call.end();

    await commit([set('res/upd', { team: str('a'), v: int(2) }), set('res/leave', { team: str('b') })]);
    await commit([del('res/gone'), set('res/new', { team: str('a') }), set('res/other', { team: str('b') })]);

    const s = open();
    s.send({ addTarget: { targetId: 2, resumeToken: token, ...queryTarget('res') } });
    expect((await s.until()).map(describeMessage)).toEqual([
      'ADD 2',
      'CHANGE res/new 2',
      'CHANGE res/upd 2',
      'REMOVE_DOC res/leave 2',
      'DELETE res/gone 2',
      'FILTER 2 3',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
    // And it goes on from there.
    await commit([set('res/keep', { team: str('b') })]);
    expect((await s.until()).map(describeMessage)).toEqual(['REMOVE_DOC res/keep 2', 'SNAPSHOT']);
  });

  it('read_time instead of a token means the same', async () => {
    await commit([set('rt/a', { team: str('a') })]);
    const first = open();
    first.send({ addTarget: { targetId: 2, ...queryTarget('rt') } });
    const initial = await first.until();
    const readTime = initial[initial.length - 1].targetChange!.readTime!;
    await commit([set('rt/b', { team: str('a') })]);
    const s = open();
    s.send({ addTarget: { targetId: 2, readTime, ...queryTarget('rt') } });
    expect((await s.until()).map(describeMessage)).toEqual([
      'ADD 2',
      'CHANGE rt/b 2',
      'FILTER 2 2',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
  });

  it('a limited query resumes with RESET and its whole result', async () => {
    await commit([set('lim/a', { team: str('a') }), set('lim/b', { team: str('a') })]);
    const extra = { limit: { value: 1 } };
    const first = open();
    first.send({ addTarget: { targetId: 2, ...queryTarget('lim', extra) } });
    const initial = await first.until();
    const token = initial[initial.length - 1].targetChange!.resumeToken!;
    await commit([del('lim/a')]);
    const s = open();
    s.send({ addTarget: { targetId: 2, resumeToken: token, ...queryTarget('lim', extra) } });
    expect((await s.until()).map(describeMessage)).toEqual([
      'ADD 2',
      'RESET 2',
      'CHANGE lim/b 2',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
  });

  it('a token that is not one of ours is refused with INVALID_ARGUMENT', async () => {
    const s = open();
    s.send({ addTarget: { targetId: 2, resumeToken: Buffer.from('nonsense'), ...queryTarget('bad') } });
    expect((await s.until('REMOVE 2 cause 3')).map(describeMessage)).toEqual(['REMOVE 2 cause 3']);
  });
});

describe('firebase-admin listeners leave nothing behind', () => {
  it('every target is gone after unsubscribe', async () => {
    const app = initializeApp({ projectId: PROJECT }, 'listen-unit');
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    const fs = getFirestore(app);
    try {
      const seen: number[] = [];
      const unsubs = Array.from({ length: 20 }, (_, i) =>
        fs.collection(`leak${i % 4}`).onSnapshot((snap) => seen.push(snap.size)),
      );
      const deadline = Date.now() + 3000;
      while (seen.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(seen.length).toBe(20);
      expect(state.listen!.targetCount()).toBe(20);
      for (const u of unsubs) u();
      for (let i = 0; i < 100 && state.listen!.targetCount() > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(state.listen!.targetCount()).toBe(0);
    } finally {
      delete process.env.FIRESTORE_EMULATOR_HOST;
      await deleteApp(app);
    }
  });
});

describe('firebase-admin resumes after the stream breaks', () => {
  it('a listener carries on after a server restart, with the changes made while it was away', async () => {
    const st: EmulatorState = { store: new Store(), txs: new Transactions() };
    const db = st.store.db(DB);
    const apply = (writes: Write[]) => {
      const pending = new PendingChanges(db);
      for (const w of writes) prepareWrite(pending, w, st.store.nextTime());
      applyChanges(pending);
    };
    const start = async (p: number) => {
      const srv = new Server();
      srv.addService(firestoreService, createHandlers(st));
      const bound = await new Promise<number>((resolve, reject) =>
        srv.bindAsync(`127.0.0.1:${p}`, ServerCredentials.createInsecure(), (e, x) => (e ? reject(e) : resolve(x))),
      );
      return { srv, bound };
    };
    apply([set('away/a', { team: str('a') }), set('away/b', { team: str('a') }), set('away/c', { team: str('a') })]);
    const first = await start(0);
    const app = initializeApp({ projectId: PROJECT }, 'listen-resume');
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${first.bound}`;
    const fs = getFirestore(app);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    const snaps: string[][] = [];
    const unsubscribe = fs
      .collection('away')
      .where('team', '==', 'a')
      .onSnapshot((snap) => snaps.push(snap.docChanges().map((c) => `${c.type}:${c.doc.id}`)));
    const waitSnaps = async (n: number) => {
      for (let i = 0; i < 400 && snaps.length < n; i++) await new Promise((r) => setTimeout(r, 25));
      expect(snaps.length).toBe(n);
    };
    let second: Awaited<ReturnType<typeof start>> | undefined;
    try {
      await waitSnaps(1);
      expect(snaps[0]).toEqual(['added:a', 'added:b', 'added:c']);
      first.srv.forceShutdown();
      apply([set('away/a', { team: str('a'), v: int(1) }), set('away/b', { team: str('b') }), del('away/c')]);
      apply([set('away/d', { team: str('a') })]);
      second = await start(first.bound);
      await waitSnaps(2);
      expect(snaps[1].sort()).toEqual(['added:d', 'modified:a', 'removed:b', 'removed:c']);
    } finally {
      unsubscribe();
      await deleteApp(app);
      second?.srv.forceShutdown();
    }
    for (let i = 0; i < 100 && st.listen!.targetCount() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(st.listen!.targetCount()).toBe(0);
  });
});
