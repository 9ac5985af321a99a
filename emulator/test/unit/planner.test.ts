// The index planner against the scan it replaces (same documents, same order, same counts), and the index entries.
import { describe, expect, it } from 'vitest';
import type { Value } from '../../src/common/firestore-value.js';
import { valueKey } from '../../src/firestore/values.js';
import { fieldValue, makeDoc, type StoredDoc } from '../../src/firestore/document.js';
import { countQuery, executeQuery, planQuery } from '../../src/firestore/planner.js';
import { compileQuery, type Filter, type StructuredQuery } from '../../src/firestore/query-compiler.js';
import { scanQuery } from '../../src/firestore/query-evaluator.js';
import { LOAD, SortedBlocks } from '../../src/firestore/sorted-blocks.js';
import { Database } from '../../src/firestore/store.js';
import { compareUtf8, compareValues } from '../../src/firestore/values.js';

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const str = (s: string): Value => ({ stringValue: s });
const int = (n: number): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const NULL: Value = { nullValue: 'NULL_VALUE' };
const ts = (s: number): Value => ({ timestampValue: { seconds: String(s), nanos: 0 } });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });

// Mixed types on purpose: type order, 1 == 1.0, NaN, null and missing fields all take part.
const SCALARS: Value[] = [
  NULL,
  { booleanValue: false },
  { booleanValue: true },
  int(0),
  int(1),
  int(2),
  dbl(2),
  dbl(1.5),
  dbl(NaN),
  ts(100),
  ts(200),
  str('x'),
  str('y'),
  str('yy'),
];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

function randomFields(r: () => number): Record<string, Value> {
  const f: Record<string, Value> = {};
  if (r() < 0.9) f.a = r() < 0.7 ? int(Math.floor(r() * 5)) : pick(r, SCALARS);
  if (r() < 0.9) f.b = r() < 0.5 ? str(pick(r, ['p', 'q', 'r'])) : pick(r, SCALARS);
  if (r() < 0.85) {
    const n = Math.floor(r() * 4);
    f.tags =
      r() < 0.9
        ? arr(...Array.from({ length: n }, () => pick(r, [str('t1'), str('t2'), int(1), dbl(1), NULL])))
        : str('t1');
  }
  if (r() < 0.7) f.m = { mapValue: { fields: { c: int(Math.floor(r() * 3)) } } };
  return f;
}

const DB = 'projects/demo-planner/databases/(default)';
const ROOT = `${DB}/documents`;

function put(db: Database, id: string, fields: Record<string, Value>, t: number): void {
  const path = `items/${id}`;
  db.set(path, makeDoc(`${ROOT}/${path}`, path, fields, t, t));
}

const FIELDS = ['a', 'b', 'm.c'];
const ff = (fieldPath: string, op: string, value: Value): Filter => ({
  fieldFilter: { field: { fieldPath }, op, value },
});

