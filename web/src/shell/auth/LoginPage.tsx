// The login page: Microsoft or email/password sign-in, password reset, sign-out reasons, "Request access".
import { lazy, Suspense, useState } from 'react';
import { Button, Flex, theme } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../layout/AuthLayout';
import { useAppSelector } from '../../core/store';
import { safeRedirect } from '../../core/auth/redirect';
import { signInWithMicrosoft, signInWithPassword } from '../../core/auth/session';
import { MicrosoftOr } from './MicrosoftOr';
import { PasswordForm, type Credentials } from './PasswordForm';
import { useSignIn } from './useSignIn';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { toLanguage } from '../../core/i18n/languages';

// Alerts appear only after an attempt: antd's Alert loads then, not with the page.
const AccessRefusedAlert = lazy(() => import('./AccessRefusedAlert').then((m) => ({ default: m.AccessRefusedAlert })));
const LoginNotice = lazy(() => import('./LoginNotice'));

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const user = useAppSelector((state) => state.auth.user);
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const { token } = theme.useToken();
  const target = safeRedirect(params.get('redirectTo'));
  const { busy, shownNotice, refused, requestState, run, requestAccess, forgotPassword } = useSignIn(target);
  useDocumentTitle(t('auth.title'));

  if (user && !refused) return <Navigate to={target} replace />;

  return (
    <AuthLayout>
      <Flex vertical gap={16}>
        <div>
          <h1 style={{ fontSize: 24, margin: '0 0 4px', color: token.colorTextHeading }}>{t('auth.title')}</h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('auth.subtitle')}</p>
        </div>
        <Suspense>
          {refused && (
            <AccessRefusedAlert
              state={requestState}
              // The back office's request is an Editor's; the language is the one TrialDesk writes to the person in.
              onRequestAccess={() =>
                void requestAccess({ role: 'Editor', organisation: '', language: toLanguage(i18n.language) })
              }
            />
          )}
          {shownNotice && (
            <LoginNotice type={shownNotice.type} messageKey={shownNotice.key} params={shownNotice.params} />
          )}
        </Suspense>
        <MicrosoftOr
          loading={busy === 'microsoft'}
          disabled={busy !== null && busy !== 'microsoft'}
          onClick={() => void run('microsoft', signInWithMicrosoft)}
        />
        <PasswordForm
          credentials={credentials}
          onChange={setCredentials}
          loading={busy === 'password'}
          disabled={busy !== null && busy !== 'password'}
          onSignIn={(email, password) => void run('password', () => signInWithPassword(email, password))}
        />
        <Button
          type="link"
          style={{ padding: 0 }}
          loading={busy === 'reset'}
          onClick={() => void forgotPassword(credentials.email.trim())}
        >
          {t('auth.forgotPassword')}
        </Button>
      </Flex>
    </AuthLayout>
  );
}
