// References (referrals of patients to studies): the schema of what staff write, the requests, the record.
import { z } from 'zod';
import { REFERENCE_STATUSES, type ReferenceStatus } from './enums.js';
import { LIMITS } from './limits.js';
import { COMMON_HEADERS } from './exports.js';
import { declareKind, exportRequestOf, recordTypes } from './kind.js';
import { updateFields, type RecordMeta } from './records.js';
import type { ReferralDetails } from './referrals.js';
import type { TriageRecord } from './triage.js';
import { idSchema, listSchema, multilineText, optionalUrlSchema, requiredText, text, versioned } from './validation.js';

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

/** `******1234`: the last four characters at most stay readable, and never more than half of the identifier. */
export function maskPatientId(raw: string): string {
  const id = normalizePatientId(raw);
  const visible = id.slice(id.length - Math.min(4, Math.floor(id.length / 2)));
  return '*'.repeat(Math.max(id.length - visible.length, 6)) + visible;
}

/** Status of a new referral, and of a former duplicate that no longer is one. */
export const NOT_DUPLICATE_STATUS: ReferenceStatus = 'Pending';

/**
 * The statuses in the order a referral goes through them: waiting, the three decisions, then the status of a
 * referral nobody has classified (the filters and pickers list them this way; `REFERENCE_STATUSES` is storage order).
 */
export const REFERENCE_STATUS_WORKFLOW = [
  'Pending',
  'Accepted',
  'Rejected',
  'Duplicate',
  'Unknown',
] as const satisfies readonly ReferenceStatus[];

/** What a client writes of a reference: the one place its fields, their limits and their defaults are written. */
export const referenceSchema = z.object({
  studyId: idSchema,
  referer: text(LIMITS.refererMax).default(''),
  status: z.enum(REFERENCE_STATUSES).default(NOT_DUPLICATE_STATUS),
  // The optional supporting publication.
  title: text(LIMITS.publicationTitleMax).default(''),
  abstract: multilineText(LIMITS.abstractMax).default(''),
  authors: z.array(requiredText(LIMITS.authorMax)).max(LIMITS.authorsMax).default([]),
  year: z.number().int().min(LIMITS.yearMin).max(LIMITS.yearMax).nullable().default(null),
  type: text(LIMITS.publicationTypeMax).default(''),
  url: optionalUrlSchema.default(''),
  doi: text(LIMITS.doiMax)
    .regex(/^$|^10\.\d{4,9}\/\S+$/, { message: 'validation.doi' })
    .default(''),
  journal: text(LIMITS.journalMax).default(''),
  volume: text(LIMITS.volumeMax).default(''),
  pages: text(LIMITS.pagesMax).default(''),
  studyIds: z.array(idSchema).max(LIMITS.relatedStudiesMax).default([]),
});
export type ReferenceValues = z.output<typeof referenceSchema>;

/** A new referral: the schema's fields (defaults filled in) and the patient's identifier, which is never stored. */
export const referenceCreateSchema = z.strictObject({ ...referenceSchema.shape, patientId: patientIdSchema });
export type ReferenceCreate = z.infer<typeof referenceCreateSchema>;

/** Partial update; `studyId` moves the reference to another study; `patientId` replaces the identifier. */
export const referenceUpdateSchema = z.strictObject({
  ...versioned,
  ...updateFields(referenceSchema),
  patientId: patientIdSchema.optional(),
});
export type ReferenceUpdate = z.infer<typeof referenceUpdateSchema>;

export const REFERENCE_SORTS = ['createdAt:desc', 'createdAt:asc', 'updatedAt:desc'] as const;
export type ReferenceSort = (typeof REFERENCE_SORTS)[number];

/** References: exact patient ID search (through the keyed hash), status and study filters. */
export const referenceListSchema = listSchema({
  patientId: patientIdSchema.optional(),
  status: z.enum(REFERENCE_STATUSES).optional(),
  studyId: idSchema.optional(),
  sort: z.enum(REFERENCE_SORTS).optional(),
});
export type ReferenceListQuery = z.infer<typeof referenceListSchema>;

export interface Reference extends RecordMeta, ReferenceValues {
  /** Title of the study, read when the reference is returned (not stored). */
  studyTitle: string | null;
  patientIdMasked: string;
  /**
   * Pseudonymous TrialDesk patient ID derived from the keyed hash: the same for every reference of one patient. Null
   * in a list that was not a search for one patient (docs/security.md).
   */
  productPatientId: string | null;
  /** The earlier reference of the same patient to the same study, when this one is a duplicate. */
  duplicateOf: string | null;
  /** When and by whom it left Pending (triage or an edit of its status); null while undecided. */
  decidedAt: string | null;
  decidedBy: string | null;
  /** The triage checklist and reason, when it was decided on the triage screen. */
  triage: TriageRecord | null;
  /** The referrer's users record id when a referrer made it through the portal (docs/referrals.md), else null. */
  refererId: string | null;
  /** What the referrer told through the portal, else null. */
  referral: ReferralDetails | null;
}

export const referenceExportSchema = exportRequestOf(referenceListSchema);
export type ReferenceExport = z.infer<typeof referenceExportSchema>;

/** References as a record kind: a change moves its study's reference count (docs/adding-a-resource.md). */
export const referencesKind = declareKind({
  name: 'references',
  collection: 'references',
  types: recordTypes<Reference>(),
  requests: { list: referenceListSchema, create: referenceCreateSchema, update: referenceUpdateSchema },
  callables: { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin', export: 'staff' },
  // Never a raw patient identifier.
  label: 'patientIdMasked',
  exportColumns: {
    id: COMMON_HEADERS.id,
    patientIdMasked: { en: 'Patient ID (masked)', fr: 'ID patient (masqué)' },
    studyId: { en: 'Study ID', fr: 'ID de l’étude', only: 'machine' },
    studyTitle: { en: 'Study', fr: 'Étude' },
    referer: { en: 'Referrer', fr: 'Référent' },
    status: { ...COMMON_HEADERS.status, as: 'referenceStatus' },
    // The original as its masked patient ID and study for people, its ID for programs.
    duplicateOf: { en: 'Duplicate of (ID)', fr: 'Doublon de (ID)', only: 'machine' },
    duplicateOfLabel: { en: 'Duplicate of', fr: 'Doublon de', only: 'readable' },
    inclusion: { en: 'Inclusion criteria', fr: 'Critères d’inclusion', as: 'checklist' },
    exclusion: { en: 'Exclusion criteria', fr: 'Critères d’exclusion', as: 'checklist' },
    reason: { en: 'Rejection reason', fr: 'Motif du refus', as: 'rejectReason' },
    reasonNote: { en: 'Rejection note', fr: 'Note du refus' },
    decidedBy: { en: 'Decided by (ID)', fr: 'Décidée par (ID)', only: 'machine' },
    decidedByName: { en: 'Decided by', fr: 'Décidée par', only: 'readable' },
    decidedAt: { en: 'Decided', fr: 'Décidée le', as: 'time' },
    createdAt: COMMON_HEADERS.createdAt,
    updatedAt: COMMON_HEADERS.updatedAt,
  },
  touches: ['studies'],
});
