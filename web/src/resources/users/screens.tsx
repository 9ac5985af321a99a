// The users list screen: search, approval and role filters, sign-in facts, and Approve and Revoke buttons.
import { App, Button, Popconfirm, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_STATES,
  LIMITS,
  ROLES,
  USER_SORTS,
  type ApprovalState,
  type Role,
  type User,
  type UserSort,
} from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ApprovalTag, enumLabel, enumOptions } from '../../ui/enums';
import { errorText } from '../../ui/errorText';
import { ListTable } from '../../ui/ListTable';
import { sorterOf, type ListConfig } from '../../ui/listParams';
import { ListToolbar } from '../../ui/ListToolbar';
import { SearchInput } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { EmailVerifiedTag, providerLabel, unverifiedPasswordAccount } from './account';
import { useApproveUserMutation, useListUsersQuery, useRevokeUserMutation } from './api';
import type { CallError } from '../../core/api/callable';

const config: ListConfig<'approval' | 'role'> = {
  sorts: USER_SORTS,
  filters: { approval: APPROVAL_STATES, role: ROLES },
};

function Actions({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
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
        // Not a popover: the warning needs the room and the weight of a dialog.
        approveButton(() =>
          modal.confirm({
            title: confirmTitle,
            content: t('users.unverifiedApprove'),
            okText: t('users.approveAnyway'),
            okButtonProps: { danger: true },
            cancelText: t('app.cancel'),
            onOk: doApprove,
          }),
        )
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

export default function UsersList() {
  const { t } = useTranslation();
  const { params, update } = useListParams(config);
  const list = useListUsersQuery({
    search: params.search || undefined,
    approval: params.filters.approval as ApprovalState | undefined,
    role: params.filters.role as Role | undefined,
    sort: params.sort as UserSort | undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  const columns: ColumnsType<User> = [
    {
      title: t('users.fields.name'),
      key: 'name',
      render: (_: unknown, user) => (
        <Link to={`/app/users/${user.id}`}>{`${user.firstName} ${user.lastName}`.trim()}</Link>
      ),
    },
    {
      title: t('users.fields.email'),
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      sortOrder: sorterOf(params.sort, 'email'),
    },
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
      render: (role: Role) => enumLabel(t, 'role', role),
    },
    {
      title: t('users.fields.approval'),
      dataIndex: 'roleApproved',
      key: 'roleApproved',
      render: (approved: boolean) => <ApprovalTag t={t} approved={approved} />,
    },
    { title: t('app.actions'), key: 'actions', render: (_: unknown, user) => <Actions user={user} /> },
  ];
  return (
    <>
      <ListToolbar title={t('users.title')} createLabel={t('users.create')} createTo="/app/users/create">
        <SearchInput
          value={params.search}
          onChange={(search) => update({ search })}
          placeholder={t('users.searchPlaceholder')}
          label={t('list.search')}
          maxLength={LIMITS.searchMax}
        />
        <Select
          allowClear
          aria-label={t('users.fields.approval')}
          data-testid="filter-approval"
          placeholder={t('users.fields.approval')}
          style={{ minWidth: 200 }}
          value={params.filters.approval}
          onChange={(approval) => update({ filters: { approval } })}
          options={enumOptions(t, 'approval', APPROVAL_STATES)}
        />
        <Select
          allowClear
          aria-label={t('users.fields.role')}
          data-testid="filter-role"
          placeholder={t('users.fields.role')}
          style={{ minWidth: 160 }}
          value={params.filters.role}
          onChange={(role) => update({ filters: { role } })}
          options={enumOptions(t, 'role', ROLES)}
        />
      </ListToolbar>
      <ListTable<User>
        columns={columns}
        query={list}
        params={params}
        onChange={update}
        sorts={USER_SORTS}
        rowHref={(row) => `/app/users/${row.id}`}
        minWidth={1100}
      />
    </>
  );
}