function randomFilter(r: () => number, used: Set<string>): Filter {
  const field = pick(r, FIELDS);
  const value = r() < 0.8 ? int(Math.floor(r() * 5)) : pick(r, SCALARS);
  const k = r();
  if (k < 0.3) return ff(field, 'EQUAL', value);
  if (k < 0.45 && !used.has('contains')) {
    used.add('contains');
    return ff('tags', 'ARRAY_CONTAINS', pick(r, [str('t1'), str('t2'), int(1), NULL]));
  }
  if (k < 0.55 && !used.has('in')) {
    used.add('in');
    return ff(
      field,
      'IN',
      arr(
        ...Array.from({ length: 1 + Math.floor(r() * 3) }, () =>
          pick(r, [int(0), int(1), int(2), dbl(2), str('p'), dbl(NaN)]),
        ),
      ),
    );
  }
  if (k < 0.75)
    return ff(field, pick(r, ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']), value);
  if (k < 0.8)
    return { unaryFilter: { field: { fieldPath: field }, op: pick(r, ['IS_NULL', 'IS_NAN', 'IS_NOT_NULL']) } };
  if (k < 0.85 && !used.has('not')) {
    used.add('not');
    return ff(field, 'NOT_EQUAL', value);
  }
  if (k < 0.9) return ff('__name__', 'GREATER_THAN', { referenceValue: `${ROOT}/items/d${Math.floor(r() * 60)}` });
  return ff(field, 'EQUAL', value);
}

function randomQuery(r: () => number, db: Database): StructuredQuery | undefined {
  const used = new Set<string>();
  const n = Math.floor(r() * 4);
  const filters = Array.from({ length: n }, () => randomFilter(r, used));
  const q: StructuredQuery = { from: [{ collectionId: 'items' }] };
  if (n === 1) q.where = filters[0];
  else if (n > 1) q.where = { compositeFilter: { op: r() < 0.9 ? 'AND' : 'OR', filters } };
  const orders = [...FIELDS].sort(() => r() - 0.5).slice(0, Math.floor(r() * 3));
  q.orderBy = orders.map((fieldPath) => ({ field: { fieldPath }, direction: r() < 0.5 ? 'DESCENDING' : 'ASCENDING' }));
  if (r() < 0.1)
    q.orderBy.push({ field: { fieldPath: '__name__' }, direction: r() < 0.5 ? 'DESCENDING' : 'ASCENDING' });
  if (r() < 0.3) q.offset = Math.floor(r() * 5);
  if (r() < 0.5) q.limit = { value: Math.floor(r() * 8) };
  let compiled;
  try {
    compiled = compileQuery(db, ROOT, q);
  } catch {
    return undefined; // an invalid combination: both paths reject it the same way
  }
  // Cursors from the ordered values of an existing document (or a value of the same type).
  const docs = [...(db.collections.get('items')?.list ?? [])];
  for (const key of ['startAt', 'endAt'] as const) {
    if (r() < 0.6 || docs.length === 0) continue;
    const doc = pick(r, docs);
    const count = 1 + Math.floor(r() * compiled.orders.length);
    const values = compiled.orders
      .slice(0, count)
      .map((o) => (o.segs === null ? { referenceValue: doc.name } : (fieldValue(doc, o.segs) ?? int(1))));
    q[key] = { values, before: r() < 0.5 };
  }
  return q;
}

const names = (docs: StoredDoc[]) => docs.map((d) => d.id);

describe('index planner', () => {
  for (const indexFile of [false, true]) {
    it(`serves random queries exactly as the scan does (indexFile: ${indexFile})`, () => {
      const r = rng(indexFile ? 7 : 42);
      const db = new Database(DB, { indexFile });
      let t = 1;
      for (let i = 0; i < 60; i++) put(db, `d${i}`, randomFields(r), t++);
      let planned = 0;
      let exact = 0;
      let checked = 0;
      for (let round = 0; round < 1500; round++) {
        // Writes between queries move entries of the indexes built so far.
        for (let w = 0; w < 3; w++) {
          const id = `d${Math.floor(r() * 70)}`;
          if (r() < 0.15) db.set(`items/${id}`, undefined);
          else put(db, id, randomFields(r), t++);
        }
        const sq = randomQuery(r, db);
        if (!sq) continue;
        const q = compileQuery(db, ROOT, sq);
        const col = db.collections.get('items')!;
        const plan = planQuery(q, col);
        if (plan) planned++;
        if (plan?.exact) exact++;
        const expected = scanQuery(q);
        expect(names(executeQuery(q)), JSON.stringify(sq)).toEqual(names(expected));
        expect(countQuery(q), JSON.stringify(sq)).toBe(expected.length);
        checked++;
      }
      // The comparison must exercise the planner, not only the fallback.
      expect(checked).toBeGreaterThan(1000);
      expect(planned / checked).toBeGreaterThan(0.6);
      expect(exact / checked).toBeGreaterThan(0.2);
    });
  }

  it('keeps indexes right when a collection empties and refills, and after clear', () => {
    const db = new Database(DB);
    put(db, 'a', { a: int(1) }, 1);
    const q = () => compileQuery(db, ROOT, { from: [{ collectionId: 'items' }], where: ff('a', 'EQUAL', int(1)) });
    expect(names(executeQuery(q()))).toEqual(['a']);
    db.set('items/a', undefined);
    expect(executeQuery(q())).toEqual([]);
    put(db, 'b', { a: int(1) }, 2);
    expect(names(executeQuery(q()))).toEqual(['b']);
    db.clear();
    expect(executeQuery(q())).toEqual([]);
    expect(countQuery(q())).toBe(0);
  });
});

describe('planner choices', () => {
  const db = new Database(DB);
  const fileDb = new Database('projects/demo-planner/databases/file', { indexFile: true });
  for (let i = 0; i < 200; i++) {
    const fields = {
      status: str(i % 4 === 0 ? 'active' : 'draft'),
      kind: str(i % 10 === 0 ? 'rare' : 'common'),
      updatedAt: ts(1000 + i),
      tags: arr(str(`t${i % 3}`), str('all')),
    };
    put(db, `s${String(i).padStart(3, '0')}`, fields, i + 1);
    const path = `items/s${String(i).padStart(3, '0')}`;
    fileDb.set(path, makeDoc(`${fileDb.name}/documents/${path}`, path, fields, i + 1, i + 1));
  }
  const plan = (d: Database, q: Omit<StructuredQuery, 'from'>) => {
    const parent = `${d.name}/documents`;
    return planQuery(compileQuery(d, parent, { ...q, from: [{ collectionId: 'items' }] }), d.collections.get('items')!);
  };
  const order = (fieldPath: string, desc = false) => ({
    field: { fieldPath },
    direction: desc ? 'DESCENDING' : 'ASCENDING',
  });
  const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });

  it('equality + orderBy desc: one exact range of the composite index, walked backwards', () => {
    const p = plan(db, { where: ff('status', 'EQUAL', str('active')), orderBy: [order('updatedAt', true)] })!;
    expect(p.index.key).toBe('asc:status|asc:updatedAt|name:asc');
    expect(p.reverse).toBe(true);
    expect(p.exact).toBe(true);
    expect(p.ranges.map((r) => r.hi - r.lo)).toEqual([50]);
  });

  it('array-contains + orderBy: the element is a prefix component', () => {
    const p = plan(db, { where: ff('tags', 'ARRAY_CONTAINS', str('t1')), orderBy: [order('updatedAt', true)] })!;
    expect(p.index.key).toBe('contains:tags|asc:updatedAt|name:asc');
    expect(p.exact).toBe(true);
    expect(p.ranges[0].hi - p.ranges[0].lo).toBe(67);
    // The index walked is the element's partition: the documents holding it.
    expect(p.index.entries.size).toBe(67);
  });

  it('a range filter on the first ordered field bounds the range; on another field it filters it', () => {
    const bounded = plan(db, { where: ff('updatedAt', 'GREATER_THAN_OR_EQUAL', ts(1190)) })!;
    expect(bounded.index.key).toBe('asc:updatedAt|name:asc');
    expect(bounded.exact).toBe(true);
    expect(bounded.ranges[0].hi - bounded.ranges[0].lo).toBe(10);
    const filtered = plan(db, { where: ff('updatedAt', 'GREATER_THAN', ts(1190)), orderBy: [order('kind')] })!;
    expect(filtered.exact).toBe(false);
  });

  it('`in` is a union of ranges', () => {
    const p = plan(db, {
      where: ff('kind', 'IN', arr(str('rare'), str('common'), str('none'))),
      orderBy: [order('updatedAt')],
    })!;
    expect(p.exact).toBe(true);
    expect(p.ranges.map((r) => r.hi - r.lo).sort((a, b) => a - b)).toEqual([20, 180]);
  });

  it('cursors cut the range by binary search', () => {
    const p = plan(db, {
      where: ff('status', 'EQUAL', str('draft')),
      orderBy: [order('updatedAt', true)],
      startAt: { values: [ts(1100)], before: false },
    })!;
    // draft documents with updatedAt < 1100, i.e. i in 0..99 with i % 4 != 0.
    expect(p.ranges[0].hi - p.ranges[0].lo).toBe(75);
  });

  it('with an indexes file, equalities on several fields walk the smallest single-field range', () => {
    const p = plan(fileDb, { where: and(ff('status', 'EQUAL', str('active')), ff('kind', 'EQUAL', str('rare'))) })!;
    expect(p.index.key).toBe('asc:kind|name:asc');
    expect(p.exact).toBe(false);
    expect(p.ranges[0].hi - p.ranges[0].lo).toBe(20);
    // Without a file, a composite index is built for the shape instead.
    const lazy = plan(db, { where: and(ff('status', 'EQUAL', str('active')), ff('kind', 'EQUAL', str('rare'))) })!;
    expect(lazy.index.key).toBe('asc:kind|asc:status|name:asc');
    expect(lazy.exact).toBe(true);
  });

  it('falls back to the scan for OR, collection groups and ordering by the array-contains field', () => {
    expect(plan(db, { where: { compositeFilter: { op: 'OR', filters: [ff('kind', 'EQUAL', str('rare'))] } } })).toBe(
      undefined,
    );
    expect(plan(db, { where: ff('tags', 'ARRAY_CONTAINS', str('t1')), orderBy: [order('tags')] })).toBe(undefined);
    const group = compileQuery(db, ROOT, { from: [{ collectionId: 'items', allDescendants: true }] });
    expect(planQuery(group, db.collections.get('items')!)).toBe(undefined);
  });
});

