// App Check in the browser: reCAPTCHA Enterprise in production, the local stack's debug-token exchange on the
// emulators; started once, before the first call, so every callable, upload and download carries a token.
import type { FirebaseApp } from 'firebase/app';
import type { AppCheck, AppCheckTokenResult, CustomProviderOptions } from 'firebase/app-check';

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
  const { projectId, appId, apiKey } = app.options;
  const url = `${local.url}/v1/projects/${projectId}/apps/${appId}:exchangeDebugToken?key=${apiKey}`;
  return async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ debug_token: local.debugToken }),
    });
    if (!response.ok) throw new Error(`App Check exchange refused (${response.status})`);
    const { token, ttl } = (await response.json()) as { token: string; ttl: string };
    // ttl is a protobuf Duration ("3600s").
    return { token, expireTimeMillis: Date.now() + Number.parseFloat(ttl) * 1000 };
  };
}

let appCheck: Promise<AppCheck> | undefined;

/**
 * App Check on `app`, started on first use (its SDK stays off the login route): the local stack's exchange when
 * `local` is given, else reCAPTCHA Enterprise with the build's site key (VITE_APP_CHECK_SITE_KEY).
 */
export function startAppCheck(app: FirebaseApp, local: LocalAppCheck | null): Promise<AppCheck> {
  appCheck ??= import('firebase/app-check').then(
    ({ CustomProvider, ReCaptchaEnterpriseProvider, initializeAppCheck }) => {
      const provider = local
        ? new CustomProvider({ getToken: debugExchange(app, local) })
        : new ReCaptchaEnterpriseProvider(import.meta.env.VITE_APP_CHECK_SITE_KEY ?? '');
      return initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: true });
    },
  );
  return appCheck;
}

/**
 * The current App Check token of `appCheck` for a request the SDKs do not make (files-download), or null when none
 * could be had: the request then goes without one, as the Functions SDK sends a callable, and the server decides.
 */
export async function appCheckToken(appCheck: AppCheck): Promise<string | null> {
  const { getToken } = await import('firebase/app-check');
  return getToken(appCheck).then(
    (result: AppCheckTokenResult) => result.token,
    () => null,
  );
}
