// firestore.indexes.json: loading it and refusing the queries production refuses for a missing composite index.
import fs from 'node:fs';
import { specKey, type IndexComponent, type IndexSpec } from './collection-index.js';
import { NAME_FIELD } from './document.js';
import { failedPrecondition, invalid } from './errors.js';
import { formatFieldPath, parseFieldPath } from './paths.js';
import type { CompiledFilter, Condition, Order } from './query-compiler.js';

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
  /** A vector index's vector field (the last field): `{"dimension": N, "flat": {}}`. */
  vectorConfig?: { dimension?: number; flat?: object };
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
    ix.fields.forEach((f, i) => {
      if (f.vectorConfig === undefined) return;
      const d = f.vectorConfig.dimension;
      if (!Number.isInteger(d) || d! < 1 || d! > 2048 || i !== ix.fields.length - 1)
        throw new Error(
          `${source}: a vectorConfig needs a "dimension" from 1 to 2048 and must be the index's last field (${ix.collectionGroup}.${f.fieldPath})`,
        );
    });
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
  /** A vector search (find_nearest): its normalised vector field and query vector. */
  nearest?: { field: string; query: number[] };
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
  if (def.fields.some((f) => f.vectorConfig)) return false; // vector indexes serve only vector searches
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
  if (shape.nearest) return checkVectorIndex(config, project, shape, shape.nearest);
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

/**
 * A vector search needs a vector index of its collection group (scope COLLECTION_GROUP for a collection group
 * query): its last field the searched one with a vectorConfig of the query vector's dimension, and its other fields
 * exactly the prefilter's fields (equality and range fields by path, array-contains ones with arrayConfig CONTAINS,
 * in any order; `__name__` needs none). orderBy is superseded by the search and needs no field. No such index is
 * FAILED_PRECONDITION as in production; one on the field with another dimension is INVALID_ARGUMENT.
 */
export function checkVectorIndex(
  config: IndexConfig,
  project: string,
  shape: QueryShape,
  nearest: { field: string; query: number[] },
): void {
  const scope = shape.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION';
  const onField = config.indexes.filter((def) => {
    const last = def.fields[def.fields.length - 1];
    return (
      def.collectionGroup === shape.collectionId &&
      (!shape.collectionGroup || def.queryScope === 'COLLECTION_GROUP') &&
      last?.vectorConfig !== undefined &&
      normalise(last.fieldPath) === nearest.field
    );
  });
  const dimension = nearest.query.length;
  const sized = onField.filter((def) => def.fields[def.fields.length - 1].vectorConfig!.dimension === dimension);
  if (onField.length > 0 && sized.length === 0)
    throw invalid(
      `The query vector has ${dimension} dimensions but the vector index on "${nearest.field}" of collection group "${shape.collectionId}" has ${onField
        .map((def) => def.fields[def.fields.length - 1].vectorConfig!.dimension)
        .join(' or ')}.`,
    );
  const want = new Set<string>();
  for (const conj of disjuncts(shape.where))
    for (const c of conj)
      if (c.field !== NAME_FIELD)
        want.add(ARRAY.has(c.op) ? key({ fieldPath: c.field, arrayConfig: 'CONTAINS' }) : c.field);
  const found = sized.some((def) => {
    const keys = def.fields
      .slice(0, -1)
      .map((f) => key({ ...f, fieldPath: normalise(f.fieldPath) }))
      .filter((k) => k !== NAME_FIELD);
    return keys.length === want.size && keys.every((k) => want.has(k));
  });
  if (found) return;
  const fields = [
    ...[...want].map((k) => (k.endsWith(' CONTAINS') ? `${k.slice(0, -9)} (array-contains)` : `${k} (ascending)`)),
    `${nearest.field} (vectorConfig {"dimension": ${dimension}, "flat": {}})`,
  ];
  throw failedPrecondition(
    `Missing vector index configuration. Please create the required index for project ${project}: collection group "${shape.collectionId}", scope ${scope}, fields: ${fields.join(', ')} (add it to firestore.indexes.json).`,
  );
}

/**
 * The indexes the planner (planQuery in planner.ts) walks for the queries the declared composite indexes are for,
 * by collection id, so they are built when the emulator loads the file instead of on a query's first run: every
 * field but the last fixed by an equality (sorted by field path, array-contains last, as planQuery orders them),
 * the last one ordered or ranged. planQuery walks an index in either direction, so both directions of that field
 * share one index. Collection-scope indexes only (collection group queries are scanned); vector indexes and ones
 * whose fields are all equalities (merged single-field indexes serve those) have none.
 */
export function plannedIndexes(config: IndexConfig): Map<string, IndexSpec[]> {
  const byCollection = new Map<string, Map<string, IndexSpec>>();
  for (const def of config.indexes) {
    if (def.queryScope === 'COLLECTION_GROUP' || def.fields.some((f) => f.vectorConfig)) continue;
    const fields = def.fields.map((f) => ({ ...f, fieldPath: normalise(f.fieldPath) }));
    // A trailing __name__ states the direction of the final order by name (otherwise the last field's).
    const name = fields[fields.length - 1]?.fieldPath === NAME_FIELD ? fields.pop() : undefined;
    const last = fields.pop();
    if (!last || last.arrayConfig || fields.some((f) => f.fieldPath === NAME_FIELD)) continue;
    const component = (f: IndexField, desc: boolean): IndexComponent => ({
      field: f.fieldPath,
      segs: parseFieldPath(f.fieldPath),
      contains: f.arrayConfig === 'CONTAINS',
      desc,
    });
    const fixed = fields
      .filter((f) => !f.arrayConfig)
      .sort((a, b) => (a.fieldPath < b.fieldPath ? -1 : a.fieldPath > b.fieldPath ? 1 : 0))
      .concat(fields.filter((f) => f.arrayConfig));
    const lastDesc = last.order === 'DESCENDING';
    const nameDesc = (name ? name.order === 'DESCENDING' : lastDesc) !== lastDesc;
    const spec: IndexSpec = {
      components: [...fixed.map((f) => component(f, false)), component(last, false)],
      nameDesc,
    };
    let specs = byCollection.get(def.collectionGroup);
    if (!specs) byCollection.set(def.collectionGroup, (specs = new Map()));
    specs.set(specKey(spec), spec);
  }
  return new Map([...byCollection].map(([collection, specs]) => [collection, [...specs.values()]]));
}
