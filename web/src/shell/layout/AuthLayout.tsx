// The layout of the public pages (login, support, data deletion): logo, language, theme, a centred panel.
import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_NAME } from '../../core/config';
import { LanguageSwitch, ThemeToggle } from './controls';
import { Logo } from './Logo';

/** Layout of the public pages (login, support, data deletion): brand, language and theme, a centred panel. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
      }}
    >
      <Flex component="header" justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Link to="/" aria-label={t('app.name')}>
          <Logo />
        </Link>
        <Flex gap={8} align="center">
          <LanguageSwitch />
          <ThemeToggle />
        </Flex>
      </Flex>
      <Flex
        component="main"
        id="main"
        flex="1 0 auto"
        justify="center"
        align={wide ? 'flex-start' : 'center'}
        style={{ padding: 24 }}
      >
        <div
          style={{
            width: '100%',
            maxWidth: wide ? 820 : 420,
            padding: wide ? '24px 32px' : 24,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          {children}
        </div>
      </Flex>
      <Flex component="footer" justify="center" gap={16} style={{ padding: 16 }}>
        <span style={{ color: token.colorTextSecondary }}>© {ORGANISATION_NAME}</span>
        <Link to="/support">{t('auth.support')}</Link>
      </Flex>
    </Flex>
  );
}
