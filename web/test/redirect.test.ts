import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../src/app/auth/redirect';

describe('safeRedirect', () => {
  it('keeps internal paths with their query and hash', () => {
    expect(safeRedirect('/app/studies?status=Recruiting&page=2')).toBe('/app/studies?status=Recruiting&page=2');
    expect(safeRedirect('/app/users/abc#history')).toBe('/app/users/abc#history');
    expect(safeRedirect('/')).toBe('/');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'app/studies',
    '/auth/login',
    '/auth/login?redirectTo=/auth/login',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j and goes home', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('builds the login address of a protected location', () => {
    expect(loginPathFor('/app/studies?page=2')).toBe('/auth/login?redirectTo=%2Fapp%2Fstudies%3Fpage%3D2');
    expect(safeRedirect(new URLSearchParams(loginPathFor('/app/x?a=1').split('?')[1]).get('redirectTo'))).toBe(
      '/app/x?a=1',
    );
  });
});
