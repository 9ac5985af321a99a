// The benchmark's timing of sequential calls and its percentiles, shared by the stacks' hosts and the caller process.

export interface Figure {
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50 and p95 of the times (sorted in place); NaN when there are none. */
export function figureOf(times: number[]): Figure {
  if (times.length === 0) return { p50: NaN, p95: NaN };
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Times `calls` rounds of several runs after `warmup` unmeasured ones, taking turns call by call: a burst of load
 * from elsewhere on the machine then falls on all of them alike, not on whichever one was being measured.
 */
export async function timeTogether<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  calls: number,
  warmup: number,
): Promise<Record<K, Figure>> {
  const keys = Object.keys(runs) as K[];
  for (let i = 0; i < warmup; i++) for (const key of keys) await runs[key]();
  const times = new Map<K, number[]>(keys.map((key) => [key, []]));
  for (let i = 0; i < calls; i++) {
    for (const key of keys) {
      const started = performance.now();
      await runs[key]();
      times.get(key)!.push(performance.now() - started);
    }
  }
  return Object.fromEntries(keys.map((key) => [key, figureOf(times.get(key)!)])) as Record<K, Figure>;
}
