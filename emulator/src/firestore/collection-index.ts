// One index of a collection (single-field or composite), built on first use and kept up to date on every write.
// Entries order by their components (in their directions), then by document name.
import type { Value } from '../common/firestore-value.js';
import { fieldValue, type StoredDoc } from './document.js';
import { SortedBlocks } from './sorted-blocks.js';
import { compareSegments, compareUtf8, compareValues, kindOf } from './values.js';

export interface IndexComponent {
  /** Normalised field path. */
  field: string;
  segs: string[];
  /** An array-contains component: one entry per distinct array element. */
  contains: boolean;
  desc: boolean;
}

export interface IndexSpec {
  components: IndexComponent[];
  /** Direction of the final `__name__` order. */
  nameDesc: boolean;
}

export function specKey(spec: IndexSpec): string {
  const parts = spec.components.map((c) => `${c.contains ? 'contains' : c.desc ? 'desc' : 'asc'}:${c.field}`);
  return `${parts.join('|')}|name:${spec.nameDesc ? 'desc' : 'asc'}`;
}

export class CollectionIndex {
  readonly key: string;
  readonly entries: SortedBlocks;
  /** Position of the array-contains component, -1 when there is none. */
  private readonly containsAt: number;

  constructor(
    readonly spec: IndexSpec,
    docs: readonly StoredDoc[],
  ) {
    this.key = specKey(spec);
    this.containsAt = spec.components.findIndex((c) => c.contains);
    this.entries = new SortedBlocks(this.compareEntries, this.containsAt >= 0);
    const members: StoredDoc[] = [];
    const elements: Value[][] = [];
    for (const doc of docs) {
      const els = this.elementsOf(doc);
      if (els === null) continue;
      members.push(doc);
      if (els) elements.push(els);
    }
    if (this.containsAt < 0) {
      this.entries.load(members.sort((a, b) => this.compareEntries(a, undefined, b, undefined)));
      return;
    }
    // Documents in order of every component but the array-contains one (those before it first), then filed under
    // each of their elements: each (components before, element) bucket is then in index order, and only the
    // distinct buckets are sorted, not the (documents x elements) entries.
    const before = spec.components.slice(0, this.containsAt);
    const order = members.map((_, i) => i);
    const comps = spec.components;
    const nameSign = spec.nameDesc ? -1 : 1;
    order.sort(
      (a, b) =>
        compareComponents(comps, members[a], members[b]) || nameSign * compareSegments(members[a].id, members[b].id),
    );
    const buckets = new Map<string, { group: number; el: Value; docs: StoredDoc[] }>();
    let group = 0;
    order.forEach((m, i) => {
      if (i > 0 && compareComponents(before, members[order[i - 1]], members[m]) !== 0) group++;
      for (const el of elements[m]) {
        const key = `${group} ${valueKey(el)}`;
        let b = buckets.get(key);
        if (!b) buckets.set(key, (b = { group, el, docs: [] }));
        b.docs.push(members[m]);
      }
    });
    const sorted = [...buckets.values()].sort((a, b) => a.group - b.group || compareFast(a.el, b.el));
    this.entries.load(
      sorted.flatMap((b) => b.docs),
      sorted.flatMap((b) => b.docs.map(() => b.el)),
    );
  }

  /** The value of component `i` for the entry (doc, el). */
  keyOf(doc: StoredDoc, el: Value | undefined, i: number): Value | undefined {
    const c = this.spec.components[i];
    return c.contains ? el : fieldValue(doc, c.segs);
  }

  readonly compareEntries = (d1: StoredDoc, e1: Value | undefined, d2: StoredDoc, e2: Value | undefined): number => {
    const comps = this.spec.components;
    for (let i = 0; i < comps.length; i++) {
      const c = comps[i];
      const a = c.contains ? e1! : fieldValue(d1, c.segs)!;
      const b = c.contains ? e2! : fieldValue(d2, c.segs)!;
      const r = compareFast(a, b);
      if (r !== 0) return c.desc ? -r : r;
    }
    const r = compareSegments(d1.id, d2.id);
    return this.spec.nameDesc ? -r : r;
  };

