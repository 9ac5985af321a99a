import { z } from 'zod';
import { LIMITS } from './limits.js';
import type { RecordMeta } from './records.js';
import { emailSchema, listBase, phoneSchema, requiredText, text, versioned } from './validation.js';

const fields = {
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: emailSchema,
  phoneNumber: phoneSchema,
  /** Defaults to "firstName lastName" when left empty. */
  displayName: text(LIMITS.displayNameMax),
  isTrialContact: z.boolean(),
};

export const studyContactCreateSchema = z.strictObject({
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: fields.email,
  phoneNumber: fields.phoneNumber.optional(),
  displayName: fields.displayName.optional(),
  isTrialContact: fields.isTrialContact.optional(),
});
export type StudyContactCreate = z.infer<typeof studyContactCreateSchema>;

export const studyContactUpdateSchema = z.strictObject({ ...versioned, ...z.object(fields).partial().shape });
export type StudyContactUpdate = z.infer<typeof studyContactUpdateSchema>;

export const STUDY_CONTACT_SORTS = [
  'lastName:asc',
  'lastName:desc',
  'email:asc',
  'email:desc',
  'createdAt:desc',
] as const;
export type StudyContactSort = (typeof STUDY_CONTACT_SORTS)[number];

/** Study contacts: search by email (and name) word prefix. */
export const studyContactListSchema = z.strictObject({
  ...listBase,
  isTrialContact: z.boolean().optional(),
  sort: z.enum(STUDY_CONTACT_SORTS).optional(),
});
export type StudyContactListQuery = z.infer<typeof studyContactListSchema>;

export interface StudyContact extends RecordMeta {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  displayName: string;
  isTrialContact: boolean;
}
