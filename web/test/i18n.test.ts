import { describe, expect, it } from 'vitest';
import { resources } from '../src/app/i18n/resources';

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('dictionaries', () => {
  it('English and French have exactly the same keys, deep', () => {
    const en = leaves(resources.en.translation).sort();
    const fr = leaves(resources.fr.translation).sort();
    expect(fr.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !fr.includes(k))).toEqual([]);
    expect(en.length).toBeGreaterThan(300);
  });

  it('merges the shared validation and error messages', () => {
    expect(resources.en.translation.validation.required).toBe('This field is required');
    expect(resources.fr.translation.validation.required).toBe('Ce champ est obligatoire');
    expect(resources.en.translation.errors.internal).toBe('Server error occurred. Please try again.');
    expect(resources.en.translation.errors.network).toMatch(/server cannot be reached/);
  });

  it('has no empty translation', () => {
    for (const language of ['en', 'fr'] as const) {
      const flat = leaves(resources[language].translation);
      const get = (path: string) =>
        path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], resources[language].translation);
      expect(flat.filter((k) => (get(k) as string).trim() === '')).toEqual([]);
    }
  });
});
