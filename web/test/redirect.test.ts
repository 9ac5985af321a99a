// Tests of the login redirect: internal paths kept, other origins, tricks and public routes sent home.
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../src/core/auth/redirect';

const ORIGIN = 'https://trialdesk.example';

describe('safeRedirect', () => {
  it('keeps internal paths with their query and hash', () => {
    expect(safeRedirect('/app/studies?status=Recruiting&page=2')).toBe('/app/studies?status=Recruiting&page=2');
    expect(safeRedirect('/app/users/abc#history')).toBe('/app/users/abc#history');
    expect(safeRedirect('/')).toBe('/');
  });

  it('resolves against the origin it is given, window.location.origin by default', () => {
    expect(window.location.origin).not.toBe(ORIGIN);
    expect(safeRedirect(`${window.location.origin}/app/references?page=3`)).toBe('/app/references?page=3');
    expect(safeRedirect(`${ORIGIN}/app/references`, ORIGIN)).toBe('/app/references');
    expect(safeRedirect(`${ORIGIN}/app/references`)).toBe('/');
    expect(safeRedirect(`${window.location.origin}/app/references`, ORIGIN)).toBe('/');
  });

  it('resolves dot segments and relative paths, then keeps what stays on the origin', () => {
    expect(safeRedirect('/a/../../b', ORIGIN)).toBe('/b');
    expect(safeRedirect('/app/./studies/../references', ORIGIN)).toBe('/app/references');
    expect(safeRedirect('app/studies', ORIGIN)).toBe('/app/studies');
  });

  it.each([
    null,
    undefined,
    '',
    // Absolute URLs to other origins, and schemes that run code.
    'https://evil.example/',
    'http://trialdesk.example/app/studies',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Protocol-relative, directly or once dot segments are resolved.
    '//evil.example',
    '///evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/%2e%2e//evil.example',
    // Backslashes (browsers read them as slashes), plain or with dot segments.
    '/\\evil.example',
    '\\\\evil.example',
    '/./\\evil',
    '/\\/evil.example',
    // Percent-encoded slashes and backslashes.
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '%2F%2Fevil',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/%252F%252Fevil.example',
    '/app/%2F%2Fevil.example',
    // Control characters, which browsers drop.
    '/\t/evil.example',
    '/\n/evil.example',
    // Malformed percent-encoding.
    '/%E0%A4%A',
    // Public routes: the login page and what surrounds it, whatever the case, encoding or trailing slash.
    '/auth/login',
    '/auth/login?redirectTo=/auth/login',
    '/auth/register',
    '/auth',
    '/AUTH/LOGIN',
    '/%61uth/login',
    '/support',
    '/support/',
    '/Support',
    '/data-deletion-request',
    '/app/../support',
    // The referral portal's sign-in too.
    '/refer/login',
    '/Refer/Login?redirectTo=/refer',
    `${ORIGIN}/auth/login`,
    `/${'a'.repeat(3000)}`,
  ])('refuses %j and goes home', (value) => {
    expect(safeRedirect(value, ORIGIN)).toBe('/');
  });

  it('keeps the portal’s pages as destinations', () => {
    expect(safeRedirect('/refer/referrals?page=2', ORIGIN)).toBe('/refer/referrals?page=2');
    expect(safeRedirect('/refer', ORIGIN)).toBe('/refer');
  });

  it('builds the login address of a protected location', () => {
    expect(loginPathFor('/app/studies?page=2')).toBe('/auth/login?redirectTo=%2Fapp%2Fstudies%3Fpage%3D2');
    expect(loginPathFor('/refer/referrals', '/refer/login')).toBe('/refer/login?redirectTo=%2Frefer%2Freferrals');
    expect(safeRedirect(new URLSearchParams(loginPathFor('/app/x?a=1').split('?')[1]).get('redirectTo'))).toBe(
      '/app/x?a=1',
    );
  });
});
