// Indexes of the declared composite indexes, built when the indexes file is loaded: the planner walks them (no query
// builds one), they hold what a scan finds whether built before or after the documents, and only declared ones exist.
import { describe, expect, it } from 'vitest';
import { ContainsIndex, MAX_PARTITIONS, specKey, type CollectionIndex } from '../../src/firestore/collection-index.js';
import { makeDoc } from '../../src/firestore/document.js';
import { parseIndexConfig, plannedIndexes } from '../../src/firestore/index-config.js';
import { executeQuery, planQuery } from '../../src/firestore/planner.js';
import { compileQuery, type Filter, type StructuredQuery } from '../../src/firestore/query-compiler.js';
import { scanQuery } from '../../src/firestore/query-evaluator.js';
import { Store, type Database } from '../../src/firestore/store.js';
import type { Value } from '../../src/common/firestore-value.js';

const DB = 'projects/demo-planned/databases/(default)';
const str = (s: string): Value => ({ stringValue: s });
const ts = (s: number): Value => ({ timestampValue: { seconds: String(s), nanos: 0 } });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });
const ff = (fieldPath: string, op: string, value: Value): Filter => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const order = (fieldPath: string, desc = false) => ({
  field: { fieldPath },
  direction: desc ? 'DESCENDING' : 'ASCENDING',
});

const CONFIG = parseIndexConfig({
  indexes: [
    // Both directions of the ordered field: one index.
    { collectionGroup: 'items', fields: [{ fieldPath: 'status' }, { fieldPath: 'updatedAt', order: 'DESCENDING' }] },
    { collectionGroup: 'items', fields: [{ fieldPath: 'status' }, { fieldPath: 'updatedAt', order: 'ASCENDING' }] },
    {
      collectionGroup: 'items',
      fields: [
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'updatedAt', order: 'DESCENDING' },
      ],
    },
    // Equality fields in any order: the planner sorts them by path.
    {
      collectionGroup: 'items',
      fields: [{ fieldPath: 'status' }, { fieldPath: 'kind' }, { fieldPath: 'updatedAt', order: 'DESCENDING' }],
    },
    // An explicit final order by name against the last field's direction.
    {
      collectionGroup: 'items',
      fields: [
        { fieldPath: 'kind' },
        { fieldPath: 'updatedAt', order: 'ASCENDING' },
        { fieldPath: '__name__', order: 'DESCENDING' },
      ],
    },
    // None: scanned collection group queries, and equalities only (merged single-field indexes serve them).
    { collectionGroup: 'items', queryScope: 'COLLECTION_GROUP', fields: [{ fieldPath: 'a' }, { fieldPath: 'b' }] },
    { collectionGroup: 'items', fields: [{ fieldPath: 'status' }, { fieldPath: 'tags', arrayConfig: 'CONTAINS' }] },
    { collectionGroup: 'others', fields: [{ fieldPath: 'x' }, { fieldPath: 'y', order: 'DESCENDING' }] },
  ],
});

const QUERIES: Omit<StructuredQuery, 'from'>[] = [
  { where: ff('status', 'EQUAL', str('active')), orderBy: [order('updatedAt', true)] },
  { where: ff('status', 'EQUAL', str('draft')), orderBy: [order('updatedAt')], limit: { value: 7 } },
  { where: and(ff('status', 'EQUAL', str('active')), ff('updatedAt', 'GREATER_THAN', ts(1100))) },
  {
    where: and(ff('tags', 'ARRAY_CONTAINS', str('t1')), ff('status', 'EQUAL', str('draft'))),
    orderBy: [order('updatedAt', true)],
  },
  {
    where: and(ff('kind', 'EQUAL', str('rare')), ff('status', 'EQUAL', str('active'))),
    orderBy: [order('updatedAt', true)],
  },
  { where: ff('kind', 'EQUAL', str('common')), orderBy: [order('updatedAt'), order('__name__', true)] },
];

function fill(db: Database, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const path = `items/s${String(i).padStart(3, '0')}`;
    const fields = {
      status: str(i % 4 === 0 ? 'active' : 'draft'),
      kind: str(i % 10 === 0 ? 'rare' : 'common'),
      updatedAt: ts(1000 + ((i * 37) % 200)),
      tags: arr(str(`t${i % 3}`), str('all'), str(`u${i}`)),
    };
    db.set(path, makeDoc(`${DB}/documents/${path}`, path, fields, i + 1, i + 1));
  }
}

/** Runs every query through the planner and checks it against the scan; returns the index keys walked. */
function runAll(db: Database): string[] {
  const col = db.collections.get('items')!;
  return QUERIES.map((q) => {
    const compiled = () => compileQuery(db, `${DB}/documents`, { ...q, from: [{ collectionId: 'items' }] });
    const plan = planQuery(compiled(), col);
    expect(plan).toBeDefined();
    const names = (docs: { name: string }[]) => docs.map((d) => d.name);
    expect(names(executeQuery(compiled()))).toEqual(names(scanQuery(compiled())));
    return plan!.index.key;
  });
}

