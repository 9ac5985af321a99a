// Words that parts of the app loaded after sign-in add to both dictionaries (the login page carries none of them).
import { i18n, LANGUAGES, toLanguage, type Language } from '.';

type Words = { [key: string]: string | Words };
const later: Record<Language, Words>[] = [];

const add = (language: Language, words: Words) => i18n.addResourceBundle(language, 'translation', words, true, true);

// A dictionary loaded afterwards (a language switch) gets every word added so far.
i18n.on('loaded', (loaded: Record<string, unknown>) => {
  for (const code of Object.keys(loaded)) for (const words of later) add(toLanguage(code), words[toLanguage(code)]);
});

/** Adds words to both languages: at once to a dictionary already loaded, and to one that loads later. */
export function addDictionaries(words: Record<Language, Words>): void {
  // A chunk that loads again (another page of the same group) adds nothing new.
  if (later.includes(words)) return;
  later.push(words);
  for (const language of LANGUAGES) if (i18n.hasResourceBundle(language, 'translation')) add(language, words[language]);
}
