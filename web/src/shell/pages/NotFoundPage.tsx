// The 404 page: a not-found message and a link home.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notFoundTitle'));
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.notFoundTitle')}</h1>}
      subTitle={t('pages.notFound')}
      extra={
        <LinkButton to="/" type="primary">
          {t('app.home')}
        </LinkButton>
      }
    />
  );
}
