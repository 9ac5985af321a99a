// Callable error codes and the details each error carries.
import type { ErrorKey, MessageParams } from './messages.js';
import type { FieldIssue } from './validation.js';

/** Callable error codes the server uses; anything else surfaces as `internal`. */
export const ERROR_CODES = [
  'unauthenticated',
  'permission-denied',
  'invalid-argument',
  'not-found',
  'already-exists',
  'failed-precondition',
  // A service the server reads could not answer (the registry an import reads: docs/registry.md).
  'unavailable',
  // A referrer's daily referrals are used up (docs/referrals.md).
  'resource-exhausted',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `details` of an `invalid-argument` error. */
export type InvalidArgumentDetails = FieldIssue[];

/** `details` of every other error: a message key for the web to translate. */
export interface ErrorDetails {
  key: `errors.${ErrorKey}`;
  params?: MessageParams;
}
