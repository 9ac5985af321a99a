// Field transforms of a write (serverTimestamp, increment, maximum, minimum, arrayUnion, arrayRemove).
import type { Fields, Value } from '../common/firestore-value.js';
import { invalid } from './errors.js';
import { getField, parseFieldPath, setField } from './paths.js';
import {
  compareNumbers,
  INT64_MAX,
  INT64_MIN,
  intOf,
  isNumber,
  kindOf,
  numberOf,
  NULL_VALUE,
  tsFromMicros,
  valuesEquivalent,
} from './values.js';

export interface FieldTransform {
  fieldPath?: string;
  setToServerValue?: string;
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

function requireNumber(v: Value | undefined, what: string): Value {
  if (!v || !isNumber(v)) throw invalid(`${what} requires a numeric value (integer or double).`);
  return v;
}

function increment(current: Value | undefined, by: Value): Value {
  if (!current || !isNumber(current)) return by;
  if (kindOf(current) === 'integer' && kindOf(by) === 'integer') {
    let sum = intOf(current) + intOf(by);
    // Integer overflow saturates, as documented for FieldTransform.increment.
    if (sum > INT64_MAX) sum = INT64_MAX;
    if (sum < INT64_MIN) sum = INT64_MIN;
    return { integerValue: sum.toString() };
  }
  return { doubleValue: numberOf(current) + numberOf(by) };
}

function isZero(v: Value): boolean {
  return numberOf(v) === 0;
}

/** maximum (sign 1) or minimum (sign -1). */
function extremum(current: Value | undefined, operand: Value, sign: 1 | -1): Value {
  if (!current || !isNumber(current)) return operand;
  const cNaN = kindOf(current) === 'double' && Number.isNaN(current.doubleValue);
  const oNaN = kindOf(operand) === 'double' && Number.isNaN(operand.doubleValue);
  if (cNaN || oNaN) return { doubleValue: NaN };
  if (isZero(current) && isZero(operand)) return current;
  const c = compareNumbers(operand, current) * sign;
  return c > 0 ? operand : current;
}

/**
 * Applies transforms to `fields`; returns the new fields and one result value per transform.
 * `now` is the commit time in microseconds.
 */
export function applyTransforms(
  fields: Fields,
  transforms: FieldTransform[],
  now: number,
): { fields: Fields; results: Value[] } {
  const results: Value[] = [];
  for (const t of transforms) {
    if (!t.fieldPath) throw invalid('A field transform requires a field path.');
    const segs = parseFieldPath(t.fieldPath);
    const current = getField(fields, segs);
    let next: Value;
    let result: Value;
    if (t.setToServerValue !== undefined) {
      if (t.setToServerValue !== 'REQUEST_TIME') throw invalid(`Unsupported server value ${t.setToServerValue}.`);
      next = result = { timestampValue: tsFromMicros(now) };
    } else if (t.increment !== undefined) {
      next = result = increment(current, requireNumber(t.increment, 'increment'));
    } else if (t.maximum !== undefined) {
      next = result = extremum(current, requireNumber(t.maximum, 'maximum'), 1);
    } else if (t.minimum !== undefined) {
      next = result = extremum(current, requireNumber(t.minimum, 'minimum'), -1);
    } else if (t.appendMissingElements !== undefined) {
      const values = current?.arrayValue ? [...(current.arrayValue.values ?? [])] : [];
      for (const v of t.appendMissingElements.values ?? []) {
        if (!values.some((x) => valuesEquivalent(x, v))) values.push(v);
      }
      next = { arrayValue: { values } };
      result = NULL_VALUE;
    } else if (t.removeAllFromArray !== undefined) {
      const remove = t.removeAllFromArray.values ?? [];
      const values = (current?.arrayValue?.values ?? []).filter((x) => !remove.some((r) => valuesEquivalent(x, r)));
      next = { arrayValue: { values } };
      result = NULL_VALUE;
    } else {
      throw invalid(`Field transform on "${t.fieldPath}" has no transform type.`);
    }
    fields = setField(fields, segs, next);
    results.push(result);
  }
  return { fields, results };
}
