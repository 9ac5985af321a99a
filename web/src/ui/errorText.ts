// The translated message of a failed call, from its message key and params.
import type { TFunction } from 'i18next';
import type { CallError } from '../core/api/callable';

/** The translated message of a failed call. */
export function errorText(t: TFunction, error: Partial<CallError> | undefined): string {
  const key = typeof error?.key === 'string' ? error.key : 'errors.unexpected';
  return t(key, error?.params ?? {});
}
