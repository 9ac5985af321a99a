// The 403 page shown on a screen the signed-in role may not open, with a link home.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** Shown on a screen the signed-in role may not open (an Editor on /app/users). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.forbiddenTitle'));
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.forbiddenTitle')}</h1>}
      subTitle={t('errors.permissionDenied')}
      data-testid="forbidden"
      extra={
        <LinkButton to="/" type="primary">
          {t('app.home')}
        </LinkButton>
      }
    />
  );
}
