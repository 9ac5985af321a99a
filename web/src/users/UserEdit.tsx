import { Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserUpdate } from '@trialdesk/shared';
import { useAppSelector } from '../app/store';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { FormPage } from '../components/FormPage';
import { HistoryPanel } from '../components/HistoryPanel';
import { RecordLoader } from '../components/RecordLoader';
import { SubmitBar } from '../components/SubmitBar';
import { useEditForm } from '../components/useRecordForm';
import { useDeleteUserMutation, useGetUserQuery, useUpdateUserMutation } from './api';
import { UserFields, userToRequest, userToValues, type UserFormValues } from './UserForm';

export default function UserEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const selfId = useAppSelector((state) => state.auth.user?.id);
  const query = useGetUserQuery(id);
  const [update] = useUpdateUserMutation();
  const [remove] = useDeleteUserMutation();
  const edit = useEditForm({
    record: query.data,
    refetch: query.refetch,
    toValues: userToValues,
    toRequest: (values: UserFormValues) => userToRequest(values),
    update: (request) => update(request as UserUpdate).unwrap(),
    successKey: 'success.userUpdated',
    doneTo: '/app/users',
  });
  const user = query.data;
  const self = user?.id === selfId;
  return (
    <RecordLoader query={query}>
      <FormPage
        title={t('users.editTitle')}
        backTo="/app/users"
        stale={edit.stale}
        onReload={() => void edit.reload()}
        actions={
          user &&
          !self && (
            <ConfirmDelete
              onDelete={() => remove({ id: user.id, version: user.version }).unwrap()}
              onDeleted={() => {
                edit.markClean();
                navigate('/app/users');
              }}
            />
          )
        }
        aside={<HistoryPanel entity="users" entityId={id} />}
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.onFinish} onValuesChange={edit.onValuesChange}>
          <UserFields form={edit.form} mode="edit" self={self} />
          <SubmitBar saving={edit.saving} cancelTo="/app/users" label={t('app.save')} />
        </Form>
      </FormPage>
    </RecordLoader>
  );
}
