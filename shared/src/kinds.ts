// The record kinds, one line each: every list that names the kinds (callables, audit entities, export columns)
// comes from here (docs/adding-a-resource.md).
import { documentsKind } from './documents.js';
import type { ExportColumn } from './exports.js';
import { kindRequests, type KindDeclaration, type KindRequests, type KindResponses } from './kind.js';
import { referencesKind } from './references.js';
import { studiesKind } from './studies.js';
import { studyContactsKind } from './studyContacts.js';
import { usersKind } from './users.js';

// Each kind's module: its schema, requests, record type and declaration.
export * from './studies.js';
export * from './references.js';
export * from './studyContacts.js';
export * from './users.js';
export * from './documents.js';

export const KINDS = [studiesKind, referencesKind, studyContactsKind, usersKind, documentsKind] as const;

type Kind = (typeof KINDS)[number];
export type KindName = Kind['name'];
export const KIND_NAMES = KINDS.map((kind) => kind.name) as [KindName, ...KindName[]];

/** A kind's declaration by its key. */
export const kindOf = (name: KindName): KindDeclaration => KINDS.find((kind) => kind.name === name)!;

/** Every record kind is audited under its key. */
export const AUDIT_ENTITIES = KIND_NAMES;
export type AuditEntity = KindName;

/** The kinds with an export, and its columns. */
type Exporting = Extract<Kind, { callables: { export: string } }>;
export type ExportResource = Exporting['name'];
export const EXPORT_COLUMNS = Object.fromEntries(
  KINDS.flatMap((kind) => ('exportColumns' in kind ? [[kind.name, kind.exportColumns]] : [])),
) as unknown as Record<ExportResource, Record<string, ExportColumn>>;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
/** The kinds' standard callables' request schemas and responses, by callable name. */
type EachRequests<K> = K extends KindDeclaration ? KindRequests<K> : never;
type EachResponses<K> = K extends KindDeclaration ? KindResponses<K> : never;
export type AllKindRequests = UnionToIntersection<EachRequests<Kind>>;
export type AllKindResponses = UnionToIntersection<EachResponses<Kind>>;
export const KIND_REQUESTS = Object.assign({}, ...KINDS.map((kind) => kindRequests(kind))) as AllKindRequests;
