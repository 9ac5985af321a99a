// Keeps the signed-in person's users record in step with the web's language, which TrialDesk writes e-mail to them
// in: once after sign-in when the record says otherwise, then at each change of language.
import { useEffect } from 'react';
import { i18n, toLanguage, type Language } from '../i18n';
import { useAppSelector } from '../store';

/** The callable client loads with the signed-in screens, not with the login page. */
const callable = () => import('../api/callable').then((module) => module.callCallable);

/** Best effort: a language not saved on the account never stands in the way of the switch, and is only logged. */
const saveLanguage = (language: Language) =>
  callable()
    .then((call) => call('users-setLanguage', { language }))
    .catch((error: unknown) => console.warn('The language was not saved on the account', error));

const webLanguage = () => toLanguage(i18n.resolvedLanguage ?? i18n.language);

/** While someone is signed in: their record's language follows the web's (fire and forget). */
export function useLanguageSync(): void {
  const uid = useAppSelector((state) => state.auth.user?.id);
  useEffect(() => {
    if (!uid) return undefined;
    let signedIn = true;
    callable()
      .then((call) => call('users-me', {}))
      .then((me) => {
        if (signedIn && me.user && me.user.language !== webLanguage()) void saveLanguage(webLanguage());
      })
      .catch((error: unknown) => console.warn('The account’s language could not be read', error));
    const changed = (code: string) => void saveLanguage(toLanguage(code));
    i18n.on('languageChanged', changed);
    return () => {
      signedIn = false;
      i18n.off('languageChanged', changed);
    };
  }, [uid]);
}

/** The sync as a component that renders nothing: the shell loads it only once someone is signed in. */
export function LanguageSyncWhileSignedIn(): null {
  useLanguageSync();
  return null;
}
