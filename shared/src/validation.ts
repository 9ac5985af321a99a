import { z } from 'zod';
import { LIMITS, MAX_PAGE, PAGE_SIZES } from './limits.js';
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

export const text = (max: number) => z.string().trim().max(max);
/** Text that must not be blank ('This field is required'), then at least `min` characters. */
export const requiredText = (max: number, min = 1) => {
  const filled = z
    .string()
    .trim()
    .min(1, { message: key('required') });
  return (min > 1 ? filled.min(min) : filled).max(max);
};

export const idSchema = z
  .string()
  .min(1, { message: key('required') })
  .max(LIMITS.idMax)
  .regex(/^[A-Za-z0-9_-]+$/, { message: key('id') });

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

export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: key('required') })
  .max(LIMITS.emailMax)
  .pipe(z.email({ message: key('email') }));

export const phoneSchema = text(LIMITS.phoneMax).regex(/^$|^\+?[0-9 ().-]{3,}$/, { message: key('phone') });

export const pageSizeSchema = z
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: key('oneOf') });

/** Fields every list request shares. */
export const listBase = {
  search: text(LIMITS.searchMax).optional(),
  page: z.number().int().min(1).max(MAX_PAGE),
  pageSize: pageSizeSchema,
};

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
