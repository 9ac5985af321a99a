import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store';
import { toLanguage } from '../i18n/languages';

const shade7 = (colours: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(colours).flatMap(([name, hex]) => [
      [`${name}7`, hex],
      [`${name}-7`, hex],
    ]),
  );

/**
 * Text colours antd derives below WCAG AA contrast (4.5:1) on its own backgrounds, as axe-core finds them
 * (e2e/test/screens.test.ts): links (#1677ff), placeholders, descriptions, danger text, status tags and, in dark
 * mode, the selected menu entry. The primary colour itself passes on white, so light links take it.
 */
function contrastTokens(mode: 'light' | 'dark', primaryColor: string) {
  return mode === 'light'
    ? {
        token: {
          colorLink: primaryColor,
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
          colorTextDescription: 'rgba(0, 0, 0, 0.56)',
          colorError: '#cf1322',
          // Status tags write in shade 7 of their colour on shade 1: darker shades where that falls short. antd
          // fills the CSS variable --ant-<colour>-7 from both spellings of the key, so both are set.
          ...shade7({ green: '#237804', gold: '#874d00', orange: '#ad4e00' }),
        },
        components: {},
      }
    : {
        token: {
          colorLink: '#8ea1ff',
          colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
          colorTextDescription: 'rgba(255, 255, 255, 0.55)',
          colorError: '#ff7875',
          ...shade7({ purple: '#ab7ae0' }),
        },
        components: { Menu: { itemSelectedColor: '#b4c0ff' } },
      };
}

/** antd theme (light/dark algorithm, primary colour) and locale, following the store and the i18n language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { mode, primaryColor } = useAppSelector((state) => state.theme);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const contrast = contrastTokens(mode, primaryColor);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={language === 'fr' ? frFR : enUS}
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: primaryColor, borderRadius: 8, ...contrast.token },
        components: contrast.components,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
