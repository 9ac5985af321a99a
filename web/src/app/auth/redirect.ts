export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/';

/**
 * Where to go after sign-in: `redirectTo` only when it is an internal path of this app (a single leading `/`, no
 * scheme, no protocol-relative `//`, no backslash, no control characters); home otherwise. Prevents open redirects.
 */
export function safeRedirect(redirectTo: string | null | undefined): string {
  if (!redirectTo || redirectTo.length > 2000) return HOME_PATH;
  if (!redirectTo.startsWith('/') || redirectTo.startsWith('//')) return HOME_PATH;
  // Browsers treat `\` like `/` and drop tabs and newlines: `/\evil.com` and `/\t/evil.com` leave the site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(redirectTo)) return HOME_PATH;
  if (redirectTo === LOGIN_PATH || redirectTo.startsWith(`${LOGIN_PATH}?`) || redirectTo.startsWith(`${LOGIN_PATH}/`))
    return HOME_PATH;
  try {
    // Resolved against a dummy origin, an internal path keeps that origin.
    const url = new URL(redirectTo, 'https://trialdesk.invalid');
    if (url.origin !== 'https://trialdesk.invalid') return HOME_PATH;
    return url.pathname + url.search + url.hash;
  } catch {
    return HOME_PATH;
  }
}

/** The login address for a protected location. */
export function loginPathFor(pathAndSearch: string): string {
  return `${LOGIN_PATH}?redirectTo=${encodeURIComponent(pathAndSearch)}`;
}
