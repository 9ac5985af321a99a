// Vector values (validation) and vector search: StructuredQuery.find_nearest compiled, then run over prefiltered docs.
import type { Value } from '../common/firestore-value.js';
import { fieldValue, makeDoc, NAME_FIELD, type StoredDoc } from './document.js';
import { invalid } from './errors.js';
import { formatFieldPath, parseFieldPath, setField } from './paths.js';
import { compareReferences, isVector, kindOf, VECTOR_TYPE_KEY, VECTOR_VALUE_KEY, vectorElements } from './values.js';

/** Firestore's documented maximum embedding dimension. */
export const MAX_VECTOR_DIMENSION = 2048;
/** find_nearest.limit must be a positive integer of no more than 1000 (google.firestore.v1.StructuredQuery). */
export const MAX_NEAREST_LIMIT = 1000;

export type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';
const MEASURES = new Set<string>(['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT']);

/** StructuredQuery.FindNearest in proto-loader object form. */
export interface FindNearest {
  vectorField?: { fieldPath?: string };
  queryVector?: Value;
  distanceMeasure?: string;
  limit?: { value?: number } | null;
  distanceResultField?: string;
  distanceThreshold?: { value?: number } | null;
}

/** A validated find_nearest. */
export interface Nearest {
  /** Normalised field path of the vector field. */
  field: string;
  segs: string[];
  query: number[];
  measure: DistanceMeasure;
  limit: number;
  /** Where each result gets its distance, if asked. */
  resultSegs?: string[];
  threshold?: number;
}

/**
 * A stored vector must be exactly `{__type__: "__vector__", value: [doubles]}` with at most 2048 elements. Other
 * names matching `__.*__` stay reserved (writes.ts); this map is the one use of `__type__` Firestore accepts.
 */
export function validateVector(v: Value, path: string): void {
  const fields = v.mapValue?.fields ?? {};
  const keys = Object.keys(fields);
  const inner = fields[VECTOR_VALUE_KEY];
  if (keys.length !== 2 || inner === undefined || !Object.hasOwn(fields, VECTOR_VALUE_KEY))
    throw invalid(
      `Field "${path}" is not a valid vector: a map with "${VECTOR_TYPE_KEY}": "__vector__" must have exactly one other field, "${VECTOR_VALUE_KEY}".`,
    );
  if (kindOf(inner) !== 'array')
    throw invalid(`Field "${path}" is not a valid vector: "${VECTOR_VALUE_KEY}" must be an array of doubles.`);
  const values = inner.arrayValue?.values ?? [];
  if (values.some((x) => kindOf(x) !== 'double'))
    throw invalid(`Field "${path}" is not a valid vector: every element must be a double.`);
  // ±Infinity is stored; NaN is refused (it has no distance).
  if (values.some((x) => Number.isNaN(x.doubleValue)))
    throw invalid(`Field "${path}" is not a valid vector: NaN is not allowed in a vector.`);
  if (values.length > MAX_VECTOR_DIMENSION)
    throw invalid(
      `Field "${path}" is a vector of ${values.length} dimensions; Firestore supports at most ${MAX_VECTOR_DIMENSION}.`,
    );
}

/** The numbers of a vector value, or undefined when the value is not a vector. */
export function vectorNumbers(v: Value | undefined): number[] | undefined {
  if (v === undefined || kindOf(v) !== 'map' || !isVector(v)) return undefined;
  return vectorElements(v).map((x) => (kindOf(x) === 'integer' ? Number(x.integerValue) : (x.doubleValue ?? 0)));
}

