// The edit screen for a user: sign-in facts, its form, approval check, Delete, and its change history.
import { App, Descriptions, Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserUpdate } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { enumLabel } from '../../ui/enums';
import { FormPage } from '../../ui/FormPage';
import { HistoryPanel } from '../../ui/HistoryPanel';
import { RecordLoader } from '../../ui/RecordLoader';
import { SubmitBar } from '../../ui/SubmitBar';
import { useEditForm } from '../../ui/useRecordForm';
import { EmailVerifiedTag, providerLabel, unverifiedPasswordAccount } from './account';
import { useDeleteUserMutation, useGetUserQuery, useUpdateUserMutation } from './api';
import { UserFields, userToRequest, userToValues, type UserFormValues } from './UserForm';

export default function UserEdit() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
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
  // Approving through the form asks first too, as the list's Approve does.
  const onFinish = (values: UserFormValues) => {
    if (user && !user.roleApproved && values.roleApproved && unverifiedPasswordAccount(user)) {
      modal.confirm({
        title: t('users.approveConfirm', { email: user.email, role: enumLabel(t, 'role', values.role) }),
        content: t('users.unverifiedApprove'),
        okText: t('users.approveAnyway'),
        okButtonProps: { danger: true },
        cancelText: t('app.cancel'),
        onOk: () => edit.onFinish(values),
      });
      return;
    }
    return edit.onFinish(values);
  };
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
        {user && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16 }}
            data-testid="user-account"
            items={[
              { key: 'provider', label: t('users.fields.provider'), children: providerLabel(t, user.provider) },
              {
                key: 'emailVerified',
                label: t('users.fields.emailVerified'),
                children: <EmailVerifiedTag t={t} verified={user.emailVerified} />,
              },
            ]}
          />
        )}
        <Form form={edit.form} layout="vertical" onFinish={onFinish} onValuesChange={edit.onValuesChange}>
          <UserFields form={edit.form} mode="edit" self={self} />
          <SubmitBar saving={edit.saving} cancelTo="/app/users" label={t('app.save')} />
        </Form>
      </FormPage>
    </RecordLoader>
  );
}
