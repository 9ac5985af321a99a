// A hook showing a failed save: field issues on the form, a stale version, a deleted record, or a translated message.
import { useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../core/api/callable';
import { errorText } from './errorText';
import { issuesToFields } from './serverErrors';

/**
 * Shows a failed save: field issues on the form's fields (those it shows now), a stale version through `onStale`,
 * a record deleted meanwhile through `onGone`, anything else as a translated message.
 */
export function useSaveErrors(form: FormInstance, onStale?: () => void, onGone?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      const failure = error as CallError;
      if (failure.code === 'invalid-argument' && failure.issues) {
        const { fields, general } = issuesToFields(failure.issues, Object.keys(form.getFieldsValue()), t);
        form.setFields(fields);
        if (fields.length) form.scrollToField(fields[0].name);
        void message.error([errorText(t, failure), ...general].join(' '));
        return;
      }
      if (failure.key === 'errors.staleVersion' && onStale) {
        onStale();
        return;
      }
      if (failure.code === 'not-found' && onGone) {
        onGone();
        return;
      }
      void message.error(errorText(t, failure));
    },
    [form, onStale, onGone, t, message],
  );
}
