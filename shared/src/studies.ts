// Studies: the study's schema (each field's rules and default), its requests, the record.
import { z } from 'zod';
import { SPECIALTIES, STUDY_STATUSES } from './enums.js';
import { LIMITS } from './limits.js';
import { COMMON_HEADERS } from './exports.js';
import { declareKind, exportRequestOf, recordTypes } from './kind.js';
import { updateFields, type RecordMeta } from './records.js';
import { idSchema, isoDateSchema, listBase, listSchema, multilineText, requiredText, versioned } from './validation.js';

/** What a client writes of a study: the one place its fields, their limits and their defaults are written. */
export const studySchema = z.object({
  title: requiredText(LIMITS.studyTitleMax, LIMITS.studyTitleMin),
  contactId: idSchema.nullable().default(null),
  startDate: isoDateSchema.nullable().default(null),
  endDate: isoDateSchema.nullable().default(null),
  conditions: z.array(requiredText(LIMITS.conditionMax)).max(LIMITS.conditionsMax).default([]),
  // Lists of criteria, one per line.
  inclusionCriteria: multilineText(LIMITS.criteriaMax).default(''),
  exclusionCriteria: multilineText(LIMITS.criteriaMax).default(''),
  specialty: z.enum(SPECIALTIES),
  status: z.enum(STUDY_STATUSES),
  summary: multilineText(LIMITS.summaryMax).default(''),
  details: multilineText(LIMITS.detailsMax).default(''),
});
export type StudyValues = z.output<typeof studySchema>;

/** End date on or after start date, when both are given. */
export function checkStudyDates(
  value: { startDate?: string | null; endDate?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  }
}

/** A new study: every field of the schema, the defaults filled in for those left out. */
export const studyCreateSchema = z.strictObject(studySchema.shape).superRefine(checkStudyDates);
export type StudyCreate = z.infer<typeof studyCreateSchema>;

/** Partial update: only the fields sent change. */
export const studyUpdateSchema = z
  .strictObject({ ...versioned, ...updateFields(studySchema) })
  .superRefine(checkStudyDates);
export type StudyUpdate = z.infer<typeof studyUpdateSchema>;

export const STUDY_SORTS = [
  'updatedAt:desc',
  'updatedAt:asc',
  'title:asc',
  'title:desc',
  'startDate:desc',
  'startDate:asc',
] as const;
export type StudySort = (typeof STUDY_SORTS)[number];

/** Studies: word-prefix search on the title, conditions and specialty (and an NCT number), status filter. */
export const studyListSchema = listSchema({
  search: listBase.search,
  status: z.enum(STUDY_STATUSES).optional(),
  specialty: z.enum(SPECIALTIES).optional(),
  sort: z.enum(STUDY_SORTS).optional(),
});
export type StudyListQuery = z.infer<typeof studyListSchema>;

/**
 * What a study keeps of its ClinicalTrials.gov record (docs/registry.md): set only by an import, never by a form;
 * null on a study typed by hand.
 */
export interface RegistryFields {
  /** Its NCT number, unique among studies: importing the same record again updates this study. */
  nctId: string | null;
  /** The registry's own overall status (RECRUITING, ACTIVE_NOT_RECRUITING...), shown beside ours. */
  registryStatus: string | null;
  /** When the registry's sponsor last verified the record: `YYYY-MM` or `YYYY-MM-DD`, as the registry gives it. */
  registryVerifiedAt: string | null;
}

export interface Study extends RecordMeta, StudyValues, RegistryFields {
  /** Maintained by the server in the same transaction as every reference change. */
  referenceCount: number;
  /** The staff who follow the study (users record ids): they are e-mailed each referral made to it. */
  followers: string[];
}

/** `studies-follow`: the caller starts (`follow: true`) or stops following a study. */
export const studyFollowSchema = z.strictObject({ id: idSchema, follow: z.boolean() });
export type StudyFollow = z.infer<typeof studyFollowSchema>;

export const studyExportSchema = exportRequestOf(studyListSchema);
export type StudyExport = z.infer<typeof studyExportSchema>;

/** Studies as a record kind (docs/adding-a-resource.md). */
export const studiesKind = declareKind({
  name: 'studies',
  collection: 'studies',
  types: recordTypes<Study>(),
  requests: { list: studyListSchema, create: studyCreateSchema, update: studyUpdateSchema },
  callables: { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin', export: 'staff' },
  label: 'title',
  exportColumns: {
    id: COMMON_HEADERS.id,
    title: { en: 'Title', fr: 'Titre' },
    status: { ...COMMON_HEADERS.status, as: 'studyStatus' },
    specialty: { en: 'Specialty', fr: 'Spécialité', as: 'specialty' },
    startDate: { en: 'Start date', fr: 'Date de début' },
    endDate: { en: 'End date', fr: 'Date de fin' },
    conditions: { en: 'Conditions', fr: 'Affections' },
    contactId: { en: 'Study contact ID', fr: 'ID du contact d’étude', only: 'machine' },
    contactName: { en: 'Study contact', fr: 'Contact d’étude', only: 'readable' },
    referenceCount: { en: 'References', fr: 'Références' },
    createdAt: COMMON_HEADERS.createdAt,
    updatedAt: COMMON_HEADERS.updatedAt,
  },
});
