// The rules language: load-time refusals that name the construct, path matching, operators and methods, error
// semantics, firestore.get(), and the repository's own storage.rules and firestore.rules decided request by request.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, RulesError, UNBOUND, type EvaluationInput } from '../../src/rules/index.js';
import type { Fields } from '../../src/common/firestore-value.js';

const root = (file: string) => fileURLToPath(new URL(`../../../${file}`, import.meta.url));

/** A storage rules text whose single match grants `method` on `/files/{name}` when `condition` holds. */
function storageRule(condition: string, method = 'get', extra = '') {
  return compileRules(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    ${extra}
    match /files/{name} {
      allow ${method}: if ${condition};
    }
  }
}`);
}

const request = (over: Record<string, unknown> = {}) => ({
  auth: { uid: 'u1', token: { email: 'a@example.com', email_verified: true } },
  time: new Date('2026-11-25T12:00:00Z'),
  resource: { size: 1000, contentType: 'application/pdf', name: 'files/a.pdf', metadata: { kind: 'protocol' } },
  ...over,
});

async function decide(condition: string, over: Partial<EvaluationInput> = {}, extra = '') {
  const rules = storageRule(condition, 'get', extra);
  return rules.evaluate({
    path: 'b/bkt/o/files/a.pdf',
    method: 'get',
    request: request(),
    resource: { name: 'files/a.pdf', size: 10 },
    ...over,
  });
}

const allowed = async (condition: string, extra = '') => (await decide(condition, {}, extra)).allowed;

describe('loading', () => {
  it.each([
    ['an unknown function', 'foo(1) == 1', "unsupported function 'foo'"],
    ['an unknown method', "'a'.reverse() == 'a'", "unsupported method 'reverse'"],
    ['an unknown name', 'nobody == 1', "unknown name 'nobody'"],
    ['an unknown type', 'request is widget', "unknown type 'widget'"],
    ['get() outside Firestore', 'get(/x/y) != null', "unsupported function 'get'"],
    ['a namespace used as a value', 'math == 1', "'math' is only used to call its functions"],
  ])('refuses %s, naming it with its line and column', (_what, condition, message) => {
    try {
      storageRule(condition);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).toMatch(/^rules:6:\d+: /);
    }
  });

  it('refuses an unknown method name, a second service, a bad version and a bad segment', () => {
    expect(() => compileRules('service firebase.storage { match /b/{b}/o { allow peek: if true; } }')).toThrow(
      "unknown method 'peek'",
    );
    expect(() => compileRules("rules_version = '3'; service firebase.storage {}")).toThrow(
      "unsupported rules_version '3'",
    );
    expect(() => compileRules('service firebase.storage {} service cloud.firestore {}')).toThrow('only one service');
    expect(() => compileRules('service firebase.storage { match /b/{x=*}/o {} }')).toThrow(
      "unsupported path segment '{x=*}'",
    );
    expect(() =>
      compileRules('service firebase.storage { match /a { allow read: if f(1, 2); function f(x) { return x; } } }'),
    ).toThrow("'f' takes 1 arguments, not 2");
  });

  it('refuses nesting deep enough to overflow, instead of crashing', () => {
    expect(() => storageRule('('.repeat(5000) + 'true' + ')'.repeat(5000))).toThrow('nested too deeply');
  });
});

describe('matching', () => {
  const rules = compileRules(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /a/{x} { allow get: if x == 'one'; }
    match /tree/{rest=**} { allow get: if rest == path('/p/q') || rest == path(''); }
    match /nest/{study} {
      match /docs/{file} { allow get: if study == 's1' && file.matches('.*[.]pdf'); }
    }
    match /open/{name} { allow get; }
  }
}`);
  const at = (path: string, method: 'get' | 'list' | 'create' = 'get') =>
    rules.evaluate({ path: `b/bkt/o/${path}`, method, request: request(), resource: null }).then((d) => d.allowed);

  it('binds single segments and refuses other depths', async () => {
    expect(await at('a/one')).toBe(true);
    expect(await at('a/two')).toBe(false);
    expect(await at('a/one/more')).toBe(false);
  });

  it('binds the rest of the path to {x=**}, zero segments included in version 2', async () => {
    expect(await at('tree/p/q')).toBe(true);
    expect(await at('tree')).toBe(true);
    expect(await at('tree/p')).toBe(false);
  });

  it('joins nested match paths and sees outer variables', async () => {
    expect(await at('nest/s1/docs/x.pdf')).toBe(true);
    expect(await at('nest/s2/docs/x.pdf')).toBe(false);
    expect(await at('nest/s1/docs/x.doc')).toBe(false);
  });

  it('grants only the listed methods; an allow without a condition grants', async () => {
    expect(await at('open/x')).toBe(true);
    expect(await at('open/x', 'create')).toBe(false);
    expect(await at('nowhere/x')).toBe(false);
  });
});

