// Field rules every schema reuses (text, ids, dates, emails), zod issues as field issues, prototype keys.
import { z } from 'zod';
import { LIMITS, MAX_OFFSET, offsetReaches, PAGE_SIZES } from './limits.js';
import { englishMessage, type MessageParams, type ValidationKey } from './messages.js';

/** One field's problem, as the server answers it in `invalid-argument` details and the web shows it. */
export interface FieldIssue {
  /** Dotted path of the field in the request, e.g. `conditions.2`; '' for the request itself. */
  path: string;
  /** English text; the web translates `key` instead. */
  message: string;
  key: `validation.${ValidationKey}`;
  params?: MessageParams;
}

const key = (k: ValidationKey) => `validation.${k}` as const;

// ---- reusable field schemas (the `message` of a check is the key of its message) ----

// Text: every text field is trimmed, checked, then normalised to NFC (one stored form for what reads the same).

/** Half of a surrogate pair on its own: not well-formed UTF-16, so it cannot be stored as UTF-8. */
export const LONE_SURROGATE = /\p{Cs}/u;
/** C0 controls (NUL included), DEL and C1 controls (category Cc), except tab, line feed and carriage return. */
export const CONTROL = /[^\P{Cc}\t\n\r]/u;
/** What a coordinator types in a multi-line field, never inside a single-line one. */
const TAB_OR_LINE_BREAK = /[\t\n\r]/;
/** Bidi embeddings, overrides and isolates: they reorder how the text after them is displayed (spoofing). */
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * A character that shows: not whitespace, not a control or format character (zero-width spaces, joiners, bidi
 * marks), not another default-ignorable one (Hangul fillers, variation selectors), not the blank braille pattern.
 */
export const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

type TextKind = 'singleLine' | 'multiLine';

/** Refuses the characters `kind` does not allow: multi-line text keeps tabs, line breaks and bidi characters. */
const checkCharacters = (kind: TextKind) => (value: string, ctx: z.RefinementCtx<string>) => {
  let problem: ValidationKey | undefined;
  if (LONE_SURROGATE.test(value)) problem = 'malformedText';
  else if (CONTROL.test(value)) problem = 'controlCharacters';
  else if (kind === 'singleLine' && TAB_OR_LINE_BREAK.test(value)) problem = 'singleLine';
  else if (kind === 'singleLine' && BIDI_CONTROL.test(value)) problem = 'bidiCharacters';
  if (problem) ctx.addIssue({ code: 'custom', message: key(problem), input: value });
};

/** Single-line text kept exactly as sent (passwords: sign-in compares them as typed): checked, never changed. */
export const verbatimText = () => z.string().superRefine(checkCharacters('singleLine'));

/** Trimmed first, so a pasted trailing line break is dropped rather than refused. */
const normalised = (kind: TextKind) =>
  z
    .string()
    .trim()
    .superRefine(checkCharacters(kind))
    .overwrite((value) => value.normalize('NFC'));

/** Optional single-line text (names, titles, codes): no control or bidi characters; '' for none. */
export const text = (max: number) => normalised('singleLine').max(max);
/** Optional multi-line text (criteria, summaries, abstracts): tabs and line breaks allowed, other controls not. */
export const multilineText = (max: number) => normalised('multiLine').max(max);
/**
 * Single-line text that must show something ('This field is required': whitespace and invisible characters alone
 * count as blank), then at least `min` characters.
 */
export const requiredText = (max: number, min = 1) => {
  const filled = normalised('singleLine').refine((value) => VISIBLE.test(value), { message: key('required') });
  return (min > 1 ? filled.min(min) : filled).max(max);
};

/** A document id: Firestore refuses `.`, `..`, `/` (outside the class) and reserves ids matching `__.*__`. */
export const idSchema = z
  .string()
  .min(1, { message: key('required') })
  .max(LIMITS.idMax)
  .regex(/^(?!__.*__$)[A-Za-z0-9_-]+$/, { message: key('id') });

export const versionSchema = z.number().int().min(1);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date as `YYYY-MM-DD`. */
export const isoDateSchema = z.string().refine(
  (value) => {
    const match = ISO_DATE.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  },
  { message: key('date') },
);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
/** An http(s) address, or '' for none. Refuses `javascript:` and every other scheme. */
export const optionalUrlSchema = text(LIMITS.urlMax).refine((v) => v === '' || isHttpUrl(v), { message: key('url') });

export const emailSchema = requiredText(LIMITS.emailMax).pipe(z.email({ message: key('email') }));

export const phoneSchema = text(LIMITS.phoneMax).regex(/^$|^\+?[0-9 ().-]{3,}$/, { message: key('phone') });

export const pageSizeSchema = z
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: key('oneOf') });

/**
 * Fields list requests share: a search (for lists that have one), the page and its size. The product's lists take
 * them through listSchema, with its paging rules; the web demo's lists, which read no database, as they are.
 */
export const listBase = {
  search: text(LIMITS.searchMax).optional(),
  page: z.number().int().min(1),
  pageSize: pageSizeSchema,
};

/**
 * The paging of every list request. `page` and `pageSize` place the page by offset; past MAX_OFFSET a cursor does:
 * `after` (the page after this record: Next from the page it ends) or `before` (the page before it: Previous from
 * the page it starts). With a cursor, `page` only numbers the page shown.
 */
