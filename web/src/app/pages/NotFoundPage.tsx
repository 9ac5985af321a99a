import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.notFoundTitle')}</h1>}
      subTitle={t('pages.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('app.home')}</Button>
        </Link>
      }
    />
  );
}
