// The 403 alert for a signed-in person refused the back office, with its "Request access" button.
import { Alert, Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export type RequestState = 'idle' | 'sending' | 'sent' | 'failed';

/** The 403 shown to a signed-in person who may not use the back office, with "Request access". */
export function AccessRefusedAlert({ state, onRequestAccess }: { state: RequestState; onRequestAccess: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (state === 'sent') {
    return <Alert type="success" showIcon role="status" title={t('auth.requestSent')} data-testid="request-sent" />;
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="access-refused"
      title={t('errors.permissionDenied')}
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>{t('auth.refusedHelp')}</span>
          {state === 'failed' && <span style={{ color: token.colorError }}>{t('auth.requestFailed')}</span>}
          <Button type="primary" loading={state === 'sending'} onClick={onRequestAccess} data-testid="request-access">
            {t('auth.requestAccess')}
          </Button>
        </Flex>
      }
    />
  );
}
