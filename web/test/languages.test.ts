// Tests of language detection: the saved choice, then the browser's languages, else French.
import { describe, expect, it } from 'vitest';
import { detectLanguage, toLanguage } from '../src/core/i18n/languages';

describe('language detection: local storage, then the browser, French as the fallback', () => {
  it('takes the saved choice first', () => {
    expect(detectLanguage('en', ['fr-CA'])).toBe('en');
    expect(detectLanguage('fr', ['en-US'])).toBe('fr');
    expect(detectLanguage('en-GB', [])).toBe('en');
  });

  it('then the first supported browser language', () => {
    expect(detectLanguage(null, ['de-DE', 'en-CA', 'fr'])).toBe('en');
    expect(detectLanguage('xx', ['fr-CA', 'en'])).toBe('fr');
  });

  it('falls back to French', () => {
    expect(detectLanguage(null, ['de', 'es'])).toBe('fr');
    expect(detectLanguage(null, [])).toBe('fr');
    expect(toLanguage('de')).toBe('fr');
  });
});
