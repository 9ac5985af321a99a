// What a record kind declares once for both sides: its name, collection, requests, standard callables with who
// may call them, the field people know a record by and its CSV columns (docs/adding-a-resource.md).
import { z } from 'zod';
import { LIST_PAGING_FIELDS, idSchema, versioned } from './validation.js';
import type { DeleteResponse, ListResponse } from './records.js';
import { EXPORT_FORMATS, EXPORT_LANGUAGES, type ExportColumn, type ExportResponse } from './exports.js';

/** Who may call a kind's callable: approved Admins and Editors, or approved Admins only. */
export type KindAccess = 'staff' | 'admin';

/** The callables a record kind may have, each named `<kind>-<callable>`. */
export const STANDARD_CALLABLES = ['list', 'get', 'create', 'update', 'delete', 'export'] as const;
export type StandardCallable = (typeof STANDARD_CALLABLES)[number];

/** A get names one record. */
export const getRequestSchema = z.strictObject({ id: idSchema });
/** A delete names one record at the version the person saw. */
export const deleteRequestSchema = z.strictObject(versioned);

/**
 * An export takes its list's filters, search and sort, never a page or a cursor: it holds every matching row; the
 * person's language and the format (readable unless a program's `machine` is asked for). Built
 * from the list's fields (zod refuses `omit` on the list itself: its paging rule is a refinement).
 */
export function exportRequestOf<S extends z.ZodRawShape>(list: z.ZodObject<S>) {
  const fields = Object.entries(list.shape).filter(([name]) => !(name in LIST_PAGING_FIELDS));
  const kept = Object.fromEntries(fields) as Omit<S, keyof typeof LIST_PAGING_FIELDS>;
  return z.strictObject({
    ...kept,
    language: z.enum(EXPORT_LANGUAGES),
    format: z.enum(EXPORT_FORMATS).default('readable'),
  });
}

/** The record types a kind's callables answer with: its record, and the fuller one a get, create or update gives. */
export interface KindTypes<Item, Detail> {
  readonly item?: Item;
  readonly detail?: Detail;
}
export const recordTypes = <Item, Detail = Item>(): KindTypes<Item, Detail> => ({});

export interface KindDeclaration<Name extends string = string> {
  /** The key everything uses: callables `<name>-list`..., the audit entity, the dictionary section, the web folder. */
  name: Name;
  /** Its Firestore collection. */
  collection: string;
  types: KindTypes<unknown, unknown>;
  /** The list request (listSchema), and what create and update take. */
  requests: { list: z.ZodObject; create: z.ZodType; update: z.ZodType };
  /** Its standard callables and who may call each: approved staff, or Admins only. */
  callables: Partial<Record<StandardCallable, KindAccess>>;
  /** The stored field a person knows a record by (the dashboard's activity, a reference's option). */
  label: string;
  /** The CSV columns in order, with their headers and kinds of values (an `export` callable needs them). */
  exportColumns?: Record<string, ExportColumn>;
  /** Kinds whose lists show figures this kind's changes move (a reference counts on its study). */
  touches?: readonly string[];
}

/** Declares a record kind, keeping its literal types for the contract. */
export const declareKind = <const K extends KindDeclaration>(kind: K): K => kind;

type Item<K extends KindDeclaration> = K['types'] extends KindTypes<infer I, unknown> ? I : never;
type Detail<K extends KindDeclaration> = K['types'] extends KindTypes<unknown, infer D> ? D : never;
type CallablesOf<K extends KindDeclaration> = keyof K['callables'] & StandardCallable;

type ShapeOf<L> = L extends z.ZodObject<infer S> ? S : never;

type RequestOf<K extends KindDeclaration, C extends StandardCallable> = C extends 'list'
  ? K['requests']['list']
  : C extends 'create'
    ? K['requests']['create']
    : C extends 'update'
      ? K['requests']['update']
      : C extends 'get'
        ? typeof getRequestSchema
        : C extends 'delete'
          ? typeof deleteRequestSchema
          : ReturnType<typeof exportRequestOf<ShapeOf<K['requests']['list']>>>;

type ResponseOf<K extends KindDeclaration, C extends StandardCallable> = C extends 'list'
  ? ListResponse<Item<K>>
  : C extends 'delete'
    ? DeleteResponse
    : C extends 'export'
      ? ExportResponse
      : Detail<K>;

/** A kind's standard callables' request schemas, by callable name. */
export type KindRequests<K extends KindDeclaration> = {
  [C in CallablesOf<K> as `${K['name']}-${C}`]: RequestOf<K, C>;
};
/** What a kind's standard callables answer, by callable name. */
export type KindResponses<K extends KindDeclaration> = {
  [C in CallablesOf<K> as `${K['name']}-${C}`]: ResponseOf<K, C>;
};

/** The request schema of one standard callable of a kind. */
export function requestOf(kind: KindDeclaration, callable: StandardCallable): z.ZodType {
  switch (callable) {
    case 'list':
    case 'create':
    case 'update':
      return kind.requests[callable];
    case 'get':
      return getRequestSchema;
    case 'delete':
      return deleteRequestSchema;
    case 'export':
      return exportRequestOf(kind.requests.list);
  }
}

/** Every standard callable of a kind with its request schema. */
export function kindRequests<K extends KindDeclaration>(kind: K): KindRequests<K> {
  const names = Object.keys(kind.callables) as StandardCallable[];
  return Object.fromEntries(names.map((callable) => [`${kind.name}-${callable}`, requestOf(kind, callable)])) as never;
}
