// The callable client: calling the backend, reading its error contract, and RTK Query's base query.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { httpsCallable } from 'firebase/functions';
import {
  CALLABLE_TIMEOUT_MS,
  FUNCTIONS_REGION,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
  type FieldIssue,
  type MessageParams,
} from '@trialdesk/shared';
import { endSession } from '../auth/session';
import type { SignOutReason } from '../auth/authSlice';
import { firebaseFunctions } from '../firebase';
import type { RootState } from '../store';

/** A failed call, ready to show: the dictionary key of its message, and field issues for invalid-argument. */
export interface CallError {
  /** The callable error code without its `functions/` prefix ('not-found', 'failed-precondition', ...). */
  code: string;
  key: string;
  params?: MessageParams;
  issues?: FieldIssue[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isFieldIssue = (value: unknown): value is FieldIssue =>
  isObject(value) &&
  typeof value.path === 'string' &&
  typeof value.key === 'string' &&
  value.key.startsWith('validation.');

/** Reads the server's error contract (`shared/src/errors.ts`): field issues, or `{ key, params }`; anything else is generic. */
export function toCallError(error: unknown): CallError {
  if (!isObject(error) || typeof error.code !== 'string') return { code: 'unknown', key: 'errors.unexpected' };
  const code = error.code.replace(/^functions\//, '');
  const details = error.details;
  if (code === 'invalid-argument' && Array.isArray(details)) {
    return { code, key: 'errors.invalidArgument', issues: details.filter(isFieldIssue) };
  }
  if (isObject(details) && typeof details.key === 'string' && details.key.startsWith('errors.')) {
    return { code, key: details.key, ...(isObject(details.params) && { params: details.params as MessageParams }) };
  }
  switch (code) {
    case 'deadline-exceeded':
      return { code, key: 'errors.timeout' };
    case 'unavailable':
      return { code, key: 'errors.network' };
    // The server's own refusals name their key: a bare one is firebase-functions' refusal of the request's tokens
    // before the callable runs, above all a missing or invalid App Check token (docs/operations.md, "App Check").
    case 'unauthenticated':
      return { code, key: 'errors.appNotVerified' };
    case 'permission-denied':
      return { code, key: 'errors.permissionDenied' };
    case 'not-found':
      return { code, key: 'errors.notFound' };
    case 'internal':
      return { code, key: 'errors.internal' };
    default:
      return { code, key: 'errors.unexpected' };
  }
}

/**
 * `data` without its undefined properties, deep. The callable protocol sends an undefined property as null, which
 * the request schemas refuse for optional fields (e.g. a list call with no search).
 */
export function withoutUndefined<T>(data: T): T {
  if (Array.isArray(data)) return data.map(withoutUndefined) as T;
  if (!isObject(data) || Object.getPrototypeOf(data) !== Object.prototype) return data;
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, withoutUndefined(value)]),
  ) as T;
}

/** The one place the web calls the backend (every read and write is a callable: docs/architecture.md). */
export async function callCallable<N extends CallableName>(
  name: N,
  data: CallableRequest<N>,
): Promise<CallableResponse<N>> {
  const functions = await firebaseFunctions(FUNCTIONS_REGION);
  const call = httpsCallable<CallableRequest<N>, CallableResponse<N>>(functions, name, {
    timeout: CALLABLE_TIMEOUT_MS,
  });
  const result = await call(withoutUndefined(data));
  return result.data;
}

export interface CallArgs {
  name: CallableName;
  data: unknown;
}

/**
 * The server's answers that end the session, whichever call got them: the caller's account was revoked, demoted,
 * disabled or deleted, or its e-mail changed outside TrialDesk. The login page then says which.
 */
const SESSION_ENDING: Partial<Record<string, SignOutReason>> = {
  'errors.accessRevoked': 'accessRevoked',
  'errors.sessionEnded': 'sessionEnded',
  'errors.accountEmailChanged': 'accountEmailChanged',
};

/**
 * RTK Query base query over the callables: errors come back as CallError. The one place that reacts to a withdrawn
 * access, whichever screen made the call: the session ends (the login page then says why).
 */
export const callableBaseQuery: BaseQueryFn<CallArgs, unknown, CallError> = async ({ name, data }, api) => {
  try {
    return { data: await callCallable(name, data as CallableRequest<typeof name>) };
  } catch (error) {
    const callError = toCallError(error);
    // Once: the calls still in flight fail the same way.
    const reason = SESSION_ENDING[callError.key];
    if (reason && (api.getState() as RootState).auth.user) {
      endSession(api.dispatch, reason).catch((reason: unknown) => console.error('Sign-out failed', reason));
    }
    return { error: callError };
  }
};

/** Typed arguments of a call, so endpoint definitions stay checked against the contract. */
export const call = <N extends CallableName>(name: N, data: CallableRequest<N>): CallArgs => ({ name, data });
