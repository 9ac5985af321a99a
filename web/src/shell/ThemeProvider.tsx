// antd's theme and locale following the store and language, with colours raised to WCAG AA contrast.
import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd's components fall back to its English texts anyway (they import them): no extra weight.
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../core/store';
import { toLanguage, type Language } from '../core/i18n/languages';
import { REDUCED_MOTION, useMediaQuery } from '../ui/useMediaQuery';

let frFR: Locale | undefined;

/**
 * antd's own texts (pickers, pagination) in the interface language. The French ones load after the first paint:
 * the login page shows none of them, so its bundle does not carry them. The English ones stand in meanwhile (a
 * locale is always given: antd wraps its children only when one is, and a new wrapper would reset every form).
 */
function useAntdLocale(language: Language): Locale {
  const [french, setFrench] = useState(frFR);
  useEffect(() => {
    if (language !== 'fr' || french) return;
    let current = true;
    import('antd/es/locale/fr_FR').then(
      ({ default: locale }) => {
        frFR = locale;
        if (current) setFrench(locale);
      },
      (error: unknown) => console.error('Could not load the French texts of antd', error),
    );
    return () => {
      current = false;
    };
  }, [language, french]);
  return language === 'fr' && french ? french : enUS;
}

const shade7 = (colours: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(colours).flatMap(([name, hex]) => [
      [`${name}7`, hex],
      [`${name}-7`, hex],
    ]),
  );

/**
 * Text colours antd derives below WCAG AA contrast (4.5:1) on its own backgrounds, as axe-core finds them
 * (e2e/test/screens.test.ts): links (#1677ff), placeholders, descriptions, danger text, status tags, a hovered
 * default button and, in dark mode, the selected menu entry. The primary colour itself passes on white, so light
 * links take it.
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
        components: {
          // Description labels (the user's sign-in facts) default to the tertiary text colour.
          Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
          // A hovered default button writes in the primary colour's lighter hover shade (3.3:1 on white).
          Button: { defaultHoverColor: primaryColor, defaultHoverBorderColor: primaryColor },
        },
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

/**
 * antd theme (light/dark algorithm, primary colour, no transitions for a person who asked their system for less
 * motion) and locale, following the store, the i18n language and the system setting.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { mode, primaryColor } = useAppSelector((state) => state.theme);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const contrast = contrastTokens(mode, primaryColor);
  const locale = useAntdLocale(language);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={locale}
      // A virtual dropdown list tells screen readers its options through a hidden copy that holds each option's
      // raw value ("Recruiting", "title:asc") beside its label: the plain list gives them the label alone. Our
      // dropdowns hold tens of options at most.
      virtual={false}
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: primaryColor, borderRadius: 8, motion: !reducedMotion, ...contrast.token },
        components: contrast.components,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
