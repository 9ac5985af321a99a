// The record of an edit screen: loading, not found, a load error with Retry, or the screen itself.
import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from './PageLoading';
import type { CallError } from '../core/api/callable';
import { LoadError } from './ListError';
import { LinkButton } from './LinkButton';

/** The record of an edit screen: loading, not found, failed with Retry, or the screen. */
export function RecordLoader({
  query,
  children,
}: {
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <PageLoading />;
  if (query.error) {
    if ((query.error as CallError).code === 'not-found')
      return (
        <Result
          status="404"
          title={t('form.notFound')}
          extra={
            <LinkButton to="/" type="primary">
              {t('app.home')}
            </LinkButton>
          }
        />
      );
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return children;
}