describe('indexes of firestore.indexes.json, built when it is loaded', () => {
  const planned = plannedIndexes(CONFIG);

  it('derives one index per declared query shape, as the planner keys it', () => {
    expect(planned.get('items')!.map((spec) => spec.components.map((c) => c.field).join(','))).toEqual([
      'status,updatedAt',
      'status,tags,updatedAt',
      'kind,status,updatedAt',
      'kind,updatedAt',
    ]);
    expect(planned.get('others')).toHaveLength(1);
  });

  it('built for the data already loaded, and for collections made later, kept by every write', () => {
    const arrayIndex = specKey(planned.get('items')!.find((spec) => spec.components.some((c) => c.contains))!);
    for (const before of [true, false]) {
      const store = new Store({ indexFile: true });
      const db = store.db(DB);
      if (before) fill(db, 0, 120);
      store.buildPlannedIndexes(planned);
      if (!before) fill(db, 0, 120);
      const col = db.collections.get('items')!;
      // Every declared shape has its index; an array-contains one builds an element's partition on its first query.
      const built = [...col.indexes.keys()].sort();
      expect(built).toHaveLength(4);
      const contains = col.indexes.get(arrayIndex) as ContainsIndex;
      expect(contains.partitionCount).toBe(0);
      expect((col.indexes.get(built.find((k) => k !== arrayIndex)!) as CollectionIndex).entries.size).toBe(120);
      // The queries walk those indexes: none is built by a query.
      expect(new Set(runAll(db))).toEqual(new Set(built));
      expect([...col.indexes.keys()].sort()).toEqual(built);
      expect(contains.partitionCount).toBe(1);
      // Writes after the build (new, changed, deleted documents) are in them.
      fill(db, 100, 160);
      db.set('items/s005', undefined);
      runAll(db);
      expect([...col.indexes.keys()].sort()).toEqual(built);
    }
  });

  it('a collection of another id gets only its own', () => {
    const store = new Store({ indexFile: true });
    store.buildPlannedIndexes(planned);
    const db = store.db(DB);
    db.set('a/b/others/x', makeDoc(`${DB}/documents/a/b/others/x`, 'a/b/others/x', { x: str('1') }, 1, 1));
    db.set('misc/y', makeDoc(`${DB}/documents/misc/y`, 'misc/y', { x: str('1') }, 1, 1));
    expect(db.collections.get('a/b/others')!.indexes.size).toBe(1);
    expect(db.collections.get('misc')!.indexes.size).toBe(0);
  });
});

describe('array-contains indexes, one partition per element queried', () => {
  const planned = plannedIndexes(CONFIG);
  const search = (db: Database, tag: string) => {
    const compiled = () =>
      compileQuery(db, `${DB}/documents`, {
        from: [{ collectionId: 'items' }],
        where: and(ff('tags', 'ARRAY_CONTAINS', str(tag)), ff('status', 'EQUAL', str('draft'))),
        orderBy: [order('updatedAt', true)],
      });
    const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
    const got = ids(executeQuery(compiled()));
    expect(got, tag).toEqual(ids(scanQuery(compiled())));
    return got;
  };

  it('builds an element’s partition on its first query, keeps it through writes, drops the least recent ones', () => {
    const store = new Store({ indexFile: true });
    store.buildPlannedIndexes(planned);
    const db = store.db(DB);
    fill(db, 0, 300);
    const col = db.collections.get('items')!;
    const contains = [...col.indexes.values()].find((ix) => ix instanceof ContainsIndex) as ContainsIndex;
    expect(contains.partitionCount).toBe(0);
    expect(search(db, 't1').length).toBe(75);
    expect(contains.partitionCount).toBe(1);
    // Writes move documents in and out of the partitions built: a changed array, a new document, a deletion.
    const path = 'items/s004';
    db.set(
      path,
      makeDoc(`${DB}/documents/${path}`, path, { status: str('draft'), updatedAt: ts(1), tags: arr(str('t2')) }, 9, 9),
    );
    db.set('items/s007', undefined);
    fill(db, 300, 303);
    expect(search(db, 't1').length).toBe(75);
    expect(search(db, 't2')).toContain('s004');
    // One partition per element, up to MAX_PARTITIONS: the least recently queried goes, and comes back when asked.
    for (let i = 0; i < MAX_PARTITIONS + 5; i++) search(db, `u${i}`);
    expect(contains.partitionCount).toBe(MAX_PARTITIONS);
    db.set('items/s001', undefined);
    expect(search(db, 't1').length).toBe(74);
    expect(search(db, 'u1')).toEqual([]);
    expect(contains.partitionCount).toBe(MAX_PARTITIONS);
  });
});
