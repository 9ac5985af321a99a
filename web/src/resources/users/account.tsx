// How a user signs in (provider) and whether their email address is verified, as the users screens show them.
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { User } from '@trialdesk/shared';

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
