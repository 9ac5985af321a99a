// App Check in the browser: reCAPTCHA Enterprise in production, the local stack's debug-token exchange on the
// emulators; started once, before the first call, so every callable, upload and download carries a token. Loaded
// with it (core/firebase.ts): the login route carries none of this.
import type { FirebaseApp } from 'firebase/app';
import {
  CustomProvider,
  getToken,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
  type CustomProviderOptions,
} from 'firebase/app-check';
import { exchangeDebugToken } from '@trialdesk/shared';

/** Where the local stack exchanges its debug token (its emulators.json; docs/operations.md, "App Check"). */
export interface LocalAppCheck {
  /** The stack's stand-in of https://content-firebaseappcheck.googleapis.com. */
  url: string;
  debugToken: string;
}

/**
 * The local stack's provider: the debug token exchanged at the stack's stand-in, with the request and answer of App
 * Check's `exchangeDebugToken`. The SDK's own debug provider sends it to Google's endpoint only, which a machine
 * without the Internet cannot reach (docs/decisions.md, "App Check on the local stack").
 */
export function debugExchange(app: FirebaseApp, local: LocalAppCheck): CustomProviderOptions['getToken'] {
  const { projectId = '', appId, apiKey } = app.options;
  return () => exchangeDebugToken(local.url, { projectId, appId: appId ?? '', apiKey, debugToken: local.debugToken });
}

/**
 * App Check on `app`: the local stack's exchange when `local` is given, else reCAPTCHA Enterprise with the build's
 * site key (VITE_APP_CHECK_SITE_KEY). Call it once (core/firebase.ts keeps the instance).
 */
export function startAppCheck(app: FirebaseApp, local: LocalAppCheck | null): AppCheck {
  const provider = local
    ? new CustomProvider({ getToken: debugExchange(app, local) })
    : new ReCaptchaEnterpriseProvider(import.meta.env.VITE_APP_CHECK_SITE_KEY ?? '');
  return initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: true });
}

/**
 * The current App Check token of `appCheck` for a request the SDKs do not make (files-download), or null when none
 * could be had: the request then goes without one, as the Functions SDK sends a callable, and the server decides.
 */
export function appCheckToken(appCheck: AppCheck): Promise<string | null> {
  return getToken(appCheck).then(
    (result) => result.token,
    () => null,
  );
}
