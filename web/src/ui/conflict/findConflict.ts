// What a stale save collides with: per field, the version the form loaded, the person's edit and the latest stored.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Request = Record<string, unknown>;

/** A field the person changed that now differs from the latest version: they choose which value to save. */
export interface ConflictField {
  name: string;
  /** The latest stored value and the person's, as requests write them (ISO dates, ids). */
  latest: unknown;
  yours: unknown;
  /** Someone else changed it too (else only the person did, and theirs is kept unless they choose otherwise). */
  both: boolean;
}

export interface Conflict {
  fields: ConflictField[];
  /** Fields only someone else changed: the latest values are kept, the person did not touch them. */
  theirs: string[];
}

export type Choice = 'latest' | 'yours';

/**
 * Compares the version the form loaded (`base`), the person's edit (`yours`) and the latest stored version
 * (`latest`), all as requests. `stored` names the fields the record returns: a write-only field (a password, a
 * patient ID) cannot collide, the person's value is kept without asking.
 */
export function findConflict(base: Request, yours: Request, latest: Request, stored: readonly string[]): Conflict {
  const fields: ConflictField[] = [];
  const theirs: string[] = [];
  for (const name of Object.keys(latest)) {
    if (!stored.includes(name)) continue;
    const mine = !same(base[name], yours[name]);
    const others = !same(base[name], latest[name]);
    if (mine && !same(yours[name], latest[name]))
      fields.push({ name, latest: latest[name], yours: yours[name], both: others });
    else if (others && !mine) theirs.push(name);
  }
  return { fields, theirs };
}

/**
 * The choices a conflict starts with: a field only the person changed keeps their edit; one changed on both sides
 * waits for them to pick.
 */
export const initialChoices = (conflict: Conflict): Partial<Record<string, Choice>> =>
  Object.fromEntries(conflict.fields.filter((field) => !field.both).map((field) => [field.name, 'yours' as Choice]));

/** Has every conflicting field a choice? */
export const allChosen = (conflict: Conflict, choices: Partial<Record<string, Choice>>) =>
  conflict.fields.every((field) => choices[field.name]);

/**
 * The form's values to save against the latest version: the latest record's, with the person's values where they
 * chose theirs, and their write-only fields (never returned by the record) as they typed them.
 */
export function mergeChoices<V extends Record<string, unknown>>(
  latestValues: V,
  yourValues: V,
  stored: readonly string[],
  choices: Partial<Record<string, Choice>>,
): V {
  const merged: Record<string, unknown> = { ...yourValues, ...latestValues };
  for (const name of Object.keys(latestValues)) {
    if (!stored.includes(name) || choices[name] === 'yours') merged[name] = yourValues[name];
  }
  return merged as V;
}
