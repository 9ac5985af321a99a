// Hooks of create and edit screens: validate, save, report, leave; edits send only changes, handle stale versions.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Form, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordMeta } from '@trialdesk/shared';
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
function useSave(form: FormInstance, options: Pick<Common<Values>, 'successKey' | 'doneTo'>, onStale?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const showError = useSaveErrors(form, onStale);
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
 * An edit screen: the form starts from the record, a save sends only the changed fields with id and version, a
 * stale version offers Reload (which discards the user's changes only when pressed).
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
  const [stale, setStale] = useState(false);
  const unsaved = useUnsavedChanges();
  const onStale = useCallback(() => setStale(true), []);
  const { saving, save } = useSave(form, options, onStale);
  useRevalidateOnLanguage(form);
  const initialValues = useMemo(() => (record ? toValues(record) : undefined), [record, toValues]);

  // A freshly loaded record replaces the form's content only while the user has no unsaved changes.
  const { dirty, markClean } = unsaved;
  useEffect(() => {
    if (initialValues && !dirty) {
      form.resetFields();
      form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [initialValues, form, dirty]);

  const onFinish = async (values: V) => {
    if (!record || !initialValues) return;
    const changes = changedFields(options.toRequest(initialValues), options.toRequest(values));
    if (Object.keys(changes).length === 0) {
      void message.info(t('form.noChanges'));
      return;
    }
    await save(() => update({ id: record.id, version: record.version, ...changes }), markClean);
  };

  const reload = async () => {
    const { data } = await refetch();
    markClean();
    setStale(false);
    if (data) {
      form.resetFields();
      form.setFieldsValue(toValues(data) as Parameters<typeof form.setFieldsValue>[0]);
    }
  };

  return { form, saving, stale, onFinish, onValuesChange: unsaved.markDirty, reload, initialValues, markClean };
}
