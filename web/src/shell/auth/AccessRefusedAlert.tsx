// The 403 alert for a signed-in person refused the back office, with its "Request access" button and the way to the
// referral portal (for referring clinicians, who never get the back office).
import { Alert, Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDictionaries } from '../../core/i18n/later';
import portalWords from '../../portal/words';
import { PORTAL_PATHS } from '../../portal/paths';
import { LinkButton } from '../../ui/LinkButton';

// Loaded with the alert only: the login page's first paint carries none of the portal's words.
addDictionaries(portalWords);

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
          {/* A button, not a link in the text: it reads on the alert's tint in both themes, by more than colour. */}
          <Flex vertical gap={8} align="flex-start" data-testid="portal-hint">
            <span>{t('portal.backOffice.portalHint')}</span>
            <LinkButton to={PORTAL_PATHS.login}>{t('portal.backOffice.openPortal')}</LinkButton>
          </Flex>
        </Flex>
      }
    />
  );
}