/** Validates find_nearest against the limits its proto documents; bad input is INVALID_ARGUMENT. */
export function compileNearest(f: FindNearest): Nearest {
  const fp = f.vectorField?.fieldPath;
  if (!fp) throw invalid('findNearest requires a vector field.');
  if (fp === NAME_FIELD) throw invalid('findNearest cannot search on __name__: the vector field must hold vectors.');
  const segs = parseFieldPath(fp);
  const query = vectorNumbers(f.queryVector);
  if (query === undefined) throw invalid('findNearest requires a query vector (a vector value).');
  if (query.length === 0) throw invalid('findNearest requires a non-empty query vector.');
  if (query.length > MAX_VECTOR_DIMENSION)
    throw invalid(
      `The query vector has ${query.length} dimensions; Firestore supports at most ${MAX_VECTOR_DIMENSION}.`,
    );
  if (query.some((x) => !Number.isFinite(x))) throw invalid('The query vector must hold finite numbers.');
  const measure = f.distanceMeasure ?? '';
  if (!MEASURES.has(measure))
    throw invalid(`findNearest requires a distance measure: EUCLIDEAN, COSINE or DOT_PRODUCT (got "${measure}").`);
  if (measure === 'COSINE' && query.every((x) => x === 0))
    throw invalid('The COSINE distance is undefined for a zero query vector.');
  const limit = f.limit?.value;
  if (limit === undefined || !Number.isInteger(limit) || limit <= 0 || limit > MAX_NEAREST_LIMIT)
    throw invalid(
      `FindNearest.limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT} (got ${limit ?? 'none'}).`,
    );
  let resultSegs: string[] | undefined;
  if (f.distanceResultField) {
    if (f.distanceResultField === NAME_FIELD) throw invalid('The distance result field cannot be __name__.');
    resultSegs = parseFieldPath(f.distanceResultField);
    const reserved = resultSegs.find((s) => /^__.*__$/.test(s));
    if (reserved) throw invalid(`The distance result field "${f.distanceResultField}" uses a reserved name.`);
  }
  const threshold = f.distanceThreshold?.value;
  if (threshold !== undefined && Number.isNaN(threshold)) throw invalid('The distance threshold must be a number.');
  return {
    field: formatFieldPath(segs),
    segs,
    query,
    measure: measure as DistanceMeasure,
    limit,
    ...(resultSegs ? { resultSegs } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
  };
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** The distance between a document's vector and the query; undefined when cosine meets a zero vector. */
export function vectorDistance(measure: DistanceMeasure, v: number[], q: number[]): number | undefined {
  switch (measure) {
    case 'EUCLIDEAN': {
      let s = 0;
      for (let i = 0; i < v.length; i++) s += (v[i] - q[i]) ** 2;
      return Math.sqrt(s);
    }
    case 'COSINE': {
      const n = Math.sqrt(dot(v, v)) * Math.sqrt(dot(q, q));
      return n === 0 ? undefined : 1 - dot(v, q) / n;
    }
    case 'DOT_PRODUCT':
      return dot(v, q);
  }
}

/**
 * The nearest neighbours among `docs` (the prefiltered matches): documents whose field is a vector of the query's
 * dimension, within the threshold (distance <= it for EUCLIDEAN and COSINE, >= it for DOT_PRODUCT, where larger
 * means closer), closest first, ties by document name, at most `limit`, each with its distance written to the
 * distance result field when one is asked.
 */
export function nearestDocs(n: Nearest, docs: StoredDoc[]): StoredDoc[] {
  const larger = n.measure === 'DOT_PRODUCT';
  const hits: { doc: StoredDoc; d: number }[] = [];
  for (const doc of docs) {
    const v = vectorNumbers(fieldValue(doc, n.segs));
    if (v === undefined || v.length !== n.query.length) continue;
    const d = vectorDistance(n.measure, v, n.query);
    if (d === undefined || Number.isNaN(d)) continue;
    if (n.threshold !== undefined && (larger ? d < n.threshold : d > n.threshold)) continue;
    hits.push({ doc, d });
  }
  hits.sort((a, b) => (a.d !== b.d ? (a.d < b.d !== larger ? -1 : 1) : compareReferences(a.doc.path, b.doc.path)));
  return hits.slice(0, n.limit).map(({ doc, d }) => {
    if (!n.resultSegs) return doc;
    const fields = setField(doc.fields, n.resultSegs, { doubleValue: d });
    return makeDoc(doc.name, doc.path, fields, doc.createTime, doc.updateTime);
  });
}
