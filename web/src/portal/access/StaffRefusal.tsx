// The portal's refusal of study team staff (Admins and Editors): the portal is the referring clinicians', the back
// office is theirs.
import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_PATH } from '../../core/config';
import { logout } from '../../core/auth/session';
import { LinkButton } from '../../ui/LinkButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PORTAL_PATHS } from '../paths';

/** Shown to staff, signed in or refused at the portal's sign-in; `onSignedOut` runs once Sign out is done. */
export default function StaffRefusal({ onSignedOut }: { onSignedOut?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('portal.staff.title'));
  return (
    <Result
      status="403"
      data-testid="staff-refused"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('portal.staff.title')}</h1>}
      subTitle={t('portal.staff.text')}
      extra={
        <Flex gap={8} wrap justify="center">
          <LinkButton type="primary" size="large" to={APP_PATH} data-testid="open-back-office">
            {t('portal.staff.open')}
          </LinkButton>
          <Button
            size="large"
            onClick={() =>
              void logout().then(() => (onSignedOut ? onSignedOut() : navigate(PORTAL_PATHS.login, { replace: true })))
            }
          >
            {t('portal.signOut')}
          </Button>
        </Flex>
      }
    />
  );
}
