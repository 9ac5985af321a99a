// The fallback shown while a screen's code loads: a CSS spinner and "Loading".
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The fallback while a screen's code loads: a CSS spinner, so the entry does not carry antd's Spin. */
export function PageLoading() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      justify="center"
      align="center"
      gap={12}
      style={{ minHeight: 240, color: token.colorTextSecondary }}
      role="status"
      aria-live="polite"
    >
      <span
        className="page-spinner"
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
      {t('app.loading')}
    </Flex>
  );
}
