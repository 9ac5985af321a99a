// A hook that validates a form's erroneous fields again after a language switch, so errors are retranslated.
import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Messages are translated when a rule runs: after a language switch, fields showing an error validate again. */
export function useRevalidateOnLanguage(form: FormInstance) {
  const { i18n } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length) form.validateFields(withErrors).catch(() => undefined);
  }, [i18n.language, form]);
}
