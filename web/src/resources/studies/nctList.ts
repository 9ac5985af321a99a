// A pasted list of NCT numbers read for the batch import: numbers in order, duplicates once, malformed ones apart.
import { nctIdSchema, REGISTRY_BATCH_MAX } from '@trialdesk/shared';

export interface PastedList {
  /** Well-formed NCT numbers, upper-cased, each once, in the order pasted. */
  ids: string[];
  /** What is not an NCT number, each once, as pasted (reported, never sent). */
  malformed: string[];
  /** Whether there are more numbers than one batch imports (REGISTRY_BATCH_MAX). */
  tooMany: boolean;
}

/** Reads a pasted list: numbers separated by spaces, commas, semicolons or lines. */
export function parseNctList(text: string): PastedList {
  const ids: string[] = [];
  const malformed: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (!token) continue;
    const parsed = nctIdSchema.safeParse(token);
    const into = parsed.success ? ids : malformed;
    const value = parsed.success ? parsed.data : token;
    if (!into.includes(value)) into.push(value);
  }
  return { ids, malformed, tooMany: ids.length > REGISTRY_BATCH_MAX };
}
