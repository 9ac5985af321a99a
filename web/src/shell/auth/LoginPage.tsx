// The login page: Microsoft or email/password sign-in, password reset, sign-out reasons, "Request access".
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Flex, theme } from 'antd';
// The two inputs alone: the `Input` namespace would bring its TextArea, Search and OTP to the entry path.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined, WindowsFilled } from '@ant-design/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../layout/AuthLayout';
import { useAppDispatch, useAppSelector } from '../../core/store';
import type { RequestState } from './AccessRefusedAlert';
import { signedIn, signOutReasonCleared, type SignOutReason } from '../../core/auth/authSlice';
import { IDLE_TIMEOUT_MS } from '../../core/auth/idle';
import { safeRedirect } from '../../core/auth/redirect';
import {
  authErrorKey,
  releaseRefusedUser,
  sendPasswordReset,
  signInWithMicrosoft,
  signInWithPassword,
  type SignInOutcome,
} from '../../core/auth/session';

// Alerts appear only after an attempt: antd's Alert loads then, not with the page.
const AccessRefusedAlert = lazy(() => import('./AccessRefusedAlert').then((m) => ({ default: m.AccessRefusedAlert })));
const LoginNotice = lazy(() => import('./LoginNotice'));

interface Credentials {
  email: string;
  password: string;
}

// A plain form rather than antd's Form: two fields do not justify its validation engine on the entry path.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Dictionary keys of the problems of each field (none: valid). */
export function credentialErrors({ email, password }: Credentials): Partial<Record<keyof Credentials, string>> {
  const trimmed = email.trim();
  return {
    ...(!trimmed ? { email: 'validation.required' } : !EMAIL.test(trimmed) && { email: 'validation.email' }),
    ...(!password && { password: 'validation.required' }),
  };
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | false;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={6}>
      <label htmlFor={id} style={{ color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          {error}
        </div>
      )}
    </Flex>
  );
}

type Notice = { type: 'error' | 'info'; key: string; params?: Record<string, number> } | null;

/** What the page says to someone the app signed out itself. */
const SIGN_OUT_NOTICES: Record<SignOutReason, NonNullable<Notice>> = {
  idle: { type: 'info', key: 'auth.signedOutIdle', params: { minutes: IDLE_TIMEOUT_MS / 60_000 } },
  accessRevoked: { type: 'error', key: 'errors.accessRevoked' },
  accountEmailChanged: { type: 'error', key: 'errors.accountEmailChanged' },
};

