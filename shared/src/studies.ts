import { z } from 'zod';
import { SPECIALTIES, STUDY_STATUSES, type Specialty, type StudyStatus } from './enums.js';
import { LIMITS } from './limits.js';
import type { RecordMeta } from './records.js';
import { idSchema, isoDateSchema, listBase, multilineText, requiredText, versioned } from './validation.js';

const fields = {
  title: requiredText(LIMITS.studyTitleMax, LIMITS.studyTitleMin),
  contactId: idSchema.nullable(),
  startDate: isoDateSchema.nullable(),
  endDate: isoDateSchema.nullable(),
  conditions: z.array(requiredText(LIMITS.conditionMax)).max(LIMITS.conditionsMax),
  // Lists of criteria, one per line.
  inclusionCriteria: multilineText(LIMITS.criteriaMax),
  exclusionCriteria: multilineText(LIMITS.criteriaMax),
  specialty: z.enum(SPECIALTIES),
  status: z.enum(STUDY_STATUSES),
  summary: multilineText(LIMITS.summaryMax),
  details: multilineText(LIMITS.detailsMax),
};

/** End date on or after start date, when both are given. */
export function checkStudyDates(
  value: { startDate?: string | null; endDate?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  }
}

export const studyCreateSchema = z
  .strictObject({
    title: fields.title,
    contactId: fields.contactId.optional(),
    startDate: fields.startDate.optional(),
    endDate: fields.endDate.optional(),
    conditions: fields.conditions.optional(),
    inclusionCriteria: fields.inclusionCriteria.optional(),
    exclusionCriteria: fields.exclusionCriteria.optional(),
    specialty: fields.specialty,
    status: fields.status,
    summary: fields.summary.optional(),
    details: fields.details.optional(),
  })
  .superRefine(checkStudyDates);
export type StudyCreate = z.infer<typeof studyCreateSchema>;

/** Partial update: only the fields sent change. */
export const studyUpdateSchema = z
  .strictObject({ ...versioned, ...z.object(fields).partial().shape })
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

/** Studies: word-prefix search on the title, status filter. */
export const studyListSchema = z.strictObject({
  ...listBase,
  status: z.enum(STUDY_STATUSES).optional(),
  specialty: z.enum(SPECIALTIES).optional(),
  sort: z.enum(STUDY_SORTS).optional(),
});
export type StudyListQuery = z.infer<typeof studyListSchema>;

export interface Study extends RecordMeta {
  title: string;
  contactId: string | null;
  startDate: string | null;
  endDate: string | null;
  conditions: string[];
  inclusionCriteria: string;
  exclusionCriteria: string;
  specialty: Specialty;
  status: StudyStatus;
  summary: string;
  details: string;
  /** Maintained by the server in the same transaction as every reference change. */
  referenceCount: number;
}
