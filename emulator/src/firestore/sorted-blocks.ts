// The entries of one index in order, kept as a list of sorted blocks.
// A block holds at most 2 * LOAD entries, so an insert or a removal moves at most one block's worth of pointers (a
// flat array would move up to the whole index at 100 000 entries), and positions are found through per-block start
// offsets rebuilt only when read after a change.
import type { StoredDoc } from './document.js';

/** Entries per block after a split or a bulk load. */
export const LOAD = 512;

/** An entry is a document: key values are read from the document, not copied. */
interface Block {
  docs: StoredDoc[];
}

export type EntryCompare = (d1: StoredDoc, d2: StoredDoc) => number;
/** A test that is false for a (possibly empty) first part of the entries and true for the rest. */
export type EntryTest = (doc: StoredDoc) => boolean;

export class SortedBlocks {
  private blocks: Block[] = [];
  /** Position of each block's first entry; undefined after a change until next needed. */
  private starts: number[] | undefined;
  size = 0;

  constructor(private readonly compare: EntryCompare) {}

  /** Replaces the content with entries already in order. */
  load(docs: StoredDoc[]): void {
    this.blocks = [];
    for (let i = 0; i < docs.length; i += LOAD) this.blocks.push({ docs: docs.slice(i, i + LOAD) });
    this.size = docs.length;
    this.starts = undefined;
  }

  /** The block an entry belongs to: the first whose last entry is not before it (or the last block). */
  private blockFor(doc: StoredDoc): number {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const b = blocks[mid];
      const last = b.docs.length - 1;
      if (this.compare(b.docs[last], doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position in the block whose entry is not before doc's. */
  private offsetIn(b: Block, doc: StoredDoc): number {
    let lo = 0;
    let hi = b.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(b.docs[mid], doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(doc: StoredDoc): void {
    this.starts = undefined;
    this.size++;
    if (this.blocks.length === 0) {
      this.blocks.push({ docs: [doc] });
      return;
    }
    const bi = this.blockFor(doc);
    const b = this.blocks[bi];
    const i = this.offsetIn(b, doc);
    b.docs.splice(i, 0, doc);
    if (b.docs.length > 2 * LOAD) {
      const tail: Block = { docs: b.docs.splice(LOAD) };
      this.blocks.splice(bi + 1, 0, tail);
    }
  }

  /** Finds the entry equal to doc's by the index order; -1/-1 when absent. */
  private locate(doc: StoredDoc): [number, number] {
    if (this.blocks.length === 0) return [-1, -1];
    const bi = this.blockFor(doc);
    const b = this.blocks[bi];
    const i = this.offsetIn(b, doc);
    if (i < b.docs.length && this.compare(b.docs[i], doc) === 0) return [bi, i];
    return [-1, -1];
  }

  /** Removes the entry that orders equal to doc's; false when there is none. */
  remove(doc: StoredDoc): boolean {
    const [bi, i] = this.locate(doc);
    if (bi < 0) return false;
    const b = this.blocks[bi];
    b.docs.splice(i, 1);
    if (b.docs.length === 0) this.blocks.splice(bi, 1);
    this.size--;
    this.starts = undefined;
    return true;
  }

  /** Points the entry that orders equal to doc's at `next` (same name, same key values); false when absent. */
  replace(doc: StoredDoc, next: StoredDoc): boolean {
    const [bi, i] = this.locate(doc);
    if (bi < 0) return false;
    this.blocks[bi].docs[i] = next;
    return true;
  }

  private blockStarts(): number[] {
    if (!this.starts) {
      const starts = new Array<number>(this.blocks.length);
      let n = 0;
      for (let i = 0; i < this.blocks.length; i++) {
        starts[i] = n;
        n += this.blocks[i].docs.length;
      }
      this.starts = starts;
    }
    return this.starts;
  }

  /** The first position where `test` holds (`size` when it never does). */
  lowerBound(test: EntryTest): number {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const b = blocks[mid];
      const last = b.docs.length - 1;
      if (test(b.docs[last])) hi = mid;
      else lo = mid + 1;
    }
    if (lo === blocks.length) return this.size;
    const b = blocks[lo];
    let i = 0;
    let j = b.docs.length - 1;
    while (i < j) {
      const mid = (i + j) >>> 1;
      if (test(b.docs[mid])) j = mid;
      else i = mid + 1;
    }
    return this.blockStarts()[lo] + i;
  }

  /** Block and offset of a position in [0, size). */
  private find(pos: number): [number, number] {
    const starts = this.blockStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return [lo, pos - starts[lo]];
  }

  docAt(pos: number): StoredDoc {
    const [bi, i] = this.find(pos);
    return this.blocks[bi].docs[i];
  }

  /**
   * Calls `visit` with the documents at positions [from, to), ascending, or descending when `reverse`, until it
   * returns false.
   */
  walk(from: number, to: number, reverse: boolean, visit: (doc: StoredDoc) => boolean): void {
    if (from >= to) return;
    const blocks = this.blocks;
    if (!reverse) {
      let [bi, i] = this.find(from);
      for (let n = to - from; n > 0; bi++, i = 0) {
        const docs = blocks[bi].docs;
        for (; i < docs.length && n > 0; i++, n--) if (!visit(docs[i])) return;
      }
    } else {
      let [bi, i] = this.find(to - 1);
      for (let n = to - from; n > 0;) {
        const docs = blocks[bi].docs;
        for (; i >= 0 && n > 0; i--, n--) if (!visit(docs[i])) return;
        if (--bi >= 0) i = blocks[bi].docs.length - 1;
      }
    }
  }
}
