// Test helpers over `validate`: the issues of a refused input, the parsed value of an accepted one.
import { validate, type FieldIssue } from '../src/index.js';

type Schema = Parameters<typeof validate>[0];

/** The issues of a rejected input (fails the test when the input is accepted). */
export function issuesOf(schema: Schema, input: unknown): FieldIssue[] {
  const result = validate(schema, input);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(input)}`);
  return result.issues;
}

/** The parsed value of an accepted input (fails the test when the input is refused). */
export function valueOf(schema: Schema, input: unknown): Record<string, unknown> {
  const result = validate(schema, input);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.value as Record<string, unknown>;
}
