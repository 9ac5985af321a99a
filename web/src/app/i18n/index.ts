import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { LANGUAGES, resources, toLanguage } from './resources';

/** Spec section 1: French is the fallback; local storage first, then the browser's language; saved to local storage. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'fr',
    detection: { order: ['localStorage', 'navigator'], caches: ['localStorage'] },
    interpolation: { escapeValue: false },
    // Resources are bundled: initialise synchronously so the first render is translated.
    initAsync: false,
  });

function applyLanguage(code: string) {
  const language = toLanguage(code);
  dayjs.locale(language);
  document.documentElement.lang = language;
}
applyLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', applyLanguage);

export { i18n };
export { toLanguage, type Language } from './resources';
