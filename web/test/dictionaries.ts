// Both language dictionaries at once, shared messages merged in, for tests.
import { en } from './en';
import { fr } from './fr';
import { withSharedMessages } from './languages';

/** Both dictionaries at once (tests); the app loads only the language in use (index.ts). */
export const resources = {
  en: { translation: withSharedMessages('en', en) },
  fr: { translation: withSharedMessages('fr', fr) },
};
