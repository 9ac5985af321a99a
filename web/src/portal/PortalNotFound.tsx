// A portal address that leads nowhere: said in the portal's layout, with the way back to the recruiting studies.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../ui/LinkButton';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { PORTAL_PATHS } from './paths';

export default function PortalNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('portal.notFound'));
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('portal.notFound')}</h1>}
      extra={
        <LinkButton type="primary" to={PORTAL_PATHS.studies}>
          {t('portal.nav.studies')}
        </LinkButton>
      }
    />
  );
}
