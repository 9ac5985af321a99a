// Firestore's REST API on the emulator's port (the /v1 paths of firestore.googleapis.com), through raw requests:
// every endpoint in proto3 JSON, update masks and preconditions, reads at a time and in transactions, lists with
// pages, orders and missing documents, end users decided by the rules, Google's error shape, and CORS.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clearProject, uniqueProjectId } from './helpers';

const host = inject('emulatorHost');
const PROJECT = uniqueProjectId('rest');
const ROOT = `http://${host}/v1/projects/${PROJECT}/databases/(default)/documents`;
/** An answer's JSON, read loosely: the assertions check its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the assertions
type Json = any;
const name = (path: string) => `projects/${PROJECT}/databases/(default)/documents/${path}`;

/** An unsigned ID token of `uid`, as the Auth emulator and `mockUserToken` make them. */
function idToken(uid: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: uid, user_id: uid })}.`;
}

/** A request to `ROOT + path` (a `documents…` suffix) as the admin unless `token` says otherwise (null: none). */
async function call(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = 'owner',
): Promise<{ status: number; json: Json }> {
  const res = await fetch(ROOT + path, {
    method,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Expects Google's error body: `{error: {code, message, status}}` with the HTTP code answered. */
function expectError(res: { status: number; json: Json }, code: number, status: string, message?: RegExp) {
  expect(res.status, JSON.stringify(res.json)).toBe(code);
  expect(res.json.error).toMatchObject({ code, status });
  expect(typeof res.json.error.message).toBe('string');
  if (message) expect(res.json.error.message).toMatch(message);
}

const EVERY_TYPE = {
  nothing: { nullValue: null },
  no: { booleanValue: false },
  big: { integerValue: '9007199254740993' },
  nan: { doubleValue: 'NaN' },
  half: { doubleValue: 0.5 },
  at: { timestampValue: '2024-02-29T23:59:59.123456Z' },
  text: { stringValue: 'été ✓' },
  raw: { bytesValue: 'AAEC/w==' },
  ref: { referenceValue: name('other/x') },
  where: { geoPointValue: { latitude: 48.85, longitude: 2.35 } },
  list: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'two' }] } },
  empty: { arrayValue: {} },
  nested: { mapValue: { fields: { deep: { mapValue: { fields: { x: { booleanValue: true } } } } } } },
};

beforeAll(async () => {
  await clearProject(PROJECT);
});
afterAll(async () => {
  await clearProject(PROJECT);
});

describe('documents: create, get, patch, delete', () => {
  it('creates a document with its id, answers it in proto3 JSON, and reads every value type back as written', async () => {
    const created = await call('POST', '/values?documentId=all', { fields: EVERY_TYPE });
    expect(created.status).toBe(200);
    expect(created.json.name).toBe(name('values/all'));
    expect(created.json.fields).toEqual(EVERY_TYPE);
    expect(created.json.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(created.json.updateTime).toBe(created.json.createTime);
    const read = await call('GET', '/values/all');
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it('creates under a random id without documentId, and refuses an id already taken (409 ALREADY_EXISTS)', async () => {
    const created = await call('POST', '/auto', { fields: { n: { integerValue: '1' } } });
    expect(created.status).toBe(200);
    expect(created.json.name).toMatch(new RegExp(`^${name('auto/').replace(/[()]/g, '\\$&')}[A-Za-z0-9]{20}$`));
    const id = created.json.name.split('/').pop();
    expect((await call('GET', `/auto/${id}`)).json.fields).toEqual({ n: { integerValue: '1' } });
    expectError(await call('POST', `/auto?documentId=${id}`, {}), 409, 'ALREADY_EXISTS', /already exists/);
    // Under a document: a subcollection, and the mask of fields to answer.
    const sub = await call('POST', `/auto/${id}/notes?documentId=n1&mask.fieldPaths=b`, {
      fields: { a: { integerValue: '1' }, b: { integerValue: '2' } },
    });
    expect(sub.json).toMatchObject({ name: name(`auto/${id}/notes/n1`), fields: { b: { integerValue: '2' } } });
    expect(sub.json.fields.a).toBeUndefined();
  });

  it('gets a document with a mask, at a past readTime, and in a transaction; a missing one is 404 NOT_FOUND', async () => {
    const first = await call('PATCH', '/reads/r', { fields: { v: { integerValue: '1' }, w: { stringValue: 'x' } } });
    await call('PATCH', '/reads/r', { fields: { v: { integerValue: '2' }, w: { stringValue: 'x' } } });
    const masked = await call('GET', '/reads/r?mask.fieldPaths=v');
    expect(masked.json.fields).toEqual({ v: { integerValue: '2' } });
    const past = await call('GET', `/reads/r?readTime=${first.json.updateTime}`);
    expect(past.json.fields.v).toEqual({ integerValue: '1' });
    const { json: tx } = await call('POST', ':beginTransaction', {});
    expect(typeof tx.transaction).toBe('string');
    const inTx = await call('GET', `/reads/r?transaction=${encodeURIComponent(tx.transaction)}`);
    expect(inTx.json.fields.v).toEqual({ integerValue: '2' });
    expectError(await call('GET', '/reads/none'), 404, 'NOT_FOUND', /not found/);
  });

  it('patches the fields of an update mask, deleting those the body lacks; without a mask it replaces', async () => {
    await call('PATCH', '/patch/p', {
      fields: { a: { integerValue: '1' }, b: { integerValue: '2' }, c: { integerValue: '3' } },
    });
    const masked = await call('PATCH', '/patch/p?updateMask.fieldPaths=a&updateMask.fieldPaths=b', {
      fields: { a: { integerValue: '10' }, c: { integerValue: '99' } },
    });
    expect(masked.status).toBe(200);
    expect(masked.json.fields).toEqual({ a: { integerValue: '10' }, c: { integerValue: '3' } });
    const replaced = await call('PATCH', '/patch/p', { fields: { z: { booleanValue: true } } });
    expect(replaced.json.fields).toEqual({ z: { booleanValue: true } });
    // `mask` chooses the fields answered, not those written.
    const answered = await call('PATCH', '/patch/p?mask.fieldPaths=y', {
      fields: { y: { integerValue: '1' }, z: { booleanValue: false } },
    });
    expect(answered.json.fields).toEqual({ y: { integerValue: '1' } });
    expect((await call('GET', '/patch/p')).json.fields.z).toEqual({ booleanValue: false });
  });

  it('checks the currentDocument preconditions of patch and delete', async () => {
    const { json: doc } = await call('PATCH', '/pre/d', { fields: { v: { integerValue: '1' } } });
    expectError(await call('PATCH', '/pre/d?currentDocument.exists=false', { fields: {} }), 409, 'ALREADY_EXISTS');
    expectError(await call('PATCH', '/pre/none?currentDocument.exists=true', { fields: {} }), 404, 'NOT_FOUND');
    expect((await call('GET', '/pre/none')).status).toBe(404);
    const stale = '2001-01-01T00:00:00Z';
    expectError(
      await call('PATCH', `/pre/d?currentDocument.updateTime=${stale}`, { fields: {} }),
      400,
      'FAILED_PRECONDITION',
    );
    const ok = await call('PATCH', `/pre/d?currentDocument.updateTime=${doc.updateTime}`, {
      fields: { v: { integerValue: '2' } },
    });
    expect(ok.status).toBe(200);
    expectError(
      await call('DELETE', `/pre/d?currentDocument.updateTime=${doc.updateTime}`),
      400,
      'FAILED_PRECONDITION',
    );
    expectError(await call('DELETE', '/pre/none?currentDocument.exists=true'), 404, 'NOT_FOUND');
    const deleted = await call('DELETE', `/pre/d?currentDocument.updateTime=${ok.json.updateTime}`);
    expect(deleted).toEqual({ status: 200, json: {} });
    expect((await call('GET', '/pre/d')).status).toBe(404);
    // Deleting nothing without a precondition succeeds, as in Firestore.
    expect((await call('DELETE', '/pre/d')).status).toBe(200);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    for (const [id, n] of [
      ['a', 3],
      ['b', 1],
      ['c', 2],
      ['d', 1],
    ] as const)
      await call('PATCH', `/list/${id}`, { fields: { n: { integerValue: String(n) }, tag: { stringValue: id } } });
    await call('PATCH', '/list/ghost/sub/s', { fields: {} });
  });

  it('pages with pageSize and pageToken, in id order', async () => {
    const first = await call('GET', '/list?pageSize=3');
    expect(first.json.documents.map((d: { name: string }) => d.name)).toEqual(
      ['a', 'b', 'c'].map((id) => name(`list/${id}`)),
    );
    expect(typeof first.json.nextPageToken).toBe('string');
    const second = await call('GET', `/list?pageSize=3&pageToken=${first.json.nextPageToken}`);
    expect(second.json.documents.map((d: { name: string }) => d.name)).toEqual([name('list/d')]);
    expect(second.json.nextPageToken).toBeUndefined();
  });

  it('orders by fields (orderBy) and answers the fields of the mask', async () => {
    const ordered = await call('GET', '/list?orderBy=n desc, tag&mask.fieldPaths=tag&pageSize=2');
    expect(ordered.json.documents.map((d: Json) => d.fields)).toEqual([
      { tag: { stringValue: 'a' } },
      { tag: { stringValue: 'c' } },
    ]);
    const rest = await call(
      'GET',
      `/list?orderBy=n desc, tag&mask.fieldPaths=tag&pageToken=${ordered.json.nextPageToken}`,
    );
    expect(rest.json.documents.map((d: Json) => d.fields.tag.stringValue)).toEqual(['b', 'd']);
  });

  it('lists the missing parents of subcollections with showMissing, by name only', async () => {
    const plain = await call('GET', '/list');
    expect(plain.json.documents.map((d: { name: string }) => d.name)).not.toContain(name('list/ghost'));
    const all = await call('GET', '/list?showMissing=true');
    const ghost = all.json.documents.find((d: { name: string }) => d.name === name('list/ghost'));
    expect(ghost).toEqual({ name: name('list/ghost') });
    expect(all.json.documents).toHaveLength(5);
  });

  it('lists collection ids at the root and under a document (listCollectionIds)', async () => {
    const root = await call('POST', ':listCollectionIds', {});
    expect(root.json.collectionIds).toEqual(expect.arrayContaining(['list']));
    const under = await call('POST', '/list/ghost:listCollectionIds', { pageSize: 10 });
    expect(under.json).toEqual({ collectionIds: ['sub'] });
  });
});

describe('batchGet, queries, commits and transactions', () => {
  beforeAll(async () => {
    for (const [id, n] of [
      ['x', 1],
      ['y', 2],
      ['z', 3],
    ] as const)
      await call('PATCH', `/q/${id}`, { fields: { n: { integerValue: String(n) } } });
    await call('PATCH', '/q/x/kids/k', { fields: { n: { integerValue: '7' } } });
  });

  it('batchGet answers a JSON array of found and missing documents', async () => {
    const res = await call('POST', ':batchGet', {
      documents: [name('q/x'), name('q/none')],
      mask: { fieldPaths: ['n'] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json[0].found).toMatchObject({ name: name('q/x'), fields: { n: { integerValue: '1' } } });
    expect(res.json[1]).toMatchObject({ missing: name('q/none') });
    expect(typeof res.json[1].readTime).toBe('string');
  });

  it('runQuery answers a JSON array, at the root and under a document', async () => {
    const query = {
      from: [{ collectionId: 'q' }],
      where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN_OR_EQUAL', value: { integerValue: '2' } } },
      orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      limit: 5,
    };
    const res = await call('POST', ':runQuery', { structuredQuery: query });
    expect(res.json.map((r: Json) => r.document.name)).toEqual([name('q/z'), name('q/y')]);
    const under = await call('POST', '/q/x:runQuery', { structuredQuery: { from: [{ collectionId: 'kids' }] } });
    expect(under.json.map((r: Json) => r.document?.name)).toEqual([name('q/x/kids/k')]);
    // No result: one answer carrying the read time only.
    const none = await call('POST', ':runQuery', { structuredQuery: { from: [{ collectionId: 'nothing' }] } });
    expect(none.json).toEqual([{ readTime: expect.any(String) }]);
  });

  it('partitionQuery answers the whole query as its one partition (no cursors), for server credentials only', async () => {
    const body = { structuredQuery: { from: [{ collectionId: 'q', allDescendants: true }] }, partitionCount: '4' };
    expect(await call('POST', ':partitionQuery', body)).toEqual({ status: 200, json: {} });
    expectError(await call('POST', ':partitionQuery', body, idToken('ann')), 403, 'PERMISSION_DENIED');
  });

  it('runAggregationQuery answers count, sum and avg in a JSON array', async () => {
    const res = await call('POST', ':runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'q' }] },
        aggregations: [
          { alias: 'count', count: {} },
          { alias: 'total', sum: { field: { fieldPath: 'n' } } },
          { alias: 'mean', avg: { field: { fieldPath: 'n' } } },
        ],
      },
    });
    expect(res.json).toEqual([
      {
        result: {
          aggregateFields: { count: { integerValue: '3' }, total: { integerValue: '6' }, mean: { doubleValue: 2 } },
        },
        readTime: expect.any(String),
      },
    ]);
  });

  it('commits writes with transforms, in a transaction that a conflicting write aborts (409 ABORTED)', async () => {
    const res = await call('POST', ':commit', {
      writes: [
        {
          update: { name: name('tx/t'), fields: { n: { integerValue: '1' } } },
          updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
        },
        {
          transform: {
            document: name('tx/t'),
            fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '4' } }],
          },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.writeResults[1].transformResults).toEqual([{ integerValue: '5' }]);
    expect(res.json.writeResults[0].transformResults[0].timestampValue).toBe(res.json.commitTime);

    const { json: tx } = await call('POST', ':beginTransaction', { options: { readWrite: {} } });
    expect((await call('GET', `/tx/t?transaction=${encodeURIComponent(tx.transaction)}`)).status).toBe(200);
    await call('PATCH', '/tx/t', { fields: { n: { integerValue: '100' } } });
    const write = { update: { name: name('tx/t'), fields: { n: { integerValue: '6' } } } };
    expectError(await call('POST', ':commit', { transaction: tx.transaction, writes: [write] }), 409, 'ABORTED');
    expect((await call('GET', '/tx/t')).json.fields.n).toEqual({ integerValue: '100' });

    const { json: tx2 } = await call('POST', ':beginTransaction', {});
    expect(await call('POST', ':rollback', { transaction: tx2.transaction })).toEqual({ status: 200, json: {} });
    expectError(
      await call('POST', ':commit', { transaction: tx2.transaction, writes: [write] }),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('batchWrite applies each write on its own and answers each status', async () => {
    const res = await call('POST', ':batchWrite', {
      writes: [
        { update: { name: name('bw/ok'), fields: {} } },
        { update: { name: name('bw/no'), fields: {} }, currentDocument: { exists: true } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toEqual([{}, { code: 5, message: expect.stringMatching(/No document to update/) }]);
    expect((await call('GET', '/bw/ok')).status).toBe(200);
  });
});

describe('end users', () => {
  beforeAll(async () => {
    const rules = `rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /notes/{owner}/{rest=**} {
            allow read, write: if request.auth != null && request.auth.uid == owner;
          }
        }
      }`;
    const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
    });
    expect(res.status).toBe(200);
  });

  it('are decided by the project rules on every endpoint: 403 PERMISSION_DENIED when no rule allows', async () => {
    const ann = idToken('ann');
    const created = await call('POST', '/notes/ann/items?documentId=i1', { fields: { t: { stringValue: 'hi' } } }, ann);
    expect(created.status).toBe(200);
    expect((await call('GET', '/notes/ann/items/i1', undefined, ann)).status).toBe(200);
    expect((await call('GET', '/notes/ann/items', undefined, ann)).json.documents).toHaveLength(1);
    const q = { structuredQuery: { from: [{ collectionId: 'items' }] } };
    expect((await call('POST', '/notes/ann:runQuery', q, ann)).json).toHaveLength(1);
    expect((await call('PATCH', '/notes/ann/items/i1?updateMask.fieldPaths=t', { fields: {} }, ann)).status).toBe(200);

    for (const token of [idToken('bob'), null]) {
      expectError(
        await call('GET', '/notes/ann/items/i1', undefined, token),
        403,
        'PERMISSION_DENIED',
        /no rule allows get/,
      );
      expectError(await call('GET', '/notes/ann/items', undefined, token), 403, 'PERMISSION_DENIED');
      expectError(await call('POST', '/notes/ann:runQuery', q, token), 403, 'PERMISSION_DENIED');
      expectError(await call('POST', '/notes/ann/items', { fields: {} }, token), 403, 'PERMISSION_DENIED');
      expectError(await call('DELETE', '/notes/ann/items/i1', undefined, token), 403, 'PERMISSION_DENIED');
      expectError(
        await call('POST', ':batchGet', { documents: [name('notes/ann/items/i1')] }, token),
        403,
        'PERMISSION_DENIED',
      );
    }
    // Listing collection ids is for server credentials only.
    expectError(await call('POST', ':listCollectionIds', {}, ann), 403, 'PERMISSION_DENIED');
    expect((await call('DELETE', '/notes/ann/items/i1', undefined, ann)).status).toBe(200);
  });

  it('with an unreadable token are 401 UNAUTHENTICATED', async () => {
    expectError(await call('GET', '/notes/ann/items/i1', undefined, 'not-a-token'), 401, 'UNAUTHENTICATED');
  });
});

describe('errors', () => {
  it.each([
    ['a body that is not JSON', 'POST', ':commit', '{"writes": [', /Invalid JSON payload/],
    ['a body that is not an object', 'POST', ':commit', '[1]', /Expected a JSON object/],
    ['an unknown field', 'POST', ':commit', { writes: [{ upsert: {} }] }, /Unknown name "upsert"/],
    ['an unknown query parameter', 'GET', '/c/d?colour=red', undefined, /Unknown name "colour"/],
    [
      'a wrong enum value',
      'POST',
      ':runQuery',
      { structuredQuery: { orderBy: [{ direction: 'SIDEWAYS' }] } },
      /Direction/,
    ],
    ['a malformed timestamp', 'GET', '/c/d?readTime=yesterday', undefined, /RFC 3339/],
    ['an impossible date', 'GET', '/c/d?readTime=2024-02-30T00:00:00Z', undefined, /not a valid date/],
    ['malformed base64', 'GET', '/c/d?transaction=%%%', undefined, /percent|base64/],
    ['a pageSize that is not an integer', 'GET', '/c?pageSize=ten', undefined, /integer/],
    ['an int64 out of range', 'PATCH', '/c/d', { fields: { n: { integerValue: '9223372036854775808' } } }, /range/],
    ['a value without a type', 'PATCH', '/c/d', { fields: { n: {} } }, /no value type/],
    ['a field of the wrong JSON type', 'PATCH', '/c/d', { fields: { n: { booleanValue: 'yes' } } }, /bool/],
    ['an unknown transaction', 'POST', ':rollback', { transaction: 'AAAA' }, /transaction/i],
    ['a bad orderBy', 'GET', '/c?orderBy=a%20sideways', undefined, /orderBy/],
  ])('%s: 400 INVALID_ARGUMENT with a clear message', async (_what, method, path, body, message) => {
    expectError(await call(method, path, body), 400, 'INVALID_ARGUMENT', message);
  });

  it.each([
    ['PATCH on a collection', 'PATCH', '/c'],
    ['DELETE on a collection', 'DELETE', '/c'],
    ['POST on a document', 'POST', '/c/d'],
    ['an unknown verb', 'POST', ':explode'],
    ['the database path itself', 'GET', ''],
  ])('%s: 404 NOT_FOUND', async (_what, method, path) => {
    expectError(
      await call(method, path, method === 'GET' ? undefined : {}),
      404,
      'NOT_FOUND',
      /No Firestore REST method/,
    );
  });

  it('the Listen and Write streams are gRPC only: 501 UNIMPLEMENTED', async () => {
    expectError(await call('POST', ':listen', {}), 501, 'UNIMPLEMENTED', /gRPC/);
  });

  it('reads percent-encoded names and ids holding colons', async () => {
    const res = await fetch(`http://${host}/v1/projects/${PROJECT}/databases/%28default%29/documents/enc/a%3Ab%20c`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ fields: {} }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe(name('enc/a:b c'));
    expect((await call('GET', '/enc/a:b c')).status).toBe(200);
  });
});

describe('CORS', () => {
  it("answers a browser's preflight and allows the page's origin on every answer", async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${ROOT}:commit`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-goog-api-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-goog-api-client');
    for (const path of ['/values/all', '/none/none']) {
      const res = await fetch(ROOT + path, { headers: { origin, authorization: 'Bearer owner' } });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });
});
