// An error or information line of the login page (wrong password, reset e-mail sent, signed out idle).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** An error or information line of the login page (e.g. wrong password, reset e-mail sent, signed out idle). */
export default function LoginNotice({
  type,
  messageKey,
  params,
}: {
  type: 'error' | 'info';
  messageKey: string;
  params?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type={type}
      showIcon
      role={type === 'error' ? 'alert' : 'status'}
      title={t(messageKey, params)}
      data-testid="login-notice"
    />
  );
}
