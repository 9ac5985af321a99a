// One index of a collection (single-field or composite), built on first use and kept up to date on every write.
// Entries order by their components (in their directions), then by document name. An index with an array-contains
// component is kept as one partition per element queried, each built on its element's first query.
import type { Value } from '../common/firestore-value.js';
import { compareKeys, fieldKey, fieldValue, type Stored, type StoredDoc } from './document.js';
import { SortedBlocks } from './sorted-blocks.js';
import { compareSegments, valueKey } from './values.js';

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

/** An index without array-contains component (or one partition of one that has it, see ContainsIndex). */
export class CollectionIndex {
  readonly entries: SortedBlocks;

  /**
   * `member`: which documents have entries besides those with every component's field (a partition's element
   * test). `key`: the spec key it is known by (a partition's is its whole index's).
   */
  constructor(
    readonly spec: IndexSpec,
    docs: readonly StoredDoc[],
    readonly key = specKey(spec),
    private readonly member?: (doc: StoredDoc) => boolean,
  ) {
    this.entries = new SortedBlocks(this.compareEntries);
    // Sorted once, each document's key values read once (not at every comparison of the sort).
    const comps = spec.components;
    const members: StoredDoc[] = [];
    const keys: Stored[][] = [];
    for (const doc of docs) {
      const values = this.keysOf(doc);
      if (!values) continue;
      members.push(doc);
      keys.push(values);
    }
    const nameSign = spec.nameDesc ? -1 : 1;
    const order = members.map((_, i) => i);
    order.sort((a, b) => {
      const ka = keys[a];
      const kb = keys[b];
      for (let i = 0; i < comps.length; i++) {
        const r = compareKeys(ka[i], kb[i]);
        if (r !== 0) return comps[i].desc ? -r : r;
      }
      return nameSign * compareSegments(members[a].id, members[b].id);
    });
    this.entries.load(order.map((i) => members[i]));
  }

  /** The value of component `i` for the document. */
  keyOf(doc: StoredDoc, i: number): Value | undefined {
    return fieldValue(doc, this.spec.components[i].segs);
  }

  readonly compareEntries = (d1: StoredDoc, d2: StoredDoc): number => {
    const comps = this.spec.components;
    for (let i = 0; i < comps.length; i++) {
      const c = comps[i];
      const r = compareKeys(fieldKey(d1, c.segs)!, fieldKey(d2, c.segs)!);
      if (r !== 0) return c.desc ? -r : r;
    }
    const r = compareSegments(d1.id, d2.id);
    return this.spec.nameDesc ? -r : r;
  };

  /** The document's keys (fieldKey), or undefined when it has no entry (a component's field is missing, or not a member). */
  private keysOf(doc: StoredDoc): Stored[] | undefined {
    const comps = this.spec.components;
    const out: Stored[] = [];
    for (let i = 0; i < comps.length; i++) {
      const v = fieldKey(doc, comps[i].segs);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return !this.member || this.member(doc) ? out : undefined;
  }

  /** Moves the entry of a document from its old state to its new one (either may be absent). */
  update(old: StoredDoc | undefined, next: StoredDoc | undefined): void {
    const before = old && this.keysOf(old);
    const after = next && this.keysOf(next);
    if (before && after && before.every((v, i) => compareKeys(v, after[i]) === 0)) {
      // Same key values: the entry stays where it is and points at the new document.
      this.entries.replace(old!, next!);
      return;
    }
    if (before) this.entries.remove(old!);
    if (after) this.entries.insert(next!);
  }
}

/** Partitions an array-contains index keeps, the least recently queried dropped beyond it (memory, write cost). */
export const MAX_PARTITIONS = 64;

/**
 * An index with an array-contains component. Filed whole, a document would have one entry per distinct element per
 * such index (a study: about 155 search tokens in each of a dozen indexes, gigabytes per 100 000 studies, and
 * seconds of building at the first search). A query fixes the element, so the index is kept as partitions: for
 * an element, the documents holding it in the order of the other components, built on the element's first query
 * from the collection's documents (a test of each document's array, no decoding of its other fields), then kept
 * up to date by every write like any index (docs/decisions.md).
 */
export class ContainsIndex {
  readonly key: string;
  /** The array-contains component, and the spec of the partitions (every other component). */
  private readonly component: IndexComponent;
  private readonly rest: IndexSpec;
  /** By the element's valueKey, the least recently used first. */
  private readonly partitions = new Map<string, CollectionIndex>();

  /** `docs`: the collection's documents, a live list (read when a partition is built). */
  constructor(
    readonly spec: IndexSpec,
    private readonly docs: readonly StoredDoc[],
  ) {
    this.key = specKey(spec);
    this.component = spec.components.find((c) => c.contains)!;
    this.rest = { components: spec.components.filter((c) => !c.contains), nameDesc: spec.nameDesc };
  }

  /** The partition of `element`: the entries whose array holds it, in the order of the other components. */
  partition(element: Value): CollectionIndex {
    const key = valueKey(element);
    let p = this.partitions.get(key);
    if (p) this.partitions.delete(key);
    else {
      const segs = this.component.segs;
      const member =
        segs.length === 1
          ? (doc: StoredDoc) => doc.arrayHas(segs[0], element, key)
          : (doc: StoredDoc) => !!fieldValue(doc, segs)?.arrayValue?.values?.some((x) => valueKey(x) === key);
      p = new CollectionIndex(this.rest, this.docs, this.key, member);
      if (this.partitions.size >= MAX_PARTITIONS) this.partitions.delete(this.partitions.keys().next().value!);
    }
    this.partitions.set(key, p);
    return p;
  }

  /** Number of partitions built and kept. */
  get partitionCount(): number {
    return this.partitions.size;
  }

  update(old: StoredDoc | undefined, next: StoredDoc | undefined): void {
    for (const p of this.partitions.values()) p.update(old, next);
  }
}
