// The dictionaries: English and French have the same keys, none is empty, and every key is used.
// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from './dictionaries';

/** Keys the code builds at run time, e.g. t(`enums.${group}.${value}`), or that the server sends (`errors.x`). */
const BUILT_AT_RUN_TIME = [
  /^enums\./,
  /^validation\./,
  /^errors\./,
  // An audit entry's sentence by its action (a decision's by the decision) and the record it is about, by its kind.
  /^history\.(events|this)\./,
  /^dashboard\.activity\.records\./,
  /^accessLog\.(actions|outcomes|lines|filters|operations|areas)\./,
  /^\w+\.fields\./,
  // A kind's name for one of its records, read by its key (an edit screen's tab title).
  /^\w+\.one$/,
  // A resource's screen texts, read by the generic screens from its dictionary section (its definition's name).
  new RegExp(`^(${resourceNames().join('|')})\\.(title|create|createTitle|editTitle|searchPlaceholder)$`),
  /^dataDeletion\./,
  // The showcase's UI groups: `menu.items.<folder>` and `menu.<folder>.<page>` (showcase/index.ts).
  /^menu\.(items\.)?(components|forms|charts)\b/,
  /^languages\./,
  /^languageShort\./,
  // The document library's sort names, one per DOCUMENT_SORTS value.
  /^documents\.sorts\./,
  // Plural forms: i18next picks `key_one` or `key_other` for t('key', { count }).
  /_(one|other)$/,
];
/** Wording the product's dictionary carries before a screen shows it: the template menus, other sign-in pages. */
const AHEAD_OF_SCREENS = [
  'menu.groups.app',
  'menu.items.landing',
  'menu.items.auth',
  'menu.items.documentation',
  'auth.register',
  'auth.resetPassword',
  'success.updated',
];

const SOURCES = fileURLToPath(new URL('../src', import.meta.url));
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('core', 'i18n')) ? [] : sourceFiles(path);
    // Dictionaries hold the words, not their uses.
    return /\.tsx?$/.test(entry.name) && entry.name !== 'words.ts' ? [path] : [];
  });
}

/**
 * The dictionary sections of the resources: each definition's name (web/src/resources/<folder>/index.ts, and the
 * showcase's sample resources in web/src/showcase/ecommerce/<folder>/index.ts).
 */
function resourceNames(): string[] {
  return ['../src/resources', '../src/showcase/ecommerce'].flatMap((path) =>
    namesIn(fileURLToPath(new URL(path, import.meta.url))),
  );
}

function namesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const index = join(folder, entry.name, 'index.ts');
      // `name: 'x'`, or a record kind's resource, named by its declaration: `kindResource(xKind, ...)`.
      const text = existsSync(index) ? readFileSync(index, 'utf8') : '';
      const name = (/\bname: '(\w+)'/.exec(text) ?? /\bkindResource\((\w+)Kind\b/.exec(text))?.[1];
      return name ? [name] : [];
    });
}

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

  it('has no key that no code uses (keys built at run time are listed above)', () => {
    const code = sourceFiles(SOURCES)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const quoted = (key: string) => [`'${key}'`, `"${key}"`, `\`${key}\``].some((form) => code.includes(form));
    const unused = leaves(resources.en.translation).filter(
      (key) =>
        !quoted(key) && !BUILT_AT_RUN_TIME.some((pattern) => pattern.test(key)) && !AHEAD_OF_SCREENS.includes(key),
    );
    expect(unused).toEqual([]);
    // The lists above name only keys that exist.
    expect(AHEAD_OF_SCREENS.filter((key) => !leaves(resources.en.translation).includes(key))).toEqual([]);
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