describe('expressions', () => {
  it.each([
    '1 + 2 * 3 == 7 && 7 / 2 == 3 && 7 % 4 == 3 && -3 < 0',
    '1 == 1.0 && 0.5 + 0.25 == 0.75 && 2 > 1.5',
    "'ab' + 'c' == 'abc' && 'abc'.size() == 3 && 'AbC'.lower() == 'abc' && 'abc'.upper() == 'ABC'",
    "' x '.trim() == 'x' && 'a,b'.split(',') == ['a', 'b'] && 'aXbX'.replace('X', '-') == 'a-b-'",
    "'report.pdf'.matches('.*\\\\.pdf') && !'report.pdf.exe'.matches('.*\\\\.pdf')",
    '[1, 2, 3].hasAll([1, 3]) && [1, 2].hasAny([5, 2]) && [1, 1, 2].hasOnly([1, 2]) && !([1, 4].hasOnly([1]))',
    "2 in [1, 2] && !(3 in [1, 2]) && 'k' in {'k': 1} && [1, 2].concat([3]) == [1, 2, 3]",
    "['a', 'b'].join('-') == 'a-b' && [1, 2, 3].removeAll([2]) == [1, 3] && [1, 1, 2].toSet().size() == 2",
    '[1, 2].toSet().union([3].toSet()).size() == 3 && [1, 2].toSet().intersection([2, 3].toSet()) == [2].toSet()',
    "{'a': 1, 'b': 2}.keys().size() == 2 && {'a': 1}.get('z', 9) == 9 && {'a': {'b': 4}}.get(['a', 'b'], 0) == 4",
    "{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).affectedKeys() == ['b', 'c'].toSet()",
    "{'a': 1}.diff({}).removedKeys().hasOnly(['a']) && {'a': 1}.diff({'a': 1}).unchangedKeys() == ['a'].toSet()",
    'request.resource.size is int && request.resource.size is number && request.auth.token is map && 1.5 is float',
    'request.time.year() == 2026 && request.time.month() == 11 && request.time.day() == 25 && request.time.hours() == 12',
    "request.time + duration.value(1, 'h') > request.time && request.time - duration.value(2, 'd') < request.time",
    'request.time > timestamp.date(2026, 1, 1) && timestamp.value(0) < request.time',
    'math.abs(-3) == 3 && math.floor(1.7) == 1 && math.ceil(1.2) == 2 && math.pow(2, 10) == 1024',
    "string(12) == '12' && int('42') == 42 && float(1) == 1.0 && path('/a/b')[1] == 'b'",
    "(1 > 2 ? 'x' : 'y') == 'y' && request.resource.metadata.kind == 'protocol'",
    "request.auth.uid == 'u1' && request.auth.token.email_verified",
  ])('%s', async (condition) => {
    expect(await decide(condition)).toEqual({ allowed: true, errors: [] });
  });

  it.each([
    ['a missing field', 'request.resource.metadata.absent == 1', "property 'absent' is undefined"],
    ['a member of null', 'resource.nothing.deeper == 1', "property 'nothing' is undefined"],
    ['a wrong operand type', "'a' < 1", 'cannot compare string with int'],
    ['a non-bool condition', "'yes'", 'gave a string'],
    ['division by zero', '1 / 0 == 1', 'division by zero'],
    ['an index out of range', '[1][3] == 1', 'out of range'],
  ])('denies on %s, reporting why', async (_what, condition, message) => {
    const decision = await decide(condition);
    expect(decision.allowed).toBe(false);
    expect(decision.errors.join(' ')).toContain(message);
  });

  it('lets a true || and a false && win over an error, as Firebase does', async () => {
    expect(await allowed('request.nothing == 1 || true')).toBe(true);
    expect(await allowed('true || request.nothing == 1')).toBe(true);
    expect(await allowed('!(request.nothing == 1 && false)')).toBe(true);
    expect(await allowed('!(false && request.nothing == 1)')).toBe(true);
    expect(await allowed('request.nothing == 1 || false')).toBe(false);
  });

  it('calls functions with arguments, let bindings, and path variables of their block', async () => {
    const extra = `function big(n) { let limit = 100; return n > limit; }
    function owner() { return bucket == 'bkt'; }`;
    expect(await allowed('big(request.resource.size) && owner()', extra)).toBe(true);
    expect(await allowed('big(50)', extra)).toBe(false);
  });

  it('stops a function calling itself', async () => {
    const decision = await decide('loop(1)', {}, 'function loop(n) { return loop(n + 1); }');
    expect(decision).toEqual({ allowed: false, errors: ["'loop' calls itself too deeply"] });
  });
});

