// Which queries need a composite index, and matching them against firestore.indexes.json.
import { describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import {
  checkIndexes,
  parseIndexConfig,
  requiredIndexes,
  type IndexConfig,
  type QueryShape,
} from '../../src/firestore/index-config.js';
import { compileQuery, type Filter, type StructuredQuery } from '../../src/firestore/query-compiler.js';
import { Database } from '../../src/firestore/store.js';
import { RpcError } from '../../src/firestore/errors.js';

const db = new Database('projects/demo-idx/databases/(default)');
const root = `${db.name}/documents`;

const eq = (field: string, value: string): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } },
});
const op = (field: string, o: string, value: number): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: o, value: { integerValue: String(value) } },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });
const order = (field: string, desc = false) => ({
  field: { fieldPath: field },
  direction: desc ? 'DESCENDING' : 'ASCENDING',
});

/** The shape the server checks, built by the real query compiler (implicit orders included). */
function shape(q: Omit<StructuredQuery, 'from'>, group = false): QueryShape {
  const c = compileQuery(db, root, { ...q, from: [{ collectionId: 'studies', allDescendants: group }] });
  return { collectionId: c.collectionId, collectionGroup: c.allDescendants, where: c.where, orders: c.orders };
}

const config = (...indexes: unknown[]): IndexConfig => parseIndexConfig({ indexes, fieldOverrides: [] });
const index = (fields: [string, string][], scope = 'COLLECTION') => ({
  collectionGroup: 'studies',
  queryScope: scope,
  fields: fields.map(([fieldPath, o]) => (o === 'CONTAINS' ? { fieldPath, arrayConfig: o } : { fieldPath, order: o })),
});

function rejection(cfg: IndexConfig, s: QueryShape): RpcError | undefined {
  try {
    checkIndexes(cfg, 'demo-idx', s);
    return undefined;
  } catch (e) {
    return e as RpcError;
  }
}

describe('which queries need a composite index', () => {
  it('single-field queries and equality-only queries need none', () => {
    expect(requiredIndexes(shape({}))).toEqual([]);
    expect(requiredIndexes(shape({ orderBy: [order('title', true)] }))).toEqual([]);
    expect(requiredIndexes(shape({ where: op('n', 'GREATER_THAN', 1), orderBy: [order('n')] }))).toEqual([]);
    expect(requiredIndexes(shape({ where: and(eq('a', 'x'), eq('b', 'y'), eq('c', 'z')) }))).toEqual([]);
    expect(requiredIndexes(shape({ where: eq('a', 'x'), orderBy: [order('a')] }))).toEqual([]);
  });

  it('equality plus orderBy on another field needs (equality fields, ordered fields)', () => {
    expect(
      requiredIndexes(
        shape({ where: and(eq('status', 'open'), eq('owner', 'u')), orderBy: [order('updatedAt', true)] }),
      ),
    ).toEqual([
      {
        unordered: [
          { fieldPath: 'owner', order: 'ASCENDING' },
          { fieldPath: 'status', order: 'ASCENDING' },
        ],
        ordered: [{ fieldPath: 'updatedAt', order: 'DESCENDING' }],
      },
    ]);
  });

  it('an inequality is ordered implicitly after the explicit orders, with the last direction', () => {
    const [needed] = requiredIndexes(shape({ where: op('n', 'LESS_THAN', 5), orderBy: [order('title', true)] }));
    expect(needed.ordered).toEqual([
      { fieldPath: 'title', order: 'DESCENDING' },
      { fieldPath: 'n', order: 'DESCENDING' },
    ]);
  });

  it('array-contains comes before the ordered fields', () => {
    const where: Filter = {
      fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: { stringValue: 't' } },
    };
    const [needed] = requiredIndexes(shape({ where, orderBy: [order('n')] }));
    expect(needed.unordered).toEqual([{ fieldPath: 'tags', arrayConfig: 'CONTAINS' }]);
    expect(needed.ordered).toEqual([{ fieldPath: 'n', order: 'ASCENDING' }]);
  });

  it('a collection-group query on two fields needs one even with equalities only', () => {
    expect(requiredIndexes(shape({ where: and(eq('a', 'x'), eq('b', 'y')) }, true))).toHaveLength(1);
    expect(requiredIndexes(shape({ where: eq('a', 'x') }, true))).toEqual([]);
  });

  it('each disjunct of an OR is planned on its own', () => {
    const s = shape({ where: or(eq('a', 'x'), eq('b', 'y')), orderBy: [order('n')] });
    expect(requiredIndexes(s).map((n) => n.unordered[0].fieldPath)).toEqual(['a', 'b']);
  });
});

