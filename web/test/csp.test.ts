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
