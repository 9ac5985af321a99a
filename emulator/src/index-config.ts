// firestore.indexes.json: loading it and refusing the queries production refuses for a missing composite index.
import fs from 'node:fs';
import { NAME_FIELD } from './document.js';
import { failedPrecondition } from './errors.js';
import { formatFieldPath, parseFieldPath } from './paths.js';
import type { CompiledFilter, Condition, Order } from './query-compiler.js';

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface IndexDef {
  collectionGroup: string;
  queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}
export interface IndexConfig {
  indexes: IndexDef[];
}

export function parseIndexConfig(json: unknown, source = 'indexes file'): IndexConfig {
  const cfg = json as { indexes?: unknown };
  if (!cfg || typeof cfg !== 'object' || (cfg.indexes !== undefined && !Array.isArray(cfg.indexes)))
    throw new Error(`${source}: expected { "indexes": [...], "fieldOverrides": [...] }`);
  const indexes = (cfg.indexes ?? []) as IndexDef[];
  for (const ix of indexes) {
    if (typeof ix.collectionGroup !== 'string' || !Array.isArray(ix.fields))
      throw new Error(`${source}: every index needs "collectionGroup" and "fields"`);
  }
  return { indexes };
}

export function loadIndexConfig(file: string): IndexConfig {
  return parseIndexConfig(JSON.parse(fs.readFileSync(file, 'utf8')), file);
}

export interface QueryShape {
  collectionId: string;
  collectionGroup: boolean;
  where?: CompiledFilter;
  /** Normalised orders (explicit, then implicit inequality fields, then __name__). */
  orders: Pick<Order, 'field' | 'desc'>[];
}

/** The filter as an OR of ANDs of conditions (production plans each disjunct separately). */
function disjuncts(f: CompiledFilter | undefined): Condition[][] {
  if (!f) return [[]];
  if ('filters' in f) {
    const parts = f.filters.map(disjuncts);
    if (f.op === 'OR') return parts.flat();
    return parts.reduce<Condition[][]>((acc, p) => acc.flatMap((a) => p.map((b) => [...a, ...b])), [[]]);
  }
  return [[f]];
}

/** A field path of the indexes file in the form compiled queries use (`__name__`, else segments re-quoted). */
function normalise(fp: string): string {
  return fp === NAME_FIELD ? NAME_FIELD : formatFieldPath(parseFieldPath(fp));
}

const EQUALITY = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const ARRAY = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

/** A needed composite index: equality/array-contains fields (any order), then ordered fields (exact order). */
export interface NeededIndex {
  unordered: IndexField[];
  ordered: IndexField[];
}

/** The composite indexes a query needs (one per disjunct needing one); empty when single-field indexes do. */
export function requiredIndexes(shape: QueryShape): NeededIndex[] {
  const out: NeededIndex[] = [];
  for (const conj of disjuncts(shape.where)) {
    const eq = new Set<string>();
    let arr: string | undefined;
    for (const s of conj) {
      if (s.field === NAME_FIELD) continue;
      if (EQUALITY.has(s.op)) eq.add(s.field);
      else if (ARRAY.has(s.op)) arr = s.field;
    }
    // Ordering on a field fixed by an equality filter is a no-op for the planner.
    const orders = shape.orders.filter((o) => o.field !== NAME_FIELD && !eq.has(o.field));
    const fieldCount = eq.size + (arr !== undefined ? 1 : 0) + orders.length;
    if (fieldCount <= 1) continue;
    if (orders.length === 0 && !shape.collectionGroup) continue; // merged single-field indexes serve equalities
    out.push({
      unordered: [
        ...[...eq].sort().map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
        ...(arr !== undefined ? [{ fieldPath: arr, arrayConfig: 'CONTAINS' as const }] : []),
      ],
      ordered: orders.map((o) => ({
        fieldPath: o.field,
        order: o.desc ? ('DESCENDING' as const) : ('ASCENDING' as const),
      })),
    });
  }
  return out;
}

const key = (f: IndexField) => (f.arrayConfig ? `${f.fieldPath} CONTAINS` : f.fieldPath);

/** Whether the index definition serves the needed index (a trailing __name__ in the definition is allowed). */
export function serves(def: IndexDef, needed: NeededIndex, shape: QueryShape): boolean {
  if (def.collectionGroup !== shape.collectionId) return false;
  if (shape.collectionGroup && def.queryScope !== 'COLLECTION_GROUP') return false;
  let fields = def.fields.map((f) => ({ ...f, fieldPath: normalise(f.fieldPath) }));
  if (fields.length > 0 && fields[fields.length - 1].fieldPath === NAME_FIELD) fields = fields.slice(0, -1);
  const n = needed.unordered.length;
  if (fields.length !== n + needed.ordered.length) return false;
  const want = new Set(needed.unordered.map(key));
  for (const f of fields.slice(0, n)) if (!want.delete(key(f))) return false;
  return needed.ordered.every((o, i) => {
    const f = fields[n + i];
    return f.fieldPath === o.fieldPath && !f.arrayConfig && (f.order ?? 'ASCENDING') === o.order;
  });
}

function describe(fields: IndexField[]): string {
  return fields.map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`).join(', ');
}

/** Throws FAILED_PRECONDITION with production's message shape when no configured index serves the query. */
export function checkIndexes(config: IndexConfig, project: string, shape: QueryShape): void {
  for (const needed of requiredIndexes(shape)) {
    if (config.indexes.some((def) => serves(def, needed, shape))) continue;
    const scope = shape.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION';
    const fields = [...needed.unordered, ...needed.ordered];
    const blob = Buffer.from(
      JSON.stringify({ collectionGroup: shape.collectionId, queryScope: scope, fields }),
    ).toString('base64url');
    throw failedPrecondition(
      `The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${project}/firestore/indexes?create_composite=${blob} ` +
        `(missing composite index on collection group "${shape.collectionId}", scope ${scope}, fields: ${describe(fields)}; add it to firestore.indexes.json)`,
    );
  }
}
