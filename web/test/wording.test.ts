// Every word of the product in both languages: French typography, and one name per language for a reference.
// @vitest-environment node
import * as shared from '@trialdesk/shared';
import { describe, expect, it } from 'vitest';
import { resources } from './dictionaries';

type Texts = { where: string; text: string }[];

/** Every string under `value`, each with its path. */
function strings(value: unknown, where: string, seen = new Set<unknown>()): Texts {
  if (typeof value === 'string') return [{ where, text: value }];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${where}.${key}`, seen));
}

/**
 * The words of one language that live outside the app's dictionaries: each words file (`words.ts` is already in
 * `resources`; a page's own, e.g. `dataDeletionWords.ts`), and every `{ en, fr }` the shared package exports (the
 * server's messages, export headers).
 */
function otherWords(language: 'en' | 'fr'): Texts {
  const files = import.meta.glob<{ en: unknown; fr: unknown }>('../src/**/*Words.ts', {
    eager: true,
    import: 'default',
  });
  const fromFiles = Object.entries(files).flatMap(([file, words]) => strings(words[language], file));
  const pairs: Texts = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: string) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    // A zod schema holds no words of ours.
    if ('_zod' in value || '_def' in value) return;
    seen.add(value);
    if ('en' in value && 'fr' in value) pairs.push(...strings((value as Record<string, unknown>)[language], where));
    for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const [name, value] of Object.entries(shared)) walk(value, `shared.${name}`);
  return [...fromFiles, ...pairs];
}

const words = (language: 'en' | 'fr'): Texts => [
  ...strings(resources[language].translation, language),
  ...otherWords(language),
];

/** The text a reader sees: interpolations, nesting and web addresses stand for one word. */
const readable = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/\$t\([^)]*\)/g, 'X')
    .replace(/(https?|mailto):\S+/g, 'X')
    // A key's name in brackets, e.g. the triage screen's "(?)", is no punctuation.
    .replace(/\(\?\)/g, '(X)')
    // A time is its own rule's.
    .replace(/\d:\d/g, '0h0');

/** French typography (docs/decisions.md, "Wording"): each rule and the strings that break it. */
const FRENCH_RULES: [string, (text: string) => boolean][] = [
  // ? ! : ; take a non-breaking space before them (or a narrow one), never a plain space or none.
  ['a non-breaking space before ? ! : ;', (text) => /[^\u00a0\u202f][?!:;]/.test(readable(text))],
  ['a non-breaking space inside « »', (text) => /«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(text)],
  ['« » rather than straight or English quotes', (text) => /["“”]/.test(text)],
  ['the typographic apostrophe ’', (text) => /['‘`]/.test(text)],
  ['nº for a number', (text) => /\bn°|\bno\.?[\s\u00a0]*(\d|X\b)/i.test(readable(text))],
  ['times like 6 h 54', (text) => /\d:\d\d|\d(h\d|\s?h\d)/.test(readable(text))],
  ['no anglicism « référer »', (text) => /(?<!\p{L})réf[éè]r(é|ée|és|ées|er|e)(?!\p{L})/iu.test(text)],
  // The record kind is « référence »: « orientation » named the same thing.
  ['one name for a reference: « référence »', (text) => /orient(ation|é)/i.test(text)],
];

/**
 * What a referring clinician reads (the referral portal's words, and the errors only the portal's callables answer):
 * there a "referral" is what the referrer sends (issue 27: "My referrals"); the back office's record stays a reference.
 */
const REFERRER_FACING = /^(en\.portal\.|shared\.workflowMessages\.errors\.(referralLimit|notReferrer)$)/;

/** The record kind is a "reference" (SPEC.md): "referral" named it too, and its field was spelt "referer". */
const ENGLISH_RULES: [string, (text: string, where?: string) => boolean][] = [
  // The verb stays ("Patient referred by"): the noun is the second name, but for the referrers themselves.
  [
    'one name for a reference: "reference"',
    (text, where = '') => /\breferral/i.test(text) && !REFERRER_FACING.test(where),
  ],
  ['"referrer", not "referer"', (text) => /\breferer/i.test(text)],
];

function broken(language: 'en' | 'fr', rules: typeof ENGLISH_RULES) {
  return words(language).flatMap(({ where, text }) =>
    rules.filter(([, breaks]) => breaks(text, where)).map(([rule]) => `${rule}: ${where} = ${JSON.stringify(text)}`),
  );
}

describe('wording', () => {
  it('reads every dictionary, words file and shared message', () => {
    const fr = words('fr');
    expect(fr.length).toBeGreaterThan(1000);
    // One of each source: the app's, a words file, a page's own words, the server's messages, an export header.
    const sources = ['fr.auth.', 'fr.triage.', 'dataDeletionWords.ts', 'shared.workflowMessages', '.exportColumns.'];
    expect(sources.filter((source) => !fr.some((entry) => entry.where.includes(source)))).toEqual([]);
  });

  it('follows French typography in every French string', () => {
    expect(broken('fr', FRENCH_RULES)).toEqual([]);
  });

  it('names a reference one way in each language, and spells "referrer"', () => {
    expect(broken('en', ENGLISH_RULES)).toEqual([]);
    expect(broken('fr', FRENCH_RULES.slice(-1))).toEqual([]);
  });

  it('finds what each rule forbids', () => {
    const breaks = (rules: typeof FRENCH_RULES, text: string) =>
      rules.filter(([, rule]) => rule(text)).map(([name]) => name);
    expect(breaks(FRENCH_RULES, 'Continuer ?')).toEqual(['a non-breaking space before ? ! : ;']);
    expect(breaks(FRENCH_RULES, 'Continuer?')).toEqual(['a non-breaking space before ? ! : ;']);
    expect(breaks(FRENCH_RULES, 'Continuer\u00a0? Voir https://x.ca/a?b=1 et {{count}}\u00a0:')).toEqual([]);
    expect(breaks(FRENCH_RULES, "L'étude")).toEqual(['the typographic apostrophe ’']);
    expect(breaks(FRENCH_RULES, '« Étude »')).toEqual(['a non-breaking space inside « »']);
    expect(breaks(FRENCH_RULES, 'Le "lot"')).toEqual(['« » rather than straight or English quotes']);
    expect(breaks(FRENCH_RULES, 'Lot n° 4')).toEqual(['nº for a number']);
    expect(breaks(FRENCH_RULES, 'Lot no {{n}}')).toEqual(['nº for a number']);
    expect(breaks(FRENCH_RULES, 'Lot nº\u00a04, à 6\u00a0h\u00a054')).toEqual([]);
    expect(breaks(FRENCH_RULES, 'à 6:54')).toEqual(['times like 6 h 54']);
    expect(breaks(FRENCH_RULES, 'Patient référé')).toEqual(['no anglicism « référer »']);
    expect(breaks(FRENCH_RULES, 'Médecin référent')).toEqual([]);
    expect(breaks(FRENCH_RULES, 'Orientations')).toEqual(['one name for a reference: « référence »']);
    expect(breaks(ENGLISH_RULES, 'Referrals per week')).toEqual(['one name for a reference: "reference"']);
    expect(breaks(ENGLISH_RULES, 'Referer')).toEqual(['"referrer", not "referer"']);
    expect(breaks(ENGLISH_RULES, 'Referrer')).toEqual([]);
    const referral = ENGLISH_RULES[0][1];
    expect(referral('My referrals', 'en.portal.nav.referrals')).toBe(false);
    expect(referral('My referrals', 'en.references.title')).toBe(true);
  });
});