describe('firestore.get() and exists()', () => {
  const users: Record<string, Fields> = {
    u1: { role: { stringValue: 'Admin' }, roleApproved: { booleanValue: true }, age: { integerValue: '40' } },
  };
  const reads: string[] = [];
  const getDocument = async (path: string) => {
    reads.push(path);
    return users[path.split('/').pop()!] ?? null;
  };

  it('reads the document as {data, id}, or null; exists() says whether it is there', async () => {
    const u = 'firestore.get(/databases/(default)/documents/users/$(request.auth.uid))';
    expect(
      (await decide(`${u}.data.role == 'Admin' && ${u}.data.age == 40 && ${u}.id == 'u1'`, { getDocument })).allowed,
    ).toBe(true);
    expect(await decide(`firestore.get(/databases/(default)/documents/users/nobody) == null`, { getDocument })).toEqual(
      {
        allowed: true,
        errors: [],
      },
    );
    expect(
      (
        await decide(
          `firestore.exists(/databases/(default)/documents/users/u1) && !firestore.exists(/databases/(default)/documents/users/u9)`,
          { getDocument },
        )
      ).allowed,
    ).toBe(true);
  });

  it('reads a document once per request, and refuses an eleventh document', async () => {
    reads.length = 0;
    const u = 'firestore.get(/databases/(default)/documents/users/u1)';
    await decide(`${u}.data.role == 'Admin' && ${u}.data.roleApproved`, { getDocument });
    expect(reads).toEqual(['databases/(default)/documents/users/u1']);
    const many = Array.from({ length: 11 }, (_, i) => `!firestore.exists(/databases/(default)/documents/users/x${i})`);
    const decision = await decide(many.join(' && '), { getDocument });
    expect(decision.allowed).toBe(false);
    expect(decision.errors[0]).toContain('more than 10 document reads');
  });
});

