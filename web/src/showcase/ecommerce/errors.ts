// The errors the e-commerce demo's provider throws, shaped as the callables' failures read (CallError).
import { englishMessage, type FieldIssue, type MessageParams } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';

/** One field's problem, as the server words it: its path, its message key and the English text. */
export function fieldIssue(path: string, key: FieldIssue['key'], params?: MessageParams): FieldIssue {
  return { path, key, message: englishMessage(key, params), ...(params && { params }) };
}

/** The request is refused for these fields' problems. */
export const invalidArgument = (issues: FieldIssue[]): CallError => ({
  code: 'invalid-argument',
  key: 'errors.invalidArgument',
  issues,
});

/** The record does not exist (or no longer does). */
export const notFound = (): CallError => ({ code: 'not-found', key: 'errors.notFound' });

/** The record changed since the version the caller read. */
export const staleVersion = (): CallError => ({ code: 'failed-precondition', key: 'errors.staleVersion' });

/** Is this a failure the provider threw? */
export const isCallError = (value: unknown): value is CallError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CallError).code === 'string' &&
  typeof (value as CallError).key === 'string';
