import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** An error or information line of the login page (e.g. wrong password, reset e-mail sent). */
export default function LoginNotice({ type, messageKey }: { type: 'error' | 'info'; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={type}
      showIcon
      role={type === 'error' ? 'alert' : 'status'}
      title={t(messageKey)}
      data-testid="login-notice"
    />
  );
}
