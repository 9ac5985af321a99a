import { z } from 'zod';
import { REFERENCE_STATUSES, type ReferenceStatus } from './enums.js';
import { LIMITS } from './limits.js';
import type { RecordMeta } from './records.js';
import { idSchema, listBase, multilineText, optionalUrlSchema, requiredText, text, versioned } from './validation.js';

/** A raw patient identifier as typed by staff: letters, digits, dashes. Never stored: see maskPatientId. */
export const patientIdSchema = z
  .string()
  .trim()
  .min(LIMITS.patientIdMin)
  .max(LIMITS.patientIdMax)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { message: 'validation.patientId' });

/** Canonical form for hashing: case and separators do not make another patient. */
export function normalizePatientId(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** `******1234`: only the last four characters stay readable. */
export function maskPatientId(raw: string): string {
  const id = normalizePatientId(raw);
  const visible = id.slice(-4);
  return '*'.repeat(Math.max(id.length - visible.length, 6)) + visible;
}

const fields = {
  studyId: idSchema,
  referer: text(LIMITS.refererMax),
  status: z.enum(REFERENCE_STATUSES),
  // The optional supporting publication.
  title: text(LIMITS.publicationTitleMax),
  abstract: multilineText(LIMITS.abstractMax),
  authors: z.array(requiredText(LIMITS.authorMax)).max(LIMITS.authorsMax),
  year: z.number().int().min(LIMITS.yearMin).max(LIMITS.yearMax).nullable(),
  type: text(LIMITS.publicationTypeMax),
  url: optionalUrlSchema,
  doi: text(LIMITS.doiMax).regex(/^$|^10\.\d{4,9}\/\S+$/, { message: 'validation.doi' }),
  journal: text(LIMITS.journalMax),
  volume: text(LIMITS.volumeMax),
  pages: text(LIMITS.pagesMax),
  studyIds: z.array(idSchema).max(LIMITS.relatedStudiesMax),
};

export const referenceCreateSchema = z.strictObject({
  ...z.object(fields).partial().shape,
  studyId: fields.studyId,
  patientId: patientIdSchema,
});
export type ReferenceCreate = z.infer<typeof referenceCreateSchema>;

/** Partial update; `studyId` moves the reference to another study; `patientId` replaces the identifier. */
export const referenceUpdateSchema = z.strictObject({
  ...versioned,
  ...z.object(fields).partial().shape,
  patientId: patientIdSchema.optional(),
});
export type ReferenceUpdate = z.infer<typeof referenceUpdateSchema>;

export const REFERENCE_SORTS = ['createdAt:desc', 'createdAt:asc', 'updatedAt:desc'] as const;
export type ReferenceSort = (typeof REFERENCE_SORTS)[number];

/** References: exact patient ID search (through the keyed hash), status and study filters. */
export const referenceListSchema = z.strictObject({
  page: listBase.page,
  pageSize: listBase.pageSize,
  patientId: patientIdSchema.optional(),
  status: z.enum(REFERENCE_STATUSES).optional(),
  studyId: idSchema.optional(),
  sort: z.enum(REFERENCE_SORTS).optional(),
});
export type ReferenceListQuery = z.infer<typeof referenceListSchema>;

export interface Reference extends RecordMeta {
  studyId: string;
  /** Title of the study, read when the reference is returned (not stored). */
  studyTitle: string | null;
  referer: string;
  status: ReferenceStatus;
  patientIdMasked: string;
  /** Pseudonymous TrialDesk patient ID derived from the keyed hash: the same for every reference of one patient. */
  productPatientId: string;
  /** The earlier reference of the same patient to the same study, when this one is a duplicate. */
  duplicateOf: string | null;
  title: string;
  abstract: string;
  authors: string[];
  year: number | null;
  type: string;
  url: string;
  doi: string;
  journal: string;
  volume: string;
  pages: string;
  studyIds: string[];
}
