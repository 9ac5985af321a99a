// Indexes of one collection, kept up to date on every write: automatic single-field ones and composite ones,
// both built on first use. Entries order by their components (in their directions), then by document name.
import { IndexTree } from './index-tree.js';
import { fieldValue } from './query.js';
import type { StoredDoc } from './store.js';
import { compareUtf8, compareValues, type Value } from './values.js';

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

export class Index {
  readonly key: string;
  readonly tree: IndexTree;
  /** Position of the array-contains component, -1 when there is none. */
  private readonly containsAt: number;

  constructor(
    readonly spec: IndexSpec,
    docs: readonly StoredDoc[],
  ) {
    this.key = specKey(spec);
    this.containsAt = spec.components.findIndex((c) => c.contains);
    this.tree = new IndexTree(this.compareEntries, this.containsAt >= 0);
    const entries: { doc: StoredDoc; el: Value | undefined }[] = [];
    for (const doc of docs) {
      const els = this.elementsOf(doc);
      if (els === null) continue;
      if (els === undefined) entries.push({ doc, el: undefined });
      else for (const el of els) entries.push({ doc, el });
    }
    entries.sort((a, b) => this.compareEntries(a.doc, a.el, b.doc, b.el));
    this.tree.load(
      entries.map((e) => e.doc),
      this.containsAt >= 0 ? entries.map((e) => e.el!) : undefined,
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
      const r = compareValues(a, b);
      if (r !== 0) return c.desc ? -r : r;
    }
    const r = compareUtf8(d1.id, d2.id);
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
      els = [];
      for (const x of values) if (!els.some((y) => compareValues(x, y) === 0)) els.push(x);
    }
    return els;
  }

  /** Moves the entries of a document from its old state to its new one (either may be absent). */
  update(old: StoredDoc | undefined, next: StoredDoc | undefined): void {
    const before = old ? this.elementsOf(old) : null;
    const after = next ? this.elementsOf(next) : null;
    if (old && next && before !== null && after !== null && this.sameKeys(old, before, next, after)) {
      // Same key values: the entries stay where they are and point at the new document.
      if (before === undefined) this.tree.replace(old, undefined, next);
      else for (const el of before) this.tree.replace(old, el, next);
      return;
    }
    if (old && before !== null) {
      if (before === undefined) this.tree.remove(old);
      else for (const el of before) this.tree.remove(old, el);
    }
    if (next && after !== null) {
      if (after === undefined) this.tree.insert(next);
      else for (const el of after) this.tree.insert(next, el);
    }
  }

  private sameKeys(old: StoredDoc, before: Value[] | undefined, next: StoredDoc, after: Value[] | undefined): boolean {
    const comps = this.spec.components;
    for (let i = 0; i < comps.length; i++) {
      if (comps[i].contains) continue;
      if (compareValues(fieldValue(old, comps[i].segs)!, fieldValue(next, comps[i].segs)!) !== 0) return false;
    }
    if (before === undefined || after === undefined) return before === after;
    return before.length === after.length && before.every((x, i) => compareValues(x, after[i]) === 0);
  }
}