const listPaging = {
  page: listBase.page,
  pageSize: listBase.pageSize,
  after: idSchema.optional(),
  before: idSchema.optional(),
};
/** The paging fields, which an export (every row, no page) leaves out. */
export const LIST_PAGING_FIELDS = { page: true, pageSize: true, after: true, before: true } as const;

/** What places a page of a list: its number and size and, past MAX_OFFSET, a cursor. */
export type ListPaging = z.output<z.ZodObject<typeof listPaging>>;

/** One cursor at most, and no offset past MAX_OFFSET without one. */
function checkPaging(value: ListPaging, ctx: z.RefinementCtx): void {
  if (value.after !== undefined && value.before !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['before'], message: key('invalid'), input: value.before });
  } else if (value.after === undefined && value.before === undefined && !offsetReaches(value.page, value.pageSize)) {
    ctx.addIssue({
      code: 'custom',
      path: ['page'],
      message: key('offsetTooLarge'),
      params: { max: MAX_OFFSET },
      input: value.page,
    });
  }
}

/**
 * A list request: the list's own fields (filters, search, sort) with the paging every list shares and its rules, in
 * one place. Strict: an unknown field is refused.
 */
export function listSchema<S extends z.core.$ZodLooseShape>(fields: S) {
  return z
    .strictObject({ ...fields, ...listPaging })
    .superRefine((value, ctx) => checkPaging(value as ListPaging, ctx));
}

/** Fields of every update and delete: the record and the version the client read. */
export const versioned = { id: idSchema, version: versionSchema };

// ---- zod issues -> FieldIssue ----

type Issue = z.core.$ZodIssue;

function describe(issue: Issue): { key: FieldIssue['key']; params?: MessageParams } {
  if (issue.message.startsWith('validation.')) {
    const params = issue.code === 'custom' ? issue.params : undefined;
    return { key: issue.message as FieldIssue['key'], params };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { key: key('required') };
      return { key: issue.expected === 'int' && typeof issue.input === 'number' ? key('integer') : key('type') };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { key: key('required') }
          : { key: key('minLength'), params: { min: Number(issue.minimum) } };
      return { key: key('min'), params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: key('maxLength'), params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: key('maxItems'), params: { max: Number(issue.maximum) } };
      return { key: key('max'), params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? key('email') : key('invalid') };
    case 'invalid_value':
      return { key: issue.input === undefined ? key('required') : key('oneOf') };
    case 'not_multiple_of':
      return { key: key('integer') };
    default:
      return { key: key('invalid') };
  }
}

const joinPath = (path: PropertyKey[]) => path.map(String).join('.');

/** Turns a zod error into the field issues the server answers and the forms show: the first issue per field. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    if (seen.has(joinPath(issue.path)) && issue.code !== 'unrecognized_keys') continue;
    seen.add(joinPath(issue.path));
    if (issue.code === 'unrecognized_keys') {
      for (const unknown of issue.keys) {
        const path = joinPath([...issue.path, unknown]);
        issues.push({ path, key: key('unknownField'), message: englishMessage(key('unknownField')) });
      }
      continue;
    }
    const { key: k, params } = describe(issue);
    issues.push({ path: joinPath(issue.path), key: k, message: englishMessage(k, params), ...(params && { params }) });
  }
  return issues;
}

/** Parses `input` with `schema`: the value, or the field issues. `reportInput` tells missing from wrong values. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; value: z.output<T> } | { ok: false; issues: FieldIssue[] } {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: toFieldIssues(result.error) };
}

// ---- keys that reach prototypes ----

/** Keys that, copied with `target[key] = value`, change a prototype instead of adding a field. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Enough to show the caller where; a payload full of such keys gets no longer an answer. */
const MAX_FORBIDDEN_ISSUES = 20;

interface PathNode {
  parent: PathNode | null;
  key: string;
}
const pathOf = (node: PathNode | null): string => {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
};

/**
 * Where the payloads hold a key that could pollute prototypes: an own key `__proto__`, `constructor` or `prototype`
 * at any depth (as JSON.parse leaves them), and an object whose prototype is not a plain object's, an array's or
 * null (what a `__proto__` key becomes once copied with `target[key] = value`), reported as its `__proto__` key.
 * One issue per path, across the payloads. Walks without recursion, so no depth overflows the stack.
 */
export function forbiddenKeyIssues(...payloads: unknown[]): FieldIssue[] {
  const paths = new Set<string>();
  const seen = new Set<object>();
  const stack: { value: unknown; node: PathNode | null }[] = payloads.map((value) => ({ value, node: null }));
  const report = (node: PathNode | null, forbidden: string) => paths.add(pathOf({ parent: node, key: forbidden }));
  while (stack.length > 0 && paths.size < MAX_FORBIDDEN_ISSUES) {
    const { value, node } = stack.pop()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const prototype: unknown = Object.getPrototypeOf(value);
    const plain = Array.isArray(value)
      ? prototype === Array.prototype
      : prototype === Object.prototype || prototype === null;
    if (!plain) report(node, '__proto__');
    for (const k of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(k)) report(node, k);
      else stack.push({ value: (value as Record<string, unknown>)[k], node: { parent: node, key: k } });
    }
  }
  return [...paths].slice(0, MAX_FORBIDDEN_ISSUES).map((path) => ({
    path,
    key: key('forbiddenKey'),
    message: englishMessage(key('forbiddenKey')),
  }));
}
