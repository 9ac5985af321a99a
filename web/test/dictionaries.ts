// Both languages' whole dictionaries for tests: the app's, shared messages merged in, and the showcase's words.
import { en } from '../src/core/i18n/en';
import { fr } from '../src/core/i18n/fr';
import { withSharedMessages } from '../src/core/i18n/languages';
import { showcaseDictionaries } from '../src/resources/ecommerce/words';

type Words = { [key: string]: unknown };

/** `base` with `extra`'s words added, deep (as i18next's addResourceBundle merges them). */
function merge<T extends Words>(base: T, extra: Words): T {
  const out: Words = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      typeof value === 'object' && value !== null && typeof current === 'object' && current !== null
        ? merge(current as Words, value as Words)
        : value;
  }
  return out as T;
}

/** Every word of both languages, as a signed-in page has them (the app loads one language at a time). */
export const resources = {
  en: { translation: merge(withSharedMessages('en', en), showcaseDictionaries.en) },
  fr: { translation: merge(withSharedMessages('fr', fr), showcaseDictionaries.fr) },
};
