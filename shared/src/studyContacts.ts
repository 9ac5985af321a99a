// Study contacts: the contact's schema (each field's rules and default), its requests, the record.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { COMMON_HEADERS } from './exports.js';
import { declareKind, exportRequestOf, recordTypes } from './kind.js';
import { updateFields, type RecordMeta } from './records.js';
import { emailSchema, listBase, listSchema, phoneSchema, requiredText, text, versioned } from './validation.js';

/** What a client writes of a study contact: the one place its fields, their limits and their defaults are written. */
export const studyContactSchema = z.object({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: emailSchema,
  phoneNumber: phoneSchema.default(''),
  /** The server stores "firstName lastName" when it is left empty. */
  displayName: text(LIMITS.displayNameMax).default(''),
  isTrialContact: z.boolean().default(false),
});
export type StudyContactValues = z.output<typeof studyContactSchema>;

/** A new contact: every field of the schema, the defaults filled in for those left out. */
export const studyContactCreateSchema = z.strictObject(studyContactSchema.shape);
export type StudyContactCreate = z.infer<typeof studyContactCreateSchema>;

/** Partial update: only the fields sent change. */
export const studyContactUpdateSchema = z.strictObject({ ...versioned, ...updateFields(studyContactSchema) });
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
export const studyContactListSchema = listSchema({
  search: listBase.search,
  isTrialContact: z.boolean().optional(),
  sort: z.enum(STUDY_CONTACT_SORTS).optional(),
});
export type StudyContactListQuery = z.infer<typeof studyContactListSchema>;

export type StudyContact = RecordMeta & StudyContactValues;

export const studyContactExportSchema = exportRequestOf(studyContactListSchema);
export type StudyContactExport = z.infer<typeof studyContactExportSchema>;

/** Study contacts as a record kind (docs/adding-a-resource.md). */
export const studyContactsKind = declareKind({
  name: 'studyContacts',
  collection: 'studyContacts',
  types: recordTypes<StudyContact>(),
  requests: { list: studyContactListSchema, create: studyContactCreateSchema, update: studyContactUpdateSchema },
  callables: { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin', export: 'staff' },
  // Always filled: the server stores "firstName lastName" when it is left empty.
  label: 'displayName',
  exportColumns: {
    id: COMMON_HEADERS.id,
    firstName: COMMON_HEADERS.firstName,
    lastName: COMMON_HEADERS.lastName,
    displayName: { en: 'Display name', fr: 'Nom d’affichage' },
    email: COMMON_HEADERS.email,
    phoneNumber: { en: 'Phone number', fr: 'Numéro de téléphone' },
    isTrialContact: { en: 'Trial contact', fr: 'Contact de l’essai', as: 'yesNo' },
    createdAt: COMMON_HEADERS.createdAt,
    updatedAt: COMMON_HEADERS.updatedAt,
  },
});
