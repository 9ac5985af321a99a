// count / sum / avg over a query's result, with Firestore's numeric rules.
import type { Value } from '../common/firestore-value.js';
import { fieldValue, NAME_FIELD, type StoredDoc } from './document.js';
import { invalid } from './errors.js';
import { parseFieldPath } from './paths.js';
import { INT64_MAX, INT64_MIN, kindOf } from './values.js';

export interface Aggregation {
  alias?: string;
  count?: { upTo?: { value?: string | number } };
  sum?: { field?: { fieldPath?: string } };
  avg?: { field?: { fieldPath?: string } };
}

function aggregationField(a: { field?: { fieldPath?: string } }, what: string): string[] {
  const fp = a.field?.fieldPath;
  if (!fp) throw invalid(`${what} aggregation requires a field.`);
  if (fp === NAME_FIELD) throw invalid(`${what} aggregation cannot be applied to __name__.`);
  return parseFieldPath(fp);
}

export function validateAggregations(aggs: Aggregation[]): void {
  if (aggs.length === 0) throw invalid('An aggregation query must have at least one aggregation.');
  if (aggs.length > 5) throw invalid('An aggregation query supports at most 5 aggregations.');
  const aliases = new Set<string>();
  for (const a of aggs) {
    if (!a.alias) throw invalid('Every aggregation requires an alias.');
    if (aliases.has(a.alias)) throw invalid(`Aggregation alias "${a.alias}" is used more than once.`);
    aliases.add(a.alias);
    if (a.sum) aggregationField(a.sum, 'sum');
    else if (a.avg) aggregationField(a.avg, 'avg');
    else if (!a.count) throw invalid(`Aggregation "${a.alias}" must be count, sum or avg.`);
  }
}

function sum(docs: StoredDoc[], segs: string[]): { value: Value; n: number; total: number } {
  let intSum = 0n;
  let dblSum = 0;
  let isDouble = false;
  let n = 0;
  for (const d of docs) {
    const v = fieldValue(d, segs);
    if (!v) continue;
    const k = kindOf(v);
    if (k === 'integer') {
      intSum += BigInt(v.integerValue ?? 0);
      n++;
    } else if (k === 'double') {
      dblSum += v.doubleValue ?? 0;
      isDouble = true;
      n++;
    }
  }
  const overflow = intSum > INT64_MAX || intSum < INT64_MIN;
  const total = Number(intSum) + dblSum;
  // A sum of integers stays an integer unless it overflows 64 bits; any double makes it a double.
  const value: Value = isDouble || overflow ? { doubleValue: total } : { integerValue: intSum.toString() };
  return { value, n, total };
}

/** Distinct field paths (as segments) the sum and avg aggregations read. */
function aggregatedFields(aggs: Aggregation[]): string[][] {
  const byPath = new Map<string, string[]>();
  for (const a of aggs) {
    const fp = a.sum?.field?.fieldPath ?? a.avg?.field?.fieldPath;
    if (fp !== undefined && !byPath.has(fp)) byPath.set(fp, parseFieldPath(fp));
  }
  return [...byPath.values()];
}

/** `count` is the number of results when only counts are asked (then `docs` may be empty). */
export function aggregate(docs: StoredDoc[], aggs: Aggregation[], count = docs.length): Record<string, Value> {
  const out: Record<string, Value> = {};
  const fields = aggregatedFields(aggs);
  if (fields.length > 1) {
    // Firestore runs an aggregation over several fields on the documents that have every one of them (with any
    // value, null included), and its count() then counts only those documents too.
    docs = docs.filter((d) => fields.every((segs) => fieldValue(d, segs) !== undefined));
    count = docs.length;
  }
  for (const a of aggs) {
    if (a.count) {
      const upTo = a.count.upTo?.value;
      const n = upTo !== undefined ? Math.min(count, Number(upTo)) : count;
      out[a.alias!] = { integerValue: String(n) };
    } else if (a.sum) {
      out[a.alias!] = sum(docs, aggregationField(a.sum, 'sum')).value;
    } else if (a.avg) {
      const s = sum(docs, aggregationField(a.avg, 'avg'));
      out[a.alias!] = s.n === 0 ? { nullValue: 'NULL_VALUE' } : { doubleValue: s.total / s.n };
    }
  }
  return out;
}
