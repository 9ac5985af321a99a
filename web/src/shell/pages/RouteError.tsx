// The screen shown when a route fails to load or crashes, with a Reload button.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen that failed to load or crashed (e.g. a chunk missing after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} role="alert">
      <h1 style={{ fontSize: 22, margin: 0 }}>{t('pages.crashed')}</h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </Flex>
  );
}
