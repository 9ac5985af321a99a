// The create and edit screens of any resource, from its definition: form, save, Delete, history.
import { Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordMeta } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ConfirmDelete } from '../ConfirmDelete';
import { ConflictResolver } from '../conflict/ConflictResolver';
import { FormPage } from '../FormPage';
import { HistoryPanel } from '../HistoryPanel';
import { RecordLoader } from '../RecordLoader';
import { SampleTag } from '../SampleTag';
import { SubmitBar } from '../SubmitBar';
import { useDocumentTitle } from '../useDocumentTitle';
import { useBackTo } from '../useListParams';
import { useCreateForm, useEditForm } from '../useRecordForm';
import { may, pathsOf, type FormDefinition, type ResourceDefinition } from './definition';

interface Props {
  resource: ResourceDefinition;
  form: FormDefinition<RecordMeta>;
}

/** A resource's create screen: its form from empty, saved through `<name>-create`, then back to the list. */
export function ResourceCreate({ resource, form: definition }: Props) {
  const { t } = useTranslation();
  const list = useBackTo(pathsOf(resource).list);
  useDocumentTitle(t(`${resource.name}.createTitle`));
  const [create] = definition.api.useCreate();
  const { codec, Fields } = definition;
  const { form, saving, onFinish, onValuesChange } = useCreateForm({
    toRequest: codec.toRequest,
    create: (request) => create(request as never),
    successKey: definition.messages.created,
    doneTo: list,
  });
  return (
    <FormPage title={t(`${resource.name}.createTitle`)} backTo={list} tag={resource.sample && <SampleTag />}>
      <Form
        form={form}
        layout="vertical"
        initialValues={codec.empty}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        <Fields form={form} mode="create" />
        <SubmitBar saving={saving} cancelTo={list} label={t('app.create')} />
      </Form>
    </FormPage>
  );
}

/** A resource's edit screen: the record's form (only changes are sent), Delete where allowed, its history. */
export function ResourceEdit({ resource, form: definition }: Props) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // The list page it was opened from, filters included: for the back arrow, Cancel, and after Save or Delete.
  const list = useBackTo(pathsOf(resource).list);
  const user = useAppSelector((state) => state.auth.user);
  const query = definition.api.useGet(id);
  const [update] = definition.api.useUpdate();
  const [remove] = definition.api.useDelete();
  const confirmSave = definition.useConfirmSave?.();
  const { codec, Fields, Header, Below } = definition;
  const edit = useEditForm({
    record: query.data,
    refetch: query.refetch,
    toValues: codec.toValues,
    toRequest: codec.toRequest,
    update: (request) => update(request as never),
    successKey: definition.messages.updated,
    doneTo: list,
  });
  const record = query.data;
  // The tab names the record ("Study: <its title>") once it is loaded.
  const name = record && resource.label ? (record as unknown as Record<string, unknown>)[resource.label] : undefined;
  useDocumentTitle(
    typeof name === 'string' && name
      ? t('app.recordTitle', { kind: t(`${resource.name}.one`), name })
      : t(`${resource.name}.editTitle`),
  );
  // A record deleted while the person edits it is said so beside Save (the form stays for them to copy from),
  // not by the loader's not-found page.
  const loaded = edit.gone ? { ...query, error: undefined } : query;
  const deletable =
    record && may(user?.role, resource.access.delete) && (definition.deletable?.(record, user?.id) ?? true);
  const onFinish = (values: Record<string, unknown>) =>
    record && confirmSave ? confirmSave(record, values, () => void edit.onFinish(values)) : edit.onFinish(values);
  return (
    <RecordLoader query={loaded}>
      <FormPage
        title={t(`${resource.name}.editTitle`)}
        tag={resource.sample && <SampleTag />}
        backTo={list}
        actions={
          deletable && (
            <ConfirmDelete
              onDelete={() => remove({ id: record.id, version: record.version } as never)}
              onDeleted={() => {
                edit.markClean();
                navigate(list);
              }}
            />
          )
        }
        aside={definition.history && <HistoryPanel {...definition.history} entityId={id} />}
      >
        {record && Header && <Header record={record} />}
        <Form form={edit.form} layout="vertical" onFinish={onFinish} onValuesChange={edit.onValuesChange}>
          <Fields form={edit.form} mode="edit" record={record} />
          <ConflictResolver
            conflict={edit.conflict}
            gone={edit.gone}
            section={resource.name}
            display={definition.history}
            onKeep={edit.keep}
            onDiscard={edit.discard}
            onBack={() => {
              edit.markClean();
              navigate(list);
            }}
          />
          <SubmitBar
            saving={edit.saving}
            cancelTo={list}
            label={t('app.save')}
            disabled={Boolean(edit.conflict) || edit.gone}
          />
        </Form>
        {record && Below && <Below record={record} />}
      </FormPage>
    </RecordLoader>
  );
}
