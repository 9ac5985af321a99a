// Hooks of create and edit screens: validate, save, report, leave; edits send only changes, resolve conflicts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Form, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordMeta } from '@trialdesk/shared';
import { useConflict } from './conflict/useConflict';
import { changedFields } from './formDiff';
import { useRevalidateOnLanguage } from './useRevalidateOnLanguage';
import { useSaveErrors } from './useSaveErrors';
import { useUnsavedChanges } from './useUnsavedChanges';

type Values = Record<string, unknown>;
type Request = Record<string, unknown>;

interface Common<V extends Values> {
  /** Form values -> request fields (every field present, so edits can be compared). */
  toRequest: (values: V) => Request;
  successKey: string;
  /** Where to go after a save. */
  doneTo: string;
}

/** Saving a form: runs the call, then shows the success message and leaves; a refusal lands on the fields. */
function useSave(
  form: FormInstance,
  options: Pick<Common<Values>, 'successKey' | 'doneTo'>,
  onStale?: () => void,
  onGone?: () => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const showError = useSaveErrors(form, onStale, onGone);
  const save = async (call: () => Promise<unknown>, markClean: () => void) => {
    setSaving(true);
    try {
      await call();
      markClean();
      void message.success(t(options.successKey));
      navigate(options.doneTo);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

/** A create screen: validate, call create, show the record's "created" message, go back to the list. */
export function useCreateForm<V extends Values>({
  create,
  ...options
}: Common<V> & { create: (request: Request) => Promise<unknown> }) {
  const [form] = Form.useForm<V>();
  const unsaved = useUnsavedChanges();
  const { saving, save } = useSave(form, options);
  useRevalidateOnLanguage(form);

  const onFinish = async (values: V) => {
    await save(() => create(options.toRequest(values)), unsaved.markClean);
  };
  return { form, saving, onFinish, onValuesChange: unsaved.markDirty };
}

/**
 * An edit screen: the form starts from the record, a save sends only the changed fields with the id and the version
 * the form loaded; a stale save opens the conflict (`useConflict`), keeping the person's edits until they choose.
 */
export function useEditForm<R extends RecordMeta, V extends Values>({
  record,
  refetch,
  toValues,
  update,
  ...options
}: Common<V> & {
  record: R | undefined;
  refetch: () => Promise<{ data?: R }>;
  toValues: (record: R) => V;
  update: (request: Request) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const unsaved = useUnsavedChanges();
  const { dirty, markClean } = unsaved;
  // The record the form was loaded from, not the cache's latest: a newer version arriving while the person edits
  // must not become what their save names (it would overwrite the other change unseen).
  const base = useRef<R | undefined>(undefined);
  const show = useCallback(
    (shown: R) => {
      base.current = shown;
      form.resetFields();
      form.setFieldsValue(toValues(shown) as Parameters<typeof form.setFieldsValue>[0]);
    },
    [form, toValues],
  );
  const conflict = useConflict({
    form,
    base,
    refetch,
    toValues,
    toRequest: options.toRequest as (values: Values) => Request,
    show,
    markClean,
  });
  const { saving, save } = useSave(form, options, conflict.onStale, conflict.onGone);
  useRevalidateOnLanguage(form);

  // A freshly loaded record replaces the form's content only while the user has no unsaved changes.
  useEffect(() => {
    if (record && !dirty) show(record);
  }, [record, dirty, show]);

  const onFinish = async (values: V) => {
    const loaded = base.current;
    if (!loaded) return;
    const changes = changedFields(options.toRequest(toValues(loaded)), options.toRequest(values));
    if (Object.keys(changes).length === 0) {
      void message.info(t('form.noChanges'));
      return;
    }
    await save(() => update({ id: loaded.id, version: loaded.version, ...changes }), markClean);
  };

  return { form, saving, onFinish, onValuesChange: unsaved.markDirty, markClean, ...conflict };
}