export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useAppSelector((state) => state.auth.user);
  const signOutReason = useAppSelector((state) => state.auth.signOutReason);
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  // Errors show once a submit was attempted, then follow the typing (as antd forms do).
  const [submitted, setSubmitted] = useState(false);
  const { token } = theme.useToken();
  const [busy, setBusy] = useState<'microsoft' | 'password' | 'reset' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [refused, setRefused] = useState(false);
  const [requestState, setRequestState] = useState<RequestState>('idle');
  const target = safeRedirect(params.get('redirectTo'));
  const errors = credentialErrors(credentials);
  const shownErrors = submitted ? errors : {};
  // Until the next attempt.
  const shownNotice = notice ?? (signOutReason && !refused ? SIGN_OUT_NOTICES[signOutReason] : null);

  // A refused person is held signed in only while this page offers "Request access".
  useEffect(() => () => void releaseRefusedUser(), []);

  if (user && !refused) return <Navigate to={target} replace />;

  async function run(kind: 'microsoft' | 'password', signIn: () => Promise<SignInOutcome>) {
    setBusy(kind);
    setNotice(null);
    dispatch(signOutReasonCleared());
    await releaseRefusedUser();
    setRefused(false);
    setRequestState('idle');
    try {
      const outcome = await signIn();
      if (outcome.ok) {
        dispatch(signedIn(outcome.user));
        navigate(target, { replace: true });
      } else {
        setRefused(true);
      }
    } catch (error) {
      setNotice({ type: 'error', key: authErrorKey(error) });
    } finally {
      setBusy(null);
    }
  }

  async function requestAccess() {
    setRequestState('sending');
    try {
      const { callCallable } = await import('../../core/api/callable');
      await callCallable('users-requestAccess', {});
      setRequestState('sent');
      await releaseRefusedUser();
    } catch {
      setRequestState('failed');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      document.getElementById(errors.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    void run('password', () => signInWithPassword(credentials.email.trim(), credentials.password));
  }

  async function forgotPassword() {
    const email = credentials.email.trim();
    if (!email) {
      setNotice({ type: 'info', key: 'auth.forgotPasswordHelp' });
      return;
    }
    setBusy('reset');
    try {
      await sendPasswordReset(email);
      setNotice({ type: 'info', key: 'auth.resetSent' });
    } catch (error) {
      const key = authErrorKey(error);
      // Same answer whether or not the account exists: the page must not reveal who has one.
      setNotice(
        key === 'auth.errors.invalidEmail' || key === 'auth.errors.network' || key === 'auth.errors.tooManyRequests'
          ? { type: 'error', key }
          : { type: 'info', key: 'auth.resetSent' },
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <AuthLayout>
      <Flex vertical gap={16}>
        <div>
          <h1 style={{ fontSize: 24, margin: '0 0 4px', color: token.colorTextHeading }}>{t('auth.title')}</h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('auth.subtitle')}</p>
        </div>
        <Suspense>
          {refused && <AccessRefusedAlert state={requestState} onRequestAccess={() => void requestAccess()} />}
          {shownNotice && (
            <LoginNotice type={shownNotice.type} messageKey={shownNotice.key} params={shownNotice.params} />
          )}
        </Suspense>
        <Button
          block
          size="large"
          icon={<WindowsFilled />}
          loading={busy === 'microsoft'}
          disabled={busy !== null && busy !== 'microsoft'}
          onClick={() => void run('microsoft', signInWithMicrosoft)}
          data-testid="login-microsoft"
        >
          {t('auth.signInMicrosoft')}
        </Button>
        <Flex align="center" gap={12} role="separator" style={{ color: token.colorTextSecondary }}>
          <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
          {t('auth.or')}
          <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
        </Flex>
        <form noValidate onSubmit={submit}>
          <Flex vertical gap={16}>
            <Field id="login-email" label={t('auth.email')} error={shownErrors.email && t(shownErrors.email)}>
              <Input
                id="login-email"
                name="email"
                type="email"
                autoComplete="username"
                prefix={<MailOutlined />}
                value={credentials.email}
                status={shownErrors.email ? 'error' : undefined}
                aria-invalid={shownErrors.email ? true : undefined}
                aria-describedby={shownErrors.email ? 'login-email-error' : undefined}
                onChange={(event) => setCredentials({ ...credentials, email: event.target.value })}
              />
            </Field>
            <Field
              id="login-password"
              label={t('auth.password')}
              error={shownErrors.password && t(shownErrors.password)}
            >
              <Password
                id="login-password"
                name="password"
                autoComplete="current-password"
                prefix={<LockOutlined />}
                value={credentials.password}
                status={shownErrors.password ? 'error' : undefined}
                aria-invalid={shownErrors.password ? true : undefined}
                aria-describedby={shownErrors.password ? 'login-password-error' : undefined}
                onChange={(event) => setCredentials({ ...credentials, password: event.target.value })}
              />
            </Field>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={busy === 'password'}
              disabled={busy !== null && busy !== 'password'}
              data-testid="form-submit"
            >
              {t('auth.signIn')}
            </Button>
          </Flex>
        </form>
        <Button type="link" style={{ padding: 0 }} loading={busy === 'reset'} onClick={() => void forgotPassword()}>
          {t('auth.forgotPassword')}
        </Button>
      </Flex>
    </AuthLayout>
  );
}