describe('matching firestore.indexes.json', () => {
  const s = shape({ where: and(eq('status', 'open'), eq('owner', 'u')), orderBy: [order('updatedAt', true)] });

  it('accepts an index with the equality fields in any order and a trailing __name__', () => {
    const ix = index([
      ['status', 'ASCENDING'],
      ['owner', 'DESCENDING'],
      ['updatedAt', 'DESCENDING'],
      ['__name__', 'DESCENDING'],
    ]);
    expect(rejection(config(ix), s)).toBeUndefined();
  });

  it('rejects with FAILED_PRECONDITION and production message shape when the direction differs', () => {
    const ix = index([
      ['owner', 'ASCENDING'],
      ['status', 'ASCENDING'],
      ['updatedAt', 'ASCENDING'],
    ]);
    const e = rejection(config(ix), s);
    expect(e?.code).toBe(status.FAILED_PRECONDITION);
    expect(e?.message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-idx\/firestore\/indexes\?create_composite=\S+ /,
    );
    expect(e?.message).toContain('fields: owner ASCENDING, status ASCENDING, updatedAt DESCENDING');
  });

  it('rejects an index of another collection, or with extra fields', () => {
    const other = {
      ...index([
        ['owner', 'ASCENDING'],
        ['status', 'ASCENDING'],
        ['updatedAt', 'DESCENDING'],
      ]),
      collectionGroup: 'contacts',
    };
    expect(rejection(config(other), s)?.code).toBe(status.FAILED_PRECONDITION);
    const extra = index([
      ['owner', 'ASCENDING'],
      ['status', 'ASCENDING'],
      ['updatedAt', 'DESCENDING'],
      ['title', 'ASCENDING'],
    ]);
    expect(rejection(config(extra), s)?.code).toBe(status.FAILED_PRECONDITION);
  });

  it('ordered fields must keep their order', () => {
    const two = shape({ orderBy: [order('a'), order('b')] });
    expect(
      rejection(
        config(
          index([
            ['b', 'ASCENDING'],
            ['a', 'ASCENDING'],
          ]),
        ),
        two,
      ),
    ).toBeDefined();
    expect(
      rejection(
        config(
          index([
            ['a', 'ASCENDING'],
            ['b', 'ASCENDING'],
          ]),
        ),
        two,
      ),
    ).toBeUndefined();
  });

  it('a collection-group query needs a COLLECTION_GROUP index', () => {
    const g = shape({ where: eq('a', 'x'), orderBy: [order('n')] }, true);
    expect(
      rejection(
        config(
          index([
            ['a', 'ASCENDING'],
            ['n', 'ASCENDING'],
          ]),
        ),
        g,
      )?.message,
    ).toContain('COLLECTION_GROUP');
    expect(
      rejection(
        config(
          index(
            [
              ['a', 'ASCENDING'],
              ['n', 'ASCENDING'],
            ],
            'COLLECTION_GROUP',
          ),
        ),
        g,
      ),
    ).toBeUndefined();
  });

  it('a malformed file is refused', () => {
    expect(() => parseIndexConfig({ indexes: [{ fields: [] }] })).toThrow(/collectionGroup/);
  });
});
