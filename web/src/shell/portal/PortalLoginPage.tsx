// The portal's sign-in (/refer/login): Microsoft or e-mail/password, or a new account; then, for someone not yet
// approved, what their standing calls for: the referrer's access request, the wait for approval, or the staff's
// refusal.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Flex, theme } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../core/store';
import { firebaseAuth } from '../../core/firebase';
import { safeRedirect } from '../../core/auth/redirect';
import {
  authErrorKey,
  releaseRefusedUser,
  signInWithMicrosoft,
  signInWithPassword,
  type SignInOutcome,
} from '../../core/auth/session';
import { signUpWithPassword } from '../../core/auth/signUp';
import type { Account } from '../../portal/access/AccessRequestForm';
import { portalTarget } from '../../portal/paths';
import type { CallError } from '../../core/api/callable';
import { PageLoading } from '../../ui/PageLoading';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { MicrosoftOr } from '../auth/MicrosoftOr';
import { PasswordForm, type Credentials } from '../auth/PasswordForm';
import { useSignIn } from '../auth/useSignIn';
import { SignUpForm } from './SignUpForm';

// What follows a sign-in loads with it: the page's first paint is the sign-in form alone.
const LoginNotice = lazy(() => import('../auth/LoginNotice'));
const StaffRefusal = lazy(() => import('../../portal/access/StaffRefusal'));
const Waiting = lazy(() => import('../../portal/access/Waiting'));
const AccessRequestForm = lazy(() => import('../../portal/access/AccessRequestForm'));

/** The sign-up's own failures; the rest as any sign-in's. */
function portalAuthErrorKey(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'auth/email-already-in-use') return 'portal.signUp.emailInUse';
  if (code === 'auth/weak-password') return 'portal.signUp.weakPassword';
  return authErrorKey(error);
}

/** Where a refused person stands, read from their users record (users-me) while the sign-in holds them. */
type Standing =
  | { kind: 'checking' }
  | { kind: 'request'; account: Account }
  | { kind: 'waiting' }
  | { kind: 'staff' }
  | { kind: 'failed'; error: Pick<CallError, 'key' | 'params'> };

function useStanding(refused: boolean): Standing | null {
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => {
    if (!refused) {
      setStanding(null);
      return;
    }
    let current = true;
    setStanding({ kind: 'checking' });
    void (async () => {
      // Until the callable client loads, a failure is the network's.
      let toError = (_error: unknown): Pick<CallError, 'key' | 'params'> => ({ key: 'errors.network' });
      try {
        const { callCallable, toCallError } = await import('../../core/api/callable');
        toError = toCallError;
        const me = await callCallable('users-me', {});
        if (!current) return;
        const record = me.user;
        if (!record) {
          const account = firebaseAuth().currentUser;
          setStanding({ kind: 'request', account: { name: account?.displayName ?? '', email: me.email ?? '' } });
        } else if (record.role === 'User') {
          // Nothing to do here until an Admin approves: the hold ends.
          setStanding({ kind: 'waiting' });
          await releaseRefusedUser();
        } else {
          setStanding({ kind: 'staff' });
        }
      } catch (error) {
        if (current) setStanding({ kind: 'failed', error: toError(error) });
      }
    })();
    return () => {
      current = false;
    };
  }, [refused]);
  return standing;
}

export default function PortalLoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const user = useAppSelector((state) => state.auth.user);
  const target = portalTarget(safeRedirect(params.get('redirectTo')));
  const { busy, shownNotice, refused, requestState, requestError, run, requestAccess, forgotPassword } = useSignIn(
    target,
    portalAuthErrorKey,
  );
  const standing = useStanding(refused);
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  // "Back to sign in" from the outcome of an attempt, until the next one.
  const [dismissed, setDismissed] = useState(false);
  useDocumentTitle(t('portal.login.title'));

  if (user && !refused) return <Navigate to={target} replace />;

  const attempt = (kind: 'microsoft' | 'password', signIn: () => Promise<SignInOutcome>) => {
    setDismissed(false);
    void run(kind, signIn);
  };
  // Back to the sign-in form (not the sign-up the person may have come from: their account exists now).
  const back = () => {
    setDismissed(true);
    setMode('signIn');
  };
  const frame = (content: React.ReactNode) => (
    <Flex justify="center">
      <div
        style={{
          width: '100%',
          maxWidth: 460,
          padding: 24,
          boxSizing: 'border-box',
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Suspense>{content}</Suspense>
      </div>
    </Flex>
  );

  if (!dismissed && (refused || requestState === 'sent')) {
    if (requestState === 'sent' || standing?.kind === 'waiting') return frame(<Waiting onBack={back} />);
    if (standing?.kind === 'staff') return frame(<StaffRefusal onSignedOut={back} />);
    if (standing?.kind === 'request') {
      return frame(
        <AccessRequestForm
          account={standing.account}
          sending={requestState === 'sending'}
          error={requestError}
          onRequest={(request) => void requestAccess(request)}
        />,
      );
    }
    if (standing?.kind === 'failed') {
      return frame(
        <Flex vertical gap={16}>
          <LoginNotice type="error" messageKey={standing.error.key} params={standing.error.params} />
          <Button onClick={back}>{t('portal.waiting.back')}</Button>
        </Flex>,
      );
    }
    return frame(<PageLoading />);
  }

  return frame(
    <Flex vertical gap={16}>
      <div>
        <h1 style={{ fontSize: 24, margin: '0 0 4px', color: token.colorTextHeading }}>
          {mode === 'signIn' ? t('portal.login.title') : t('portal.signUp.title')}
        </h1>
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('portal.login.subtitle')}</p>
      </div>
      {shownNotice && <LoginNotice type={shownNotice.type} messageKey={shownNotice.key} params={shownNotice.params} />}
      <MicrosoftOr
        loading={busy === 'microsoft'}
        disabled={busy !== null && busy !== 'microsoft'}
        onClick={() => attempt('microsoft', signInWithMicrosoft)}
      />
      {mode === 'signIn' ? (
        <>
          <PasswordForm
            credentials={credentials}
            onChange={setCredentials}
            loading={busy === 'password'}
            disabled={busy !== null && busy !== 'password'}
            onSignIn={(email, password) => attempt('password', () => signInWithPassword(email, password))}
          />
          <Button
            type="link"
            style={{ padding: 0, alignSelf: 'flex-start' }}
            loading={busy === 'reset'}
            onClick={() => void forgotPassword(credentials.email.trim())}
          >
            {t('auth.forgotPassword')}
          </Button>
        </>
      ) : (
        <SignUpForm
          loading={busy === 'password'}
          disabled={busy !== null && busy !== 'password'}
          onSignUp={({ name, email, password }) => attempt('password', () => signUpWithPassword(name, email, password))}
        />
      )}
      <Flex gap={4} wrap align="center" style={{ borderTop: `1px solid ${token.colorSplit}`, paddingTop: 12 }}>
        <span>{mode === 'signIn' ? t('portal.login.newHere') : t('portal.login.haveAccount')}</span>
        <Button
          type="link"
          style={{ padding: '0 4px', minHeight: 44 }}
          data-testid={mode === 'signIn' ? 'show-signup' : 'show-signin'}
          onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}
        >
          {mode === 'signIn' ? t('portal.login.createAccount') : t('portal.login.signIn')}
        </Button>
      </Flex>
    </Flex>,
  );
}
