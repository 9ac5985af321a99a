// Seeded random draws: the same seed gives the same sample (the e-commerce data, the chat's conversations).
/** A small, fast, seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The draws the sample makes, all from one seeded sequence. */
export type Random = ReturnType<typeof randomOf>;

/**
 * Draws from the sequence of `seed`: numbers, whole numbers, chances, picks (weighted or not), shuffles.
 * Hot paths index arrays rather than destructure them: unoptimised code allocates an iterator for each destructuring.
 */
export function randomOf(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** One of the items, drawn with the given weights. */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let left = 0;
      for (let i = 0; i < items.length; i++) left += items[i][1];
      left *= next();
      for (let i = 0; i < items.length; i++) {
        left -= items[i][1];
        if (left < 0) return items[i][0];
      }
      return items[items.length - 1][0];
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const item = copy[i];
        copy[i] = copy[j];
        copy[j] = item;
      }
      return copy;
    },
  };
}
