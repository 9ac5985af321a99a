// What the callables return (timestamps travel as ISO 8601 strings, UTC), and the requests a record's schema gives.
import { z } from 'zod';

/** Fields every stored record carries: who made and last changed it, when, and its version (+1 per write). */
export interface RecordMeta {
  id: string;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface DeleteResponse {
  id: string;
}

// A record's schema holds what a client writes of it: each field's rules and, where a create may leave the field
// out, its default, written last (`.default()` is the field's outermost wrapper).

type WithoutDefault<T extends z.core.SomeType> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The fields of a record's schema as an update takes them: each optional and without its default, so a field the
 * update leaves out keeps its stored value (zod's `.partial()` would fill the default in and reset it).
 */
export function updateFields<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> } {
  const fields = Object.entries(schema.shape).map(([name, field]) => [
    name,
    z.optional(field instanceof z.ZodDefault ? field.removeDefault() : field),
  ]);
  return Object.fromEntries(fields) as { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };
}

type DefaultedKeys<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault ? K : never }[keyof S];

/** The defaults of a record's schema: what is stored for each field a create leaves out. */
export function defaultsOf<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): { [K in DefaultedKeys<S>]: z.output<S[K]> } {
  const defaults = Object.entries(schema.shape).flatMap(([name, field]) =>
    field instanceof z.ZodDefault ? [[name, field.def.defaultValue]] : [],
  );
  return Object.fromEntries(defaults) as { [K in DefaultedKeys<S>]: z.output<S[K]> };
}
