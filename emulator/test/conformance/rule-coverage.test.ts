// The rule coverage report (`:ruleCoverage` and `:ruleCoverage.html`) after requests of the `firebase` web SDK through
// @firebase/rules-unit-testing: exactly the expressions those requests reached are counted, with the values they
// gave, in the shape of Google's emulator (rules files, ExpressionReport tree with source positions, values, counts);
// loading the rules again starts the counts anew; the page shows the rules escaped.
import { randomUUID } from 'node:crypto';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const emulatorHost = inject('emulatorHost');
const [host, port] = emulatorHost.split(':');

// `<admin>` and `&&`: the page must show rules text, not interpret it.
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isOwner(uid) {
      return request.auth != null && request.auth.uid == uid;
    }
    match /notes/{id} {
      allow get: if isOwner(resource.data.owner) || resource.data.public == true;
      allow create: if isOwner(request.resource.data.owner) && request.resource.data.title.size() < 20;
      allow delete: if false;
    }
    match /tags/{id} {
      allow read: if request.auth.token.role == '<admin>';
    }
  }
}
`;

interface ExpressionReport {
  sourcePosition: { fileName: string; line: number; column: number; currentOffset: number; endOffset: number };
  values?: { value: Record<string, unknown>; count: number }[];
  children?: ExpressionReport[];
}
interface CoverageReport {
  rules: { files: { name: string; content: string }[] };
  report: ExpressionReport[];
}

function flatten(nodes: ExpressionReport[], out: ExpressionReport[] = []): ExpressionReport[] {
  for (const n of nodes) {
    out.push(n);
    flatten(n.children ?? [], out);
  }
  return out;
}

const textOf = (n: ExpressionReport) => RULES.slice(n.sourcePosition.currentOffset, n.sourcePosition.endOffset);

/** The one expression whose source is `text` (starting at its `nth` occurrence in the rules when it repeats). */
function node(report: CoverageReport, text: string, nth = 0): ExpressionReport {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = RULES.indexOf(text, at + 1);
  const found = flatten(report.report).filter(
    (n) => n.sourcePosition.currentOffset === at && n.sourcePosition.endOffset === at + text.length,
  );
  expect(found, `one expression '${text}'`).toHaveLength(1);
  return found[0];
}

/** The values of an expression as `value ×count` strings, sorted. */
function tally(n: ExpressionReport): string[] {
  return (n.values ?? []).map(({ value, count }) => `${JSON.stringify(value)} ×${count}`).sort();
}

async function fetchReport(projectId: string): Promise<CoverageReport> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}:ruleCoverage`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as CoverageReport;
}

