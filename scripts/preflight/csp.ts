// The preflight's CSP check: the Content-Security-Policy Hosting sends with the web build (firebase.json) lets the
// app reach the production services it calls and nothing on a developer's machine.
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import type { FirebaseJson } from './files.js';
import type { Problem } from './report.js';

type Policy = Map<string, string[]>;

export function parsePolicy(value: string): Policy {
  const policy: Policy = new Map();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !policy.has(name.toLowerCase())) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** The sources a fetch of `directive` is checked against, with CSP 3's fallbacks. */
function sourcesOf(policy: Policy, directive: string): string[] {
  const chain = directive === 'frame-src' ? ['frame-src', 'child-src', 'default-src'] : [directive, 'default-src'];
  for (const name of chain) if (policy.has(name)) return policy.get(name)!;
  return [];
}

/** Whether one source expression allows `url`, for the app served at `appOrigin` ('self'). */
export function sourceAllows(source: string, url: URL, appOrigin?: string): boolean {
  if (source === "'self'") return url.origin === appOrigin;
  if (source.startsWith("'")) return false;
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase();
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^/:]+|[^/:*]+)(?::(\d+|\*))?(\/.*)?$/i.exec(source);
  if (!match) return false;
  const [, scheme, host, port, path] = match;
  if ((scheme ? `${scheme.toLowerCase()}:` : 'https:') !== url.protocol) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host.toLowerCase();
  if (wanted === '*') {
    // matches any host
  } else if (wanted.startsWith('*.')) {
    if (!hostname.endsWith(wanted.slice(1))) return false;
  } else if (hostname !== wanted) return false;
  if (port && port !== '*' && port !== (url.port || '443')) return false;
  if (!path) return true;
  return path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path;
}

/** Sources that name this machine or plain HTTP / WebSocket: only a local stack's copy may have them. */
const LOCAL = /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0|^http:|^ws:/i;

/** What the deployed app fetches, frames and runs from other origins, and why. */
export function requiredSources(projectId: string, authDomain: string) {
  return [
    ['connect-src', 'https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen', 'Firestore'],
    ['connect-src', 'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', 'Firebase Auth sign-in'],
    ['connect-src', 'https://securetoken.googleapis.com/v1/token', 'Firebase Auth token refresh'],
    ['connect-src', 'https://firebasestorage.googleapis.com/v0/b/bucket/o', 'Cloud Storage uploads'],
    ['connect-src', `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net/users-me`, 'the callables'],
    [
      'connect-src',
      'https://content-firebaseappcheck.googleapis.com/v1/projects/p/apps/a:exchangeRecaptchaEnterpriseToken',
      'App Check tokens',
    ],
    ['script-src', 'https://www.google.com/recaptcha/enterprise.js', 'reCAPTCHA Enterprise (App Check)'],
    ['script-src', 'https://www.gstatic.com/recaptcha/releases/r/recaptcha__en.js', 'reCAPTCHA Enterprise (App Check)'],
    ['frame-src', 'https://www.google.com/recaptcha/enterprise/anchor', 'reCAPTCHA Enterprise (App Check)'],
    ['frame-src', 'https://recaptcha.google.com/recaptcha/enterprise/anchor', 'reCAPTCHA Enterprise (App Check)'],
    ['frame-src', `https://${authDomain}/__/auth/iframe`, 'Firebase Auth’s sign-in frame (Microsoft sign-in)'],
    ['frame-src', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', 'Microsoft sign-in'],
    ['img-src', 'https://firebasestorage.googleapis.com/v0/b/bucket/o/picture', 'pictures from Cloud Storage'],
  ] as const;
}

/** The deployed policy allows every production host the app needs, and no local one. */
export function cspProblems(
  config: FirebaseJson,
  projectId: string,
  authDomain: string,
  /** The app's own origin (APP_URL), which 'self' allows: an Auth domain on the app's own host, say. */
  appOrigin?: string,
): Problem[] {
  const policies = (config.hosting?.headers ?? [])
    .filter((rule) => rule.source === '**')
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key.toLowerCase() === 'content-security-policy');
  const where = 'the Content-Security-Policy of firebase.json (hosting.headers, source "**")';
  if (policies.length !== 1) {
    return [
      {
        check: 'csp',
        problem: `firebase.json sends ${policies.length} Content-Security-Policy headers for "**", not one`,
        fix: `keep one Content-Security-Policy header in ${where}`,
      },
    ];
  }
  const policy = parsePolicy(policies[0].value);
  const problems: Problem[] = [];
  for (const [directive, sources] of policy) {
    for (const source of sources.filter((s) => LOCAL.test(s))) {
      problems.push({
        check: 'csp',
        problem: `${directive} allows ${source}, on a developer's machine or unencrypted`,
        fix: `remove ${source} from ${directive} in ${where}; the local stack adds its own hosts (scripts/stack/project.ts)`,
      });
    }
  }
  for (const [directive, address, what] of requiredSources(projectId, authDomain)) {
    const url = new URL(address);
    if (sourcesOf(policy, directive).some((source) => sourceAllows(source, url, appOrigin))) continue;
    problems.push({
      check: 'csp',
      problem: `${directive} does not allow ${url.origin}, needed by ${what}`,
      fix: `add ${url.origin}${url.pathname.startsWith('/recaptcha/') ? '/recaptcha/' : ''} to ${directive} in ${where}`,
    });
  }
  return problems;
}
