// The login page's email and password form: a plain form rather than antd's Form (two fields do not justify its
// validation engine on the entry path), its errors shown once a submit was attempted, then following the typing.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Flex, theme } from 'antd';
// The two inputs alone: the `Input` namespace would bring its TextArea, Search and OTP to the entry path.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface Credentials {
  email: string;
  password: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Dictionary keys of the problems of each field (none: valid). */
export function credentialErrors({ email, password }: Credentials): Partial<Record<keyof Credentials, string>> {
  const trimmed = email.trim();
  return {
    ...(!trimmed ? { email: 'validation.required' } : !EMAIL.test(trimmed) && { email: 'validation.email' }),
    ...(!password && { password: 'validation.required' }),
  };
}

/** A labelled field of the sign-in forms (the portal's sign-up too), its error below it. */
export function Field({
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

/**
 * The two fields and Sign in. `onSignIn` gets valid credentials (the email trimmed); invalid ones focus the first
 * field in error instead.
 */
export function PasswordForm({
  credentials,
  onChange,
  loading,
  disabled,
  onSignIn,
}: {
  credentials: Credentials;
  onChange: (credentials: Credentials) => void;
  loading: boolean;
  disabled: boolean;
  onSignIn: (email: string, password: string) => void;
}) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const errors = credentialErrors(credentials);
  const shownErrors = submitted ? errors : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      document.getElementById(errors.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    onSignIn(credentials.email.trim(), credentials.password);
  }

  return (
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
            onChange={(event) => onChange({ ...credentials, email: event.target.value })}
          />
        </Field>
        <Field id="login-password" label={t('auth.password')} error={shownErrors.password && t(shownErrors.password)}>
          <Password
            id="login-password"
            name="password"
            autoComplete="current-password"
            prefix={<LockOutlined />}
            value={credentials.password}
            status={shownErrors.password ? 'error' : undefined}
            aria-invalid={shownErrors.password ? true : undefined}
            aria-describedby={shownErrors.password ? 'login-password-error' : undefined}
            onChange={(event) => onChange({ ...credentials, password: event.target.value })}
          />
        </Field>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={loading}
          disabled={disabled}
          data-testid="form-submit"
        >
          {t('auth.signIn')}
        </Button>
      </Flex>
    </form>
  );
}
