// LanguageSync: the signed-in person's account follows the web's language (for the e-mail TrialDesk writes them).
import { useLanguageSync } from '../core/auth/languageSync';

/** Renders nothing: mounted once beside the auth listener, for the back office and the portal alike. */
export function LanguageSync() {
  useLanguageSync();
  return null;
}
