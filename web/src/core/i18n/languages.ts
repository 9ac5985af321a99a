// The interface languages: detection (saved choice, browser, French fallback) and merging the shared messages.
import { messages } from '@trialdesk/shared';
import type { Dictionary } from './en';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** French is the fallback. */
export const FALLBACK_LANGUAGE: Language = 'fr';
/** Where the choice is saved (the key i18next's browser detector uses, so earlier choices are kept). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function toLanguage(code: string | undefined): Language {
  return code?.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

const supported = (code: string | null | undefined): Language | undefined => {
  const primary = code?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
};

/** The saved choice first, then the browser's languages in order, else French. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  return supported(stored) ?? browser.map(supported).find(Boolean) ?? FALLBACK_LANGUAGE;
}

/** A web dictionary with the server's validation and error messages merged in (one source for both). */
export function withSharedMessages(language: Language, dictionary: Dictionary) {
  const shared = messages[language];
  return { ...dictionary, validation: shared.validation, errors: { ...shared.errors, ...dictionary.errors } };
}
