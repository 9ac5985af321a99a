// The fields a form changed from its initial values: what an update sends.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `current` that differ from `initial`: an update sends only these (with id and version). */
export function changedFields<T extends Record<string, unknown>>(initial: T, current: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (current[key] !== undefined && !same(initial[key], current[key])) changes[key] = current[key];
  }
  return changes;
}