  /**
   * null: the document has no entry (a component's field is missing, or the array to index is missing or empty).
   * undefined: one entry (no array-contains component). Otherwise the distinct elements, one entry each.
   */
  private elementsOf(doc: StoredDoc): Value[] | undefined | null {
    let els: Value[] | undefined;
    const comps = this.spec.components;
    for (let i = 0; i < comps.length; i++) {
      const v = fieldValue(doc, comps[i].segs);
      if (v === undefined) return null;
      if (!comps[i].contains) continue;
      const values = v.arrayValue?.values;
      if (!values || values.length === 0) return null;
      // Distinct elements, sorted (so two states of a document compare element by element).
      const sorted = values.length === 1 ? values : [...values].sort(compareFast);
      els = sorted.filter((x, j) => j === 0 || compareFast(sorted[j - 1], x) !== 0);
    }
    return els;
  }

  /** Moves the entries of a document from its old state to its new one (either may be absent). */
  update(old: StoredDoc | undefined, next: StoredDoc | undefined): void {
    const before = old ? this.elementsOf(old) : null;
    const after = next ? this.elementsOf(next) : null;
    if (old && next && before !== null && after !== null && this.sameKeys(old, before, next, after)) {
      // Same key values: the entries stay where they are and point at the new document.
      if (before === undefined) this.entries.replace(old, undefined, next);
      else for (const el of before) this.entries.replace(old, el, next);
      return;
    }
    if (old && before !== null) {
      if (before === undefined) this.entries.remove(old);
      else for (const el of before) this.entries.remove(old, el);
    }
    if (next && after !== null) {
      if (after === undefined) this.entries.insert(next);
      else for (const el of after) this.entries.insert(next, el);
    }
  }

  private sameKeys(old: StoredDoc, before: Value[] | undefined, next: StoredDoc, after: Value[] | undefined): boolean {
    const comps = this.spec.components;
    for (let i = 0; i < comps.length; i++) {
      if (comps[i].contains) continue;
      if (compareValues(fieldValue(old, comps[i].segs)!, fieldValue(next, comps[i].segs)!) !== 0) return false;
    }
    if (before === undefined || after === undefined) return before === after;
    return before.length === after.length && before.every((x, i) => compareFast(x, after[i]) === 0);
  }
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** A string that two values share exactly when compareValues finds them equal (1 and 1.0 included). */
export function valueKey(v: Value): string {
  switch (kindOf(v)) {
    case 'null':
      return 'z';
    case 'boolean':
      return v.booleanValue ? 'b1' : 'b0';
    case 'integer': {
      const n = Number(v.integerValue);
      return Number.isSafeInteger(n) ? `n${n}` : `n${BigInt(v.integerValue ?? 0)}`;
    }
    case 'double': {
      const d = v.doubleValue ?? 0;
      // Integral doubles beyond 2^53 print in exponent form; as BigInt they meet equal integers.
      return Number.isInteger(d) && !Number.isSafeInteger(d) ? `n${BigInt(d)}` : `n${d}`;
    }
    case 'timestamp':
      return `t${Number(v.timestampValue?.seconds ?? 0)}.${v.timestampValue?.nanos ?? 0}`;
    case 'string':
      return `s${JSON.stringify(v.stringValue ?? '')}`;
    case 'bytes':
      return `y${Buffer.from(v.bytesValue ?? []).toString('base64')}`;
    case 'reference':
      // Numeric ids compare by value (`__id01__` equals `__id1__`).
      return `r${(v.referenceValue ?? '')
        .split('/')
        .map((seg) => {
          const m = NUMERIC_ID.exec(seg);
          return m ? `__id${BigInt(m[1])}__` : seg;
        })
        .join('/')}`;
    case 'geopoint':
      return `g${v.geoPointValue?.latitude ?? 0},${v.geoPointValue?.longitude ?? 0}`;
    case 'array':
      return `a[${(v.arrayValue?.values ?? []).map(valueKey).join(',')}]`;
    case 'map': {
      const fields = v.mapValue?.fields ?? {};
      const keys = Object.keys(fields).sort(compareUtf8);
      return `m{${keys.map((k) => `${JSON.stringify(k)}:${valueKey(fields[k])}`).join(',')}}`;
    }
    default:
      return '';
  }
}

/** compareValues with the common string case first. */
function compareFast(a: Value, b: Value): number {
  const sa = a.stringValue;
  const sb = b.stringValue;
  if (sa !== undefined && sb !== undefined) return compareUtf8(sa, sb);
  return compareValues(a, b);
}

/** Compares two documents by the given value components in their directions (array-contains ones skipped). */
function compareComponents(comps: readonly IndexComponent[], d1: StoredDoc, d2: StoredDoc): number {
  for (const c of comps) {
    if (c.contains) continue;
    const r = compareFast(fieldValue(d1, c.segs)!, fieldValue(d2, c.segs)!);
    if (r !== 0) return c.desc ? -r : r;
  }
  return 0;
}