describe('Firestore rules', () => {
  const firestoreRules = (body: string) =>
    compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${body}
  }
}`);
  const before: Record<string, Fields> = { lock: { n: { integerValue: '1' } } };
  const after: Record<string, Fields> = { lock: { n: { integerValue: '2' } }, fresh: {} };
  const at = (docs: Record<string, Fields>) => async (path: string) => docs[path.split('/').pop()!] ?? null;
  const input = (method: EvaluationInput['method'], resource: unknown = null): EvaluationInput => ({
    path: 'databases/(default)/documents/items/i1',
    method,
    request: { auth: { uid: 'u1', token: {} }, query: { limit: 10, offset: 0 } },
    resource,
    getDocument: at(before),
    getDocumentAfter: at(after),
  });

  it('getAfter() and existsAfter() read the documents as the writes leave them, get() as they were', async () => {
    const rules = firestoreRules(`match /items/{id} {
      allow create: if getAfter(/databases/$(database)/documents/locks/lock).data.n == 2
        && get(/databases/$(database)/documents/locks/lock).data.n == 1
        && existsAfter(/databases/$(database)/documents/locks/fresh)
        && !exists(/databases/$(database)/documents/locks/fresh);
    }`);
    expect(await rules.evaluate(input('create'))).toEqual({ allowed: true, errors: [] });
  });

  it('getAfter() is a Firestore rules function only', () => {
    expect(() => storageRule('getAfter(/databases/x/documents/a/b) != null')).toThrow(
      /unsupported function 'getAfter'/,
    );
  });

  it('a list decided before its documents says whether a condition read resource', async () => {
    const byQuery = firestoreRules(`match /items/{id} { allow list: if request.query.limit <= 10; }`);
    expect(await byQuery.evaluate(input('list', UNBOUND))).toEqual({ allowed: true, errors: [] });
    const byDocument = firestoreRules(`match /items/{id} { allow list: if resource.data.owner == request.auth.uid; }`);
    const unbound = await byDocument.evaluate(input('list', UNBOUND));
    expect(unbound.allowed).toBe(false);
    expect(unbound.readsResource).toBe(true);
    const own = await byDocument.evaluate(input('list', { data: { owner: 'u1' } }));
    expect(own).toEqual({ allowed: true, errors: [] });
  });
});

describe("the repository's rules", () => {
  const staff: Record<string, Fields> = {
    admin: { role: { stringValue: 'Admin' }, roleApproved: { booleanValue: true } },
    editor: { role: { stringValue: 'Editor' }, roleApproved: { booleanValue: true } },
    waiting: { role: { stringValue: 'Editor' }, roleApproved: { booleanValue: false } },
  };
  const getDocument = async (path: string) => staff[path.split('/').pop()!] ?? null;
  const storage = compileRules(readFileSync(root('storage.rules'), 'utf8'), 'storage.rules');
  const upload = (uid: string | null, path: string, size = 2048, contentType = 'application/pdf') =>
    storage
      .evaluate({
        path: `b/demo-trialdesk.appspot.com/o/${path}`,
        method: 'create',
        request: {
          auth: uid ? { uid, token: {} } : null,
          time: new Date(),
          resource: { name: path, size, contentType, metadata: {} },
        },
        resource: null,
        getDocument,
      })
      .then((d) => d.allowed);
  const read = (uid: string | null, path: string, method: 'get' | 'list' = 'get') =>
    storage
      .evaluate({
        path: `b/demo-trialdesk.appspot.com/o/${path}`,
        method,
        request: { auth: uid ? { uid, token: {} } : null, time: new Date() },
        resource: { name: path, size: 10 },
        getDocument,
      })
      .then((d) => d.allowed);

  it('storage.rules: approved staff upload accepted types into their own folder only', async () => {
    expect(await upload('editor', 'uploads/editor/a.pdf')).toBe(true);
    expect(await upload('admin', 'uploads/admin/b.png', 10, 'image/png')).toBe(true);
    expect(await upload('editor', 'uploads/admin/a.pdf')).toBe(false);
    expect(await upload('waiting', 'uploads/waiting/a.pdf')).toBe(false);
    expect(await upload('stranger', 'uploads/stranger/a.pdf')).toBe(false);
    expect(await upload(null, 'uploads/editor/a.pdf')).toBe(false);
    expect(await upload('editor', 'uploads/editor/a.exe', 10, 'application/x-msdownload')).toBe(false);
    expect(await upload('editor', 'uploads/editor/big.pdf', 25 * 1024 * 1024 + 1)).toBe(false);
    expect(await upload('editor', 'uploads/editor/empty.pdf', 0)).toBe(false);
    expect(await upload('editor', 'studies/s1/documents/d1/v1')).toBe(false);
  });

  it('storage.rules: approved staff read pictures; nothing is listed; documents, exports and the rest are refused', async () => {
    expect(await read('editor', 'pictures/admin/avatar.png')).toBe(true);
    expect(await read('admin', 'pictures/editor/avatar.png')).toBe(true);
    expect(await read('waiting', 'pictures/admin/avatar.png')).toBe(false);
    expect(await read(null, 'pictures/admin/avatar.png')).toBe(false);
    expect(await read('editor', 'pictures/admin', 'list')).toBe(false);
    // Downloaded through files-download: a read allowed here would give the file a download token.
    for (const path of ['studies/s1/documents/d1/v1', 'general/documents/d2/v3', 'exports/admin/x.csv']) {
      expect(await read('admin', path)).toBe(false);
      expect(await read('admin', path, 'list')).toBe(false);
    }
    expect(await read('editor', 'uploads/editor/a.pdf')).toBe(false);
  });

  it('firestore.rules loads and refuses every client read and write', async () => {
    const firestore = compileRules(readFileSync(root('firestore.rules'), 'utf8'), 'firestore.rules');
    expect(firestore.service).toBe('cloud.firestore');
    for (const method of ['get', 'list', 'create', 'update', 'delete'] as const) {
      const decision = await firestore.evaluate({
        path: 'databases/(default)/documents/studies/s1',
        method,
        request: { auth: { uid: 'admin', token: {} } },
        resource: null,
        getDocument,
      });
      expect(decision.allowed).toBe(false);
    }
  });
});
