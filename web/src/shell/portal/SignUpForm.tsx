// The portal's sign-up: a name, an e-mail address and a new password, checked as the sign-in form checks its own
// (its fields and rules reused), then an account made in Firebase Auth.
import { useState, type FormEvent } from 'react';
import { Button, Flex, theme } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@trialdesk/shared';
import { credentialErrors, Field } from '../auth/PasswordForm';

export interface SignUp {
  name: string;
  email: string;
  password: string;
}

type Problem = { key: string; params?: Record<string, number> };

/** The problems of each field (none: valid). */
export function signUpErrors(values: SignUp): Partial<Record<keyof SignUp, Problem>> {
  const { email, password } = credentialErrors(values);
  const name = values.name.trim();
  return {
    ...(!name
      ? { name: { key: 'validation.required' } }
      : name.length > LIMITS.nameMax && { name: { key: 'validation.maxLength', params: { max: LIMITS.nameMax } } }),
    ...(email && { email: { key: email } }),
    ...(password
      ? { password: { key: password } }
      : values.password.length < LIMITS.passwordMin && {
          password: { key: 'validation.minLength', params: { min: LIMITS.passwordMin } },
        }),
  };
}

const FIELDS = ['name', 'email', 'password'] as const;

/** The three fields and Create the account; `onSignUp` gets valid values (name and e-mail trimmed). */
export function SignUpForm({
  loading,
  disabled,
  onSignUp,
}: {
  loading: boolean;
  disabled: boolean;
  onSignUp: (values: SignUp) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [values, setValues] = useState<SignUp>({ name: '', email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = signUpErrors(values);
  const shown = submitted ? errors : {};
  const error = (field: keyof SignUp) => shown[field] && t(shown[field].key, shown[field].params);
  const input = (field: keyof SignUp) => ({
    id: `signup-${field}`,
    name: field,
    value: values[field],
    status: shown[field] ? ('error' as const) : undefined,
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': shown[field] ? `signup-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      document.getElementById(`signup-${first}`)?.focus();
      return;
    }
    onSignUp({ name: values.name.trim(), email: values.email.trim(), password: values.password });
  }

  return (
    <form noValidate onSubmit={submit} data-testid="signup-form">
      <Flex vertical gap={16}>
        <Field id="signup-name" label={t('portal.signUp.name')} error={error('name')}>
          <Input {...input('name')} autoComplete="name" prefix={<UserOutlined />} maxLength={LIMITS.nameMax} />
        </Field>
        <Field id="signup-email" label={t('auth.email')} error={error('email')}>
          <Input {...input('email')} type="email" autoComplete="email" prefix={<MailOutlined />} />
        </Field>
        <Field id="signup-password" label={t('portal.signUp.password')} error={error('password')}>
          <Password {...input('password')} autoComplete="new-password" prefix={<LockOutlined />} />
          <span id="signup-password-help" style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
            {t('portal.signUp.passwordHelp', { min: LIMITS.passwordMin })}
          </span>
        </Field>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={loading}
          disabled={disabled}
          data-testid="signup-submit"
        >
          {t('portal.signUp.submit')}
        </Button>
      </Flex>
    </form>
  );
}