let env: RulesTestEnvironment;
const projectId = `conf-coverage-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  env = await initializeTestEnvironment({ projectId, firestore: { host, port: Number(port), rules: RULES } });
  await env.withSecurityRulesDisabled(async (context) => {
    const fs = context.firestore() as unknown as Firestore;
    await setDoc(doc(fs, 'notes/a'), { owner: 'alice', public: false });
  });
  const alice = env.authenticatedContext('alice').firestore() as unknown as Firestore;
  const bob = env.authenticatedContext('bob').firestore() as unknown as Firestore;
  await assertSucceeds(getDoc(doc(alice, 'notes/a')));
  await assertFails(getDoc(doc(bob, 'notes/a')));
  await assertSucceeds(setDoc(doc(alice, 'notes/b'), { owner: 'alice', title: 'hi' }));
});

afterAll(async () => {
  await env?.cleanup();
});

describe('the JSON report', () => {
  it('holds the rules as loaded and every expression with its source position', async () => {
    const report = await fetchReport(projectId);
    expect(report.rules.files).toEqual([{ name: 'firestore.rules', content: RULES }]);
    const at = RULES.indexOf('request.auth.uid == uid');
    const lineStart = RULES.lastIndexOf('\n', at) + 1;
    expect(node(report, 'request.auth.uid == uid').sourcePosition).toEqual({
      fileName: 'firestore.rules',
      line: RULES.slice(0, at).split('\n').length,
      column: at - lineStart + 1,
      currentOffset: at,
      endOffset: at + 'request.auth.uid == uid'.length,
    });
    // The top level: the function's body and each allow condition, in source order, their parts as children.
    expect(report.report.map(textOf)).toEqual([
      'request.auth != null && request.auth.uid == uid',
      'isOwner(resource.data.owner) || resource.data.public == true',
      'isOwner(request.resource.data.owner) && request.resource.data.title.size() < 20',
      'false',
      "request.auth.token.role == '<admin>'",
    ]);
    expect(report.report[0].children!.map(textOf)).toEqual(['request.auth != null', 'request.auth.uid == uid']);
  });

  it('marks evaluated exactly the expressions the requests reached', async () => {
    const report = await fetchReport(projectId);
    const evaluated = flatten(report.report)
      .filter((n) => n.values !== undefined)
      .map(textOf)
      .sort();
    expect(evaluated).toEqual(
      [
        // allow get (alice: the owner, so the right of || is skipped; bob: both sides).
        'isOwner(resource.data.owner) || resource.data.public == true',
        'isOwner(resource.data.owner)',
        'resource.data.owner',
        'resource.data',
        'resource',
        'resource.data.public == true',
        'resource.data.public',
        'resource.data',
        'resource',
        'true',
        // isOwner's body, from both allows.
        'request.auth != null && request.auth.uid == uid',
        'request.auth != null',
        'request.auth',
        'request',
        'null',
        'request.auth.uid == uid',
        'request.auth.uid',
        'request.auth',
        'request',
        'uid',
        // allow create.
        'isOwner(request.resource.data.owner) && request.resource.data.title.size() < 20',
        'isOwner(request.resource.data.owner)',
        'request.resource.data.owner',
        'request.resource.data',
        'request.resource',
        'request',
        'request.resource.data.title.size() < 20',
        'request.resource.data.title.size()',
        'request.resource.data.title',
        'request.resource.data',
        'request.resource',
        'request',
        '20',
      ].sort(),
    );
    // Never reached: allow delete, and every part of the tags rule.
    expect(node(report, 'false').values).toBeUndefined();
    expect(flatten([node(report, "request.auth.token.role == '<admin>'")]).every((n) => !n.values)).toBe(true);
  });

  it('counts each value an expression gave', async () => {
    const report = await fetchReport(projectId);
    const t = { boolValue: true };
    const f = { boolValue: false };
    expect(tally(node(report, 'request.auth != null && request.auth.uid == uid'))).toEqual(
      [`${JSON.stringify(f)} ×1`, `${JSON.stringify(t)} ×2`].sort(),
    );
    expect(tally(node(report, 'isOwner(resource.data.owner) || resource.data.public == true'))).toEqual(
      [`${JSON.stringify(f)} ×1`, `${JSON.stringify(t)} ×1`].sort(),
    );
    expect(tally(node(report, 'resource.data.public == true'))).toEqual([`${JSON.stringify(f)} ×1`]);
    expect(tally(node(report, 'request.resource.data.title.size() < 20'))).toEqual([`${JSON.stringify(t)} ×1`]);
    expect(tally(node(report, 'request.resource.data.title.size()'))).toEqual(['{"intValue":"2"} ×1']);
    expect(tally(node(report, 'request.auth.uid'))).toEqual(
      ['{"stringValue":"alice"} ×2', '{"stringValue":"bob"} ×1'].sort(),
    );
    expect(tally(node(report, 'uid', 2))).toEqual(['{"stringValue":"alice"} ×3']);
  });

  it('records an evaluation error as the value of the expression that failed', async () => {
    const errors = `conf-coverage-${randomUUID().slice(0, 8)}`;
    const other = await initializeTestEnvironment({
      projectId: errors,
      firestore: { host, port: Number(port), rules: RULES },
    });
    try {
      // Signed out: request.auth is null, so `request.auth.token` fails and the allow denies.
      const anon = other.unauthenticatedContext().firestore() as unknown as Firestore;
      await assertFails(getDoc(doc(anon, 'tags/t')));
      const report = await fetchReport(errors);
      expect(node(report, 'request.auth', 2).values).toEqual([{ value: { nullValue: 'NULL_VALUE' }, count: 1 }]);
      const failed = node(report, 'request.auth.token');
      expect(failed.values).toHaveLength(1);
      expect(failed.values![0].value).toHaveProperty('error.message');
      expect(node(report, "request.auth.token.role == '<admin>'").values![0].value).toHaveProperty('error');
      // Only that project's requests count: the first project's report has no error.
      const first = await fetchReport(projectId);
      expect(node(first, 'request.auth.token').values).toBeUndefined();
    } finally {
      await other.cleanup();
    }
  });
});

describe('the HTML report', () => {
  it('shows the rules escaped, each expression marked with what it gave, and a table of counts', async () => {
    const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}:ruleCoverage.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toContain('<admin>');
    expect(html).toContain('&#39;&#60;admin&#62;&#39;');
    expect(html).toContain('&#38;&#38;');
    expect(html).not.toContain('<script');
    // isOwner's comparison: true twice (alice), false once (bob).
    expect(html).toMatch(
      /<span class="x mixed" title="line 5, column \d+: evaluated 3 times\ntrue ×2\nfalse ×1|<span class="x mixed" title="line 5, column \d+: evaluated 3 times\nfalse ×1\ntrue ×2/,
    );
    // The allow delete condition and the tags rule were never reached.
    expect(html).toMatch(/<span class="x none" title="line 10, column \d+: never evaluated">false<\/span>/);
    expect(html).toMatch(/<span class="x none" title="line 13, column \d+: never evaluated">/);
    expect(html).toContain('<b>33</b> of <b>40</b> expressions evaluated');
  });
});

describe('requests through the REST API', () => {
  /** An unsigned ID token, as the Auth emulator and `mockUserToken` make them (no emulator checks signatures). */
  const token = (uid: string) =>
    [{ alg: 'none', typ: 'JWT' }, { sub: uid, user_id: uid }, {}]
      .map((part, i) => (i === 2 ? '' : Buffer.from(JSON.stringify(part)).toString('base64url')))
      .join('.');

  it('count as the gRPC ones do', async () => {
    const restProject = `conf-coverage-${randomUUID().slice(0, 8)}`;
    const rest = await initializeTestEnvironment({
      projectId: restProject,
      firestore: { host, port: Number(port), rules: RULES },
    });
    try {
      await rest.withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore() as unknown as Firestore, 'notes/a'), { owner: 'alice', public: false });
      });
      const url = `http://${emulatorHost}/v1/projects/${restProject}/databases/(default)/documents/notes/a`;
      const asAlice = await fetch(url, { headers: { authorization: `Bearer ${token('alice')}` } });
      expect(asAlice.status).toBe(200);
      const asBob = await fetch(url, { headers: { authorization: `Bearer ${token('bob')}` } });
      expect(asBob.status).toBe(403);
      const report = await fetchReport(restProject);
      expect(tally(node(report, 'isOwner(resource.data.owner) || resource.data.public == true'))).toEqual(
        ['{"boolValue":false} ×1', '{"boolValue":true} ×1'].sort(),
      );
      expect(tally(node(report, 'resource.data.public == true'))).toEqual(['{"boolValue":false} ×1']);
    } finally {
      await rest.cleanup();
    }
  });
});

describe('loading rules again', () => {
  it('starts the counts anew', async () => {
    const reloaded = `conf-coverage-${randomUUID().slice(0, 8)}`;
    const first = await initializeTestEnvironment({
      projectId: reloaded,
      firestore: { host, port: Number(port), rules: RULES },
    });
    try {
      const alice = first.authenticatedContext('alice').firestore() as unknown as Firestore;
      await assertFails(deleteDoc(doc(alice, 'notes/a')));
      expect(node(await fetchReport(reloaded), 'false').values).toEqual([{ value: { boolValue: false }, count: 1 }]);
      const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${reloaded}:securityRules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: { files: [{ content: RULES }] } }),
      });
      expect(res.status).toBe(200);
      const after = await fetchReport(reloaded);
      expect(flatten(after.report).filter((n) => n.values)).toEqual([]);
    } finally {
      await first.cleanup();
    }
  });
});
