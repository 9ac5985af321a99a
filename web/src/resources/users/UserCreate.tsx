// The create screen for users: the user form, saved through users-create.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserCreate as CreateRequest } from '@trialdesk/shared';
import { FormPage } from '../../ui/FormPage';
import { SubmitBar } from '../../ui/SubmitBar';
import { useCreateForm } from '../../ui/useRecordForm';
import { useCreateUserMutation } from './api';
import { emptyUser, UserFields, userToRequest, type UserFormValues } from './UserForm';

export default function UserCreate() {
  const { t } = useTranslation();
  const [create] = useCreateUserMutation();
  const { form, saving, onFinish, onValuesChange } = useCreateForm<UserFormValues>({
    toRequest: userToRequest,
    create: (request) => create(request as CreateRequest).unwrap(),
    successKey: 'success.userCreated',
    doneTo: '/app/users',
  });
  return (
    <FormPage title={t('users.createTitle')} backTo="/app/users">
      <Form form={form} layout="vertical" initialValues={emptyUser} onFinish={onFinish} onValuesChange={onValuesChange}>
        <UserFields form={form} mode="create" />
        <SubmitBar saving={saving} cancelTo="/app/users" label={t('app.create')} />
      </Form>
    </FormPage>
  );
}
