// i18next set up: the detected language, dictionaries loaded one chunk each, the choice saved and applied.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  detectLanguage,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  toLanguage,
  withSharedMessages,
  type Language,
} from './languages';

// Each dictionary is its own chunk: a page loads only the language it shows.
const dictionaries: Record<Language, () => Promise<Parameters<typeof withSharedMessages>[1]>> = {
  en: () => import('./en').then((module) => module.en),
  fr: () => import('./fr').then((module) => module.fr),
};

const lazyDictionaries: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const code = toLanguage(language);
    dictionaries[code]().then(
      (dictionary) => done(null, withSharedMessages(code, dictionary)),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyLanguage(code: string) {
  const language = toLanguage(code);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
i18n.on('languageChanged', applyLanguage);

/** Resolves once the detected language's dictionary is loaded: render after it, so the first paint is translated. */
export const i18nReady = i18n
  .use(lazyDictionaries)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(storedLanguage(), navigator.languages ?? [navigator.language]),
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // French is the fallback language (detectLanguage); the two dictionaries have the same keys (test), so a
    // per-key fallback never applies and English pages need not load the French dictionary.
    fallbackLng: { en: [], default: [FALLBACK_LANGUAGE] },
    interpolation: { escapeValue: false },
  });

export { i18n };
export { LANGUAGES, toLanguage, type Language } from './languages';
