import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, theme } from 'antd';
import { LockOutlined, MailOutlined, WindowsFilled } from '@ant-design/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { callCallable } from '../api/callable';
import { AuthLayout } from '../layout/AuthLayout';
import { useAppDispatch, useAppSelector } from '../store';
import { AccessRefusedAlert, type RequestState } from './AccessRefusedAlert';
import { signedIn } from './authSlice';
import { safeRedirect } from './redirect';
import {
  authErrorKey,
  releaseRefusedUser,
  sendPasswordReset,
  signInWithMicrosoft,
  signInWithPassword,
  type SignInOutcome,
} from './session';

interface Credentials {
  email: string;
  password: string;
}

type Notice = { type: 'error' | 'info'; key: string } | null;

export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useAppSelector((state) => state.auth.user);
  const [form] = Form.useForm<Credentials>();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState<'microsoft' | 'password' | 'reset' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [refused, setRefused] = useState(false);
  const [requestState, setRequestState] = useState<RequestState>('idle');
  const target = safeRedirect(params.get('redirectTo'));

  // A refused person is held signed in only while this page offers "Request access".
  useEffect(() => () => void releaseRefusedUser(), []);

  if (user && !refused) return <Navigate to={target} replace />;

  async function run(kind: 'microsoft' | 'password', signIn: () => Promise<SignInOutcome>) {
    setBusy(kind);
    setNotice(null);
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
      await callCallable('users-requestAccess', {});
      setRequestState('sent');
      await releaseRefusedUser();
    } catch {
      setRequestState('failed');
    }
  }

  async function forgotPassword() {
    const email: string = (form.getFieldValue('email') ?? '').trim();
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
        {refused && <AccessRefusedAlert state={requestState} onRequestAccess={() => void requestAccess()} />}
        {notice && (
          <Alert
            type={notice.type}
            showIcon
            role={notice.type === 'error' ? 'alert' : 'status'}
            title={t(notice.key)}
            data-testid="login-notice"
          />
        )}
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
        <Divider plain style={{ margin: 0 }}>
          {t('auth.or')}
        </Divider>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ email, password }) => void run('password', () => signInWithPassword(email.trim(), password))}
        >
          <Form.Item
            label={t('auth.email')}
            name="email"
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { type: 'email', message: t('validation.email') },
            ]}
          >
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" />
          </Form.Item>
          <Form.Item
            label={t('auth.password')}
            name="password"
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
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
        </Form>
        <Button type="link" style={{ padding: 0 }} loading={busy === 'reset'} onClick={() => void forgotPassword()}>
          {t('auth.forgotPassword')}
        </Button>
      </Flex>
    </AuthLayout>
  );
}
