// LanguageSync: the signed-in person's account follows the web's language (for the e-mail TrialDesk writes them).
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../core/store';

// Its code loads once someone is signed in: the sign-in pages do without it (their size budget).
const Sync = lazy(() =>
  import('../core/auth/languageSync').then((module) => ({ default: module.LanguageSyncWhileSignedIn })),
);

/** Renders nothing: mounted once beside the auth listener, for the back office and the portal alike. */
export function LanguageSync() {
  const signedIn = useAppSelector((state) => Boolean(state.auth.user?.id));
  return signedIn ? (
    <Suspense fallback={null}>
      <Sync />
    </Suspense>
  ) : null;
}
