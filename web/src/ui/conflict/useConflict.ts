// A hook resolving a stale save: fetch the latest version, compare it field by field, save the person's choices.
import { useCallback, useState, type RefObject } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordMeta } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { addDictionaries } from '../../core/i18n/later';
import { errorText } from '../errorText';
import { findConflict, mergeChoices, type Choice, type Conflict } from './findConflict';
import words from './words';

addDictionaries(words);

type Values = Record<string, unknown>;

/** A stale save met: the latest record and what collides with it. */
interface Met<R> {
  latest: R;
  conflict: Conflict;
  /** The fields the record returns (the others are write-only). */
  stored: string[];
}

/**
 * The conflict of an edit screen (docs/decisions.md, "Version checks on every update and delete"). A stale save
 * fetches the latest version and lists, per field, the latest value beside the person's; the form keeps their
 * edits until they choose. `keep` saves their choices against the latest version (through the form's submit, so its
 * rules and checks run again); `discard` shows the latest version. A record deleted meanwhile is `gone`.
 */
export function useConflict<R extends RecordMeta>({
  form,
  base,
  refetch,
  toValues,
  toRequest,
  show,
  markClean,
}: {
  form: FormInstance;
  /** The record the form was loaded from: what a save names; `keep` moves it to the latest version. */
  base: RefObject<R | undefined>;
  refetch: () => Promise<{ data?: R }>;
  toValues: (record: R) => Values;
  toRequest: (values: Values) => Values;
  /** Puts a record in the form, as loaded. */
  show: (record: R) => void;
  markClean: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [met, setMet] = useState<Met<R>>();
  const [gone, setGone] = useState(false);

  const onGone = useCallback(() => {
    setMet(undefined);
    setGone(true);
    void message.warning(t('conflict.goneToast'));
  }, [message, t]);

  const compare = useCallback(async () => {
    const result = (await refetch()) as { data?: R; error?: Partial<CallError> };
    if (result.error?.code === 'not-found') return onGone();
    const loaded = base.current;
    if (result.error || !result.data || !loaded) {
      void message.error(errorText(t, result.error));
      return;
    }
    const latest = result.data;
    const stored = Object.keys(latest);
    const yours = form.getFieldsValue(true) as Values;
    const conflict = findConflict(toRequest(toValues(loaded)), toRequest(yours), toRequest(toValues(latest)), stored);
    setMet({ latest, conflict, stored });
    void message.warning(t('conflict.toast'));
  }, [refetch, onGone, base, form, toRequest, toValues, message, t]);
  const onStale = useCallback(() => void compare(), [compare]);

  const keep = (choices: Partial<Record<string, Choice>>) => {
    if (!met) return;
    const merged = mergeChoices(toValues(met.latest), form.getFieldsValue(true) as Values, met.stored, choices);
    base.current = met.latest;
    setMet(undefined);
    form.setFieldsValue(merged);
    form.submit();
  };

  const discard = () => {
    if (!met) return;
    setMet(undefined);
    markClean();
    show(met.latest);
  };

  return { conflict: met?.conflict, gone, onStale, onGone, keep, discard };
}
