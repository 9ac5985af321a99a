// How a user signs in and whether their address is verified, as the users screens show it and ask before approving.
import { App, Descriptions, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { User } from '@trialdesk/shared';
import { RISKY_CONFIRM } from '../../ui/Dialog';
import { enumLabel } from '../../ui/enums';

/** The provider's name in the interface language; an unknown provider id as it is. */
export function providerLabel(t: TFunction, provider: string): string {
  switch (provider) {
    case 'password':
      return t('users.providers.password');
    case 'microsoft.com':
      return t('users.providers.microsoft');
    case '':
      return t('app.none');
    default:
      return provider;
  }
}

export function EmailVerifiedTag({ t, verified }: { t: TFunction; verified: boolean }) {
  return <Tag color={verified ? 'green' : 'orange'}>{t(verified ? 'users.verified' : 'users.unverified')}</Tag>;
}

/**
 * A password account whose address nobody confirmed: anyone may have registered it under someone else's address,
 * so approving it asks first.
 */
export const unverifiedPasswordAccount = (user: Pick<User, 'provider' | 'emailVerified'>): boolean =>
  user.provider === 'password' && !user.emailVerified;

/** Approving an unverified password account: a dialog (not a popover: the warning needs its room and weight). */
export function useConfirmUnverifiedApprove() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (user: Pick<User, 'email'>, role: User['role'], onOk: () => unknown) =>
    modal.confirm({
      title: t('users.approveConfirm', { email: user.email, role: enumLabel(t, 'role', role) }),
      content: t('users.unverifiedApprove'),
      okText: t('users.approveAnyway'),
      ...RISKY_CONFIRM,
      cancelText: t('app.cancel'),
      onOk,
    });
}

/** Sign-in facts above a user's form: how they sign in and whether their address is verified. */
export function AccountFacts({ record: user }: { record: User }) {
  const { t } = useTranslation();
  return (
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
  );
}
