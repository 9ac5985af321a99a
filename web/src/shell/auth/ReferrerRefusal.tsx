// The back office's refusal of a signed-in referring clinician (role User), with the way to the referral portal.
import { Alert, Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../core/auth/session';
import { addDictionaries } from '../../core/i18n/later';
import portalWords from '../../portal/words';
import { PORTAL_PATHS } from '../../portal/paths';
import { LinkButton } from '../../ui/LinkButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthLayout } from '../layout/AuthLayout';

addDictionaries(portalWords);

/** Shown instead of the back office to an approved referrer: the back office is the study teams'. */
export default function ReferrerRefusal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('portal.backOffice.referrerTitle'));
  return (
    <AuthLayout>
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="referrer-refused"
        title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('portal.backOffice.referrerTitle')}</h1>}
        description={
          <Flex vertical gap={12} align="flex-start">
            <span>{t('portal.backOffice.referrerText')}</span>
            <Flex gap={8} wrap>
              <LinkButton type="primary" to={PORTAL_PATHS.studies} data-testid="open-portal">
                {t('portal.backOffice.openPortal')}
              </LinkButton>
              <Button onClick={() => void logout().then(() => navigate('/auth/login', { replace: true }))}>
                {t('portal.signOut')}
              </Button>
            </Flex>
          </Flex>
        }
      />
    </AuthLayout>
  );
}
