// A record form's values from its shared schema: the empty form, a record as form values, values as a request.
import type { z } from 'zod';
import { dayjs, type Dayjs } from '../dayjs';

type Shape = z.ZodRawShape;
type Values<S extends Shape, D extends keyof S> = Omit<{ [K in keyof S]: z.output<S[K]> }, D> & {
  [K in D]: Dayjs | null;
};

/** How a record's form reads and writes it; every field comes from the schema, none is listed again. */
export interface FormCodec<V extends Record<string, unknown> = Record<string, unknown>> {
  /** A new record's form: the schema's defaults, blanks for fields without one, then the screen's choices. */
  empty: V;
  /** A record as the form shows it (fields the record does not store, like a password, start blank). */
  toValues: (record: object) => V;
  /** The form's values as a request: every field present (edits compare them), blanks left out where asked. */
  toRequest: (values: Partial<V>) => Record<string, unknown>;
}

/** The value an empty input holds for a field: '' for text, [] for lists, null for nullable, false for a switch. */
function blankOf(field: z.core.$ZodType): unknown {
  const def = field._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  switch (def.type) {
    case 'string':
      return '';
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'nullable':
      return null;
    case 'default':
    case 'optional':
      return blankOf(def.innerType!);
    case 'pipe':
      return blankOf(def.in!);
    default:
      return null;
  }
}

/** A date picker's value as the requests write dates ('YYYY-MM-DD'), or null. */
export const isoDate = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : null);

/**
 * The codec of a form over `schema` (the create request's fields). `dates` are ISO-date fields shown with a date
 * picker; `initial` sets a new record's form where the schema has no default (a role, a select left empty);
 * `omitWhenBlank` fields are left out of the request when empty (a password kept, a patient ID not replaced).
 */
export function formCodec<S extends Shape, D extends keyof S & string = never>(
  schema: z.ZodObject<S>,
  options: {
    dates?: readonly D[];
    initial?: { [K in keyof S]?: unknown };
    omitWhenBlank?: readonly (keyof S & string)[];
  } = {},
): FormCodec<Values<S, D>> {
  const fields = Object.entries(schema.shape) as [string, z.core.$ZodType][];
  const dates = new Set<string>(options.dates ?? []);
  const omit = new Set<string>(options.omitWhenBlank ?? []);
  const blanks = Object.fromEntries(fields.map(([name, field]) => [name, blankOf(field)]));
  const defaults = Object.fromEntries(
    fields.flatMap(([name, field]) =>
      field._zod.def.type === 'default' ? [[name, (field as z.ZodDefault).def.defaultValue]] : [],
    ),
  );
  const empty = { ...blanks, ...defaults, ...options.initial } as Values<S, D>;
  return {
    empty,
    toValues: (record) => {
      const stored = record as Record<string, unknown>;
      const values = fields.map(([name]) => {
        // Write-only fields (never returned with the record) start blank.
        if (!(name in stored)) return [name, blanks[name]];
        const value = stored[name];
        return [name, dates.has(name) ? (typeof value === 'string' && value ? dayjs(value) : null) : value];
      });
      return Object.fromEntries(values) as Values<S, D>;
    },
    toRequest: (values) => {
      const source = values as Record<string, unknown>;
      const request: Record<string, unknown> = {};
      for (const [name] of fields) {
        const value = source[name] ?? (empty as Record<string, unknown>)[name];
        if (dates.has(name)) request[name] = isoDate(value);
        else if (!omit.has(name) || (value !== '' && value !== null && value !== undefined)) request[name] = value;
      }
      return request;
    },
  };
}