describe('SortedBlocks', () => {
  const doc = (id: string) => makeDoc(`${ROOT}/t/${id}`, `t/${id}`, {}, 1, 1);
  const byId = (a: StoredDoc, b: StoredDoc) => compareUtf8(a.id, b.id);

  it('matches a sorted array through inserts, removals, splits and bulk loads', () => {
    const r = rng(3);
    const blocks = new SortedBlocks(byId);
    const ids = Array.from({ length: 6 * LOAD }, (_, i) => `k${String(i).padStart(5, '0')}`);
    blocks.load(ids.slice(0, LOAD + 7).map(doc));
    const ref = new Set(ids.slice(0, LOAD + 7));
    for (let step = 0; step < 20_000; step++) {
      const id = pick(r, ids);
      if (ref.has(id) && r() < 0.4) {
        expect(blocks.remove(doc(id))).toBe(true);
        ref.delete(id);
      } else if (!ref.has(id)) {
        blocks.insert(doc(id));
        ref.add(id);
      } else expect(blocks.remove(doc(`${id}x`))).toBe(false);
    }
    const sorted = [...ref].sort(compareUtf8);
    expect(blocks.size).toBe(sorted.length);
    const forward: string[] = [];
    blocks.walk(0, blocks.size, false, (d) => forward.push(d.id) > 0);
    expect(forward).toEqual(sorted);
    const backward: string[] = [];
    blocks.walk(3, blocks.size - 5, true, (d) => backward.push(d.id) > 0);
    expect(backward).toEqual(sorted.slice(3, sorted.length - 5).reverse());
    for (let i = 0; i < 50; i++) {
      const pos = Math.floor(r() * sorted.length);
      expect(blocks.docAt(pos).id).toBe(sorted[pos]);
      const probe = pick(r, ids);
      expect(blocks.lowerBound((d) => compareUtf8(d.id, probe) >= 0)).toBe(
        sorted.filter((s) => compareUtf8(s, probe) < 0).length,
      );
    }
    // A walk stops when the visitor says so.
    let seen = 0;
    blocks.walk(0, blocks.size, false, () => ++seen < 3);
    expect(seen).toBe(3);
  });
});

describe('valueKey', () => {
  it('is shared by exactly the values that compare equal', () => {
    const values: Value[] = [
      ...SCALARS,
      dbl(0),
      dbl(-0),
      { integerValue: '9007199254740993' },
      { integerValue: '9007199254740992' },
      dbl(9007199254740992),
      str('1'),
      { referenceValue: `${ROOT}/c/__id01__` },
      { referenceValue: `${ROOT}/c/__id1__` },
      { referenceValue: `${ROOT}/c/x` },
      { bytesValue: Buffer.from('ab') },
      { geoPointValue: { latitude: 1, longitude: 2 } },
      { mapValue: { fields: { a: int(1), b: str('x') } } },
      { mapValue: { fields: { b: str('x'), a: dbl(1) } } },
      { mapValue: { fields: { a: str('1') } } },
      arr(int(1), str('x')),
      arr(dbl(1), str('x')),
    ];
    for (const a of values)
      for (const b of values)
        expect(valueKey(a) === valueKey(b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
          compareValues(a, b) === 0,
        );
  });
});
