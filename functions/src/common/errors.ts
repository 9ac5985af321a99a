// Callable errors with a message key the web translates, and helpers for Firestore error codes.
import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';
import {
  englishMessage,
  fileErrorsEn,
  fillMessage,
  messages,
  workflowErrorsEn,
  type ErrorKey,
  type FieldIssue,
  type MessageParams,
} from '@trialdesk/shared';

/** Every error's English text: the shell's, the file callables' and the workflow's. */
const ERRORS_EN: Record<ErrorKey, string> = { ...messages.en.errors, ...fileErrorsEn, ...workflowErrorsEn };

/** A business error: the English text as message, the key (and params) for the web to translate. */
export function fail(code: FunctionsErrorCode, key: ErrorKey, params?: MessageParams): HttpsError {
  const fullKey = `errors.${key}` as const;
  return new HttpsError(
    code,
    fillMessage(ERRORS_EN[key], params),
    params ? { key: fullKey, params } : { key: fullKey },
  );
}

export function invalidArgument(issues: FieldIssue[]): HttpsError {
  return new HttpsError('invalid-argument', englishMessage('errors.invalidArgument'), issues);
}

/** One field's issue, for checks the schema cannot make (they need the database). */
export function fieldIssue(path: string, key: FieldIssue['key']): FieldIssue {
  return { path, key, message: englishMessage(key) };
}

export const notFound = () => fail('not-found', 'notFound');
export const staleVersion = () => fail('failed-precondition', 'staleVersion');

/** gRPC status code of a Firestore error (e.g. 5 NOT_FOUND from an update precondition). */
export function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
export const GRPC_NOT_FOUND = 5;
