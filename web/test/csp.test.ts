// @vitest-environment node
// The deployed Content-Security-Policy (firebase.json's Hosting headers) lets the app reach no local origin: only a
// local stack's copy of it allows the emulators (scripts/stack/project.ts; the browser tests run under that copy).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Hosting {
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const hosting = (
  JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as { hosting: Hosting }
).hosting;
const policies = hosting.headers
  .flatMap((rule) => rule.headers)
  .filter((header) => header.key === 'Content-Security-Policy')
  .map((header) => header.value);

describe('the deployed Content-Security-Policy', () => {
  it('is set, and allows no origin on this machine or a local network', () => {
    expect(policies).toHaveLength(1);
    expect(policies[0]).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]|http:\/\//);
  });
});

describe('App Check in production (reCAPTCHA Enterprise)', () => {
  const directive = (name: string) =>
    policies[0]
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([first]) => first === name)
      ?.slice(1) ?? [];

  it("loads reCAPTCHA Enterprise's script and frames, and reaches App Check's exchange", () => {
    expect(directive('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(directive('frame-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']),
    );
    // content-firebaseappcheck.googleapis.com, where the SDK exchanges the reCAPTCHA token.
    expect(directive('connect-src')).toContain('https://*.googleapis.com');
  });
});
