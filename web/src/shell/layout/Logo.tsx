// The app's logo: its SVG mark and, unless compact, its translated name.
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={10}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={token.colorPrimary} />
        <path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#fff" />
      </svg>
      {!compact && <span style={{ fontSize: 18, fontWeight: 600, color: token.colorText }}>{t('app.name')}</span>}
    </Flex>
  );
}
