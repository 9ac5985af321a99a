// Where sign-in leads: the login address of a protected location, and the check of its `redirectTo`.
export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/';
/** The referral portal's sign-in (and sign-up, and access request): see web/src/portal. */
export const PORTAL_LOGIN_PATH = '/refer/login';

/** Pages anyone may open (and the login page itself): never a destination after sign-in. */
const PUBLIC_PATH = /^\/(auth(\/|$)|refer\/login(\/|$)|support\/?$|data-deletion-request\/?$)/;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The path as the router reads it: percent-decoded (repeatedly, so `%252F` counts too); null when malformed. */
function decodedPath(pathname: string): string | null {
  let path = pathname;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (next === path) return path;
    path = next;
  }
  return path;
}

/**
 * Where to go after sign-in: `redirectTo` resolved against this app's origin, honoured only when it stays on that
 * origin, leads to a signed-in screen (not a public page) and cannot be read as another host: no backslash or
 * control character (browsers read `\` as `/` and drop tabs and newlines), no `//` once dot segments are resolved
 * (`/..//evil.example` becomes `//evil.example`) or once percent-decoded (`/%2F%2Fevil.example`). Home otherwise.
 */
export function safeRedirect(redirectTo: string | null | undefined, origin: string = window.location.origin): string {
  if (!redirectTo || redirectTo.length > 2000) return HOME_PATH;
  if (redirectTo.includes('\\') || CONTROL.test(redirectTo)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(redirectTo, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== origin) return HOME_PATH;
  const path = decodedPath(url.pathname);
  if (path === null || path.includes('//') || path.includes('\\') || CONTROL.test(path)) return HOME_PATH;
  // The router matches paths without regard to case.
  if (PUBLIC_PATH.test(path.toLowerCase())) return HOME_PATH;
  const target = url.pathname + url.search + url.hash;
  // What the router gets must resolve to the same place again (no second reading that leaves the origin).
  const again = new URL(target, origin);
  return again.origin === origin && again.href === url.href ? target : HOME_PATH;
}

/** The login address (the back office's, or the portal's) for a protected location. */
export function loginPathFor(pathAndSearch: string, login: string = LOGIN_PATH): string {
  return `${login}?redirectTo=${encodeURIComponent(pathAndSearch)}`;
}
