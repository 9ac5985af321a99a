import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-live="polite">
      <Spin description={t('app.loading')} />
    </Flex>
  );
}
