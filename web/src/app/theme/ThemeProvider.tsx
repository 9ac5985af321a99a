import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store';
import { toLanguage } from '../i18n/languages';

/** antd theme (light/dark algorithm, primary colour) and locale, following the store and the i18n language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { mode, primaryColor } = useAppSelector((state) => state.theme);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={language === 'fr' ? frFR : enUS}
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: primaryColor, borderRadius: 8 },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
