// Both languages' whole dictionaries for tests: the app's, shared messages merged in, and every `words.ts` of a part
// loaded after sign-in (the showcase's).
import { en } from '../src/core/i18n/en';
import { fr } from '../src/core/i18n/fr';
import { withSharedMessages } from '../src/core/i18n/languages';

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

/** Every words file, each `{ en, fr }` as its default export. */
const later = Object.values(
  import.meta.glob<{ en: Words; fr: Words }>('../src/**/words.ts', { eager: true, import: 'default' }),
);

const all = <T extends Words>(language: 'en' | 'fr', base: T): T =>
  later.reduce((words, extra) => merge(words, extra[language]), base);

/** Every word of both languages, as a signed-in page has them (the app loads one language at a time). */
export const resources = {
  en: { translation: all('en', withSharedMessages('en', en)) },
  fr: { translation: all('fr', withSharedMessages('fr', fr)) },
};
