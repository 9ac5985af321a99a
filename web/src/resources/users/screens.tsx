// The users list (search, approval and role filters, sign-in facts, a referrer's organisation, Approve and Revoke)
// and the user form.
import { App, Avatar, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATES, ROLES, USER_SORTS, type Role, type User } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { addDictionaries } from '../../core/i18n/later';
import { useAppSelector } from '../../core/store';
import { ApprovalTag, enumLabel } from '../../ui/enums';
import { errorText } from '../../ui/errorText';
import type { ListDefinition, ResourceScreens } from '../../ui/resource/definition';
import {
  AccountFacts,
  EmailVerifiedTag,
  providerLabel,
  unverifiedPasswordAccount,
  useConfirmUnverifiedApprove,
} from './account';
import { useApproveUserMutation, useRevokeUserMutation, userApi } from './api';
import { PictureField } from './PictureField';
import { UserFields, userForm } from './UserForm';
import words from './words';

// The organisation's and language's words, with the screens (after sign-in).
addDictionaries(words);

function Actions({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmUnverified = useConfirmUnverifiedApprove();
  const selfId = useAppSelector((state) => state.auth.user?.id);
  const [approve, approving] = useApproveUserMutation();
  const [revoke, revoking] = useRevokeUserMutation();
  const self = user.id === selfId;
  const run = async (action: () => Promise<unknown>, successKey: string) => {
    try {
      await action();
      void message.success(t(successKey));
    } catch (error) {
      void message.error(errorText(t, error as CallError));
    }
  };
  const confirmTitle = t('users.approveConfirm', { email: user.email, role: enumLabel(t, 'role', user.role) });
  const doApprove = () => run(() => approve({ id: user.id, version: user.version }).unwrap(), 'success.userApproved');
  // Solid: a ghost button's primary-coloured text falls short of AA contrast in dark mode.
  const approveButton = (onClick?: () => void) => (
    <Button size="small" type="primary" disabled={user.roleApproved} loading={approving.isLoading} onClick={onClick}>
      {t('users.approve')}
    </Button>
  );
  return (
    <Space onClick={(event) => event.stopPropagation()}>
      {unverifiedPasswordAccount(user) ? (
        approveButton(() => confirmUnverified(user, user.role, doApprove))
      ) : (
        <Popconfirm
          title={confirmTitle}
          okText={t('users.approve')}
          cancelText={t('app.cancel')}
          onConfirm={doApprove}
          disabled={user.roleApproved}
        >
          {approveButton()}
        </Popconfirm>
      )}
      <Tooltip title={self ? t('users.selfLocked') : undefined}>
        <Popconfirm
          title={t('users.revokeConfirm', { email: user.email })}
          okText={t('users.revoke')}
          okButtonProps={{ danger: true }}
          cancelText={t('app.cancel')}
          onConfirm={() => run(() => revoke({ id: user.id, version: user.version }).unwrap(), 'success.userRevoked')}
          disabled={!user.roleApproved || self}
        >
          <Button size="small" danger disabled={!user.roleApproved || self} loading={revoking.isLoading}>
            {t('users.revoke')}
          </Button>
        </Popconfirm>
      </Tooltip>
    </Space>
  );
}

const list: ListDefinition<User> = {
  useList: userApi.useList,
  sorts: USER_SORTS,
  search: 'text',
  filters: [
    { kind: 'enum', name: 'approval', values: APPROVAL_STATES, labels: 'approval', width: 200 },
    { kind: 'enum', name: 'role', values: ROLES, labels: 'role', width: 160 },
  ],
  columns: (t) => [
    {
      title: t('users.fields.name'),
      key: 'name',
      link: true,
      render: (_: unknown, user) => (
        <Space>
          <Avatar size="small" src={user.picture || undefined} icon={<UserOutlined />} alt="" />
          {`${user.firstName} ${user.lastName}`.trim()}
        </Space>
      ),
    },
    { title: t('users.fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    {
      title: t('users.fields.emailVerified'),
      dataIndex: 'emailVerified',
      key: 'emailVerified',
      render: (verified: boolean) => <EmailVerifiedTag t={t} verified={verified} />,
    },
    {
      title: t('users.fields.provider'),
      dataIndex: 'provider',
      key: 'provider',
      render: (provider: string) => <span style={{ whiteSpace: 'nowrap' }}>{providerLabel(t, provider)}</span>,
    },
    {
      title: t('users.fields.role'),
      dataIndex: 'role',
      key: 'role',
      // A referrer's organisation beside their role: the study team knows referrers by it.
      render: (role: Role, user) => (
        <>
          <div>{enumLabel(t, 'role', role)}</div>
          {role === 'User' && user.organisation && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="user-organisation">
              {user.organisation}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('users.fields.approval'),
      dataIndex: 'roleApproved',
      key: 'roleApproved',
      render: (approved: boolean) => <ApprovalTag t={t} approved={approved} />,
    },
    { title: t('app.actions'), key: 'actions', actions: true, render: (_: unknown, user) => <Actions user={user} /> },
  ],
  minWidth: 1100,
  // Admins only, as this list is.
  export: { callable: 'users-export' },
};

/** Approving through the form asks first too, as the list's Approve does. */
function useConfirmApproval() {
  const confirmUnverified = useConfirmUnverifiedApprove();
  return (user: User, values: Record<string, unknown>, save: () => void) => {
    if (!user.roleApproved && values.roleApproved && unverifiedPasswordAccount(user)) {
      confirmUnverified(user, values.role as Role, save);
    } else save();
  };
}

/** Above a user's form: their picture (Admins change it here) and how they sign in. */
function UserHeader({ record }: { record: User }) {
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <PictureField user={record} />
      </div>
      <AccountFacts record={record} />
    </>
  );
}

const screens: ResourceScreens = {
  list,
  form: {
    codec: userForm,
    Fields: UserFields,
    api: userApi,
    messages: { created: 'success.userCreated', updated: 'success.userUpdated' },
    Header: UserHeader,
    // Nobody deletes their own account.
    deletable: (user: User, selfId) => user.id !== selfId,
    useConfirmSave: useConfirmApproval,
    history: { entity: 'users', enums: { role: 'role', status: 'userStatus' } },
  },
};
export default screens;
