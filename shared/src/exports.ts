// CSV exports of the lists: the requests (a list's filters and search, without paging), the columns with their
// headers in both languages, where the files go and how long their links work.
import { z } from 'zod';
import { LIST_PAGING_FIELDS } from './validation.js';
import { referenceListSchema } from './references.js';
import { studyListSchema } from './studies.js';
import { studyContactListSchema } from './studyContacts.js';
import { userListSchema } from './users.js';

/** The languages a CSV header is written in (the person's language on the web). */
export const EXPORT_LANGUAGES = ['en', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * An export takes its list's filters, search and sort, never a page or a cursor: it holds every matching row. Built
 * from a list's fields (zod refuses `omit` on the list itself: its paging rule is a refinement).
 */
const language = z.enum(EXPORT_LANGUAGES);
export const studyExportSchema = z.strictObject(studyListSchema.shape).omit(LIST_PAGING_FIELDS).extend({ language });
export const referenceExportSchema = z
  .strictObject(referenceListSchema.shape)
  .omit(LIST_PAGING_FIELDS)
  .extend({ language });
export const studyContactExportSchema = z
  .strictObject(studyContactListSchema.shape)
  .omit(LIST_PAGING_FIELDS)
  .extend({ language });
export const userExportSchema = z.strictObject(userListSchema.shape).omit(LIST_PAGING_FIELDS).extend({ language });
export type StudyExport = z.infer<typeof studyExportSchema>;
export type ReferenceExport = z.infer<typeof referenceExportSchema>;
export type StudyContactExport = z.infer<typeof studyContactExportSchema>;
export type UserExport = z.infer<typeof userExportSchema>;

/** How long an export's link works, and when its file is removed. */
export const EXPORT_LINK_MINUTES = 15;
export const EXPORT_RETENTION_HOURS = 24;

export const EXPORT_PATHS = {
  folder: (uid: string) => `exports/${uid}/`,
  file: (uid: string, name: string) => `exports/${uid}/${name}`,
} as const;

export interface ExportResponse {
  /** The file's Storage path: only its owner can download it (FILE_DOWNLOAD_FUNCTION), for `EXPORT_LINK_MINUTES`. */
  path: string;
  fileName: string;
  rows: number;
  /** When the link stops working. */
  expiresAt: string;
}

type Header = { en: string; fr: string };
const id: Header = { en: 'ID', fr: 'ID' };
const createdAt: Header = { en: 'Created', fr: 'Créé le' };
const updatedAt: Header = { en: 'Updated', fr: 'Modifié le' };
const status: Header = { en: 'Status', fr: 'Statut' };

/** Each export's columns in order, with their headers (enumerations stay as their codes, dates as ISO 8601). */
export const EXPORT_COLUMNS = {
  studies: {
    id,
    title: { en: 'Title', fr: 'Titre' },
    status,
    specialty: { en: 'Specialty', fr: 'Spécialité' },
    startDate: { en: 'Start date', fr: 'Date de début' },
    endDate: { en: 'End date', fr: 'Date de fin' },
    conditions: { en: 'Conditions', fr: 'Affections' },
    contactId: { en: 'Study contact ID', fr: "ID du contact d'étude" },
    referenceCount: { en: 'References', fr: 'Références' },
    createdAt,
    updatedAt,
  },
  references: {
    id,
    patientIdMasked: { en: 'Patient ID (masked)', fr: 'ID patient (masqué)' },
    studyId: { en: 'Study ID', fr: "ID de l'étude" },
    studyTitle: { en: 'Study', fr: 'Étude' },
    referer: { en: 'Referer', fr: 'Référent' },
    status,
    duplicateOf: { en: 'Duplicate of', fr: 'Doublon de' },
    decidedAt: { en: 'Decided', fr: 'Décidée le' },
    reason: { en: 'Rejection reason', fr: 'Motif du refus' },
    createdAt,
    updatedAt,
  },
  studyContacts: {
    id,
    firstName: { en: 'First name', fr: 'Prénom' },
    lastName: { en: 'Last name', fr: 'Nom de famille' },
    displayName: { en: 'Display name', fr: "Nom d'affichage" },
    email: { en: 'Email', fr: 'Courriel' },
    phoneNumber: { en: 'Phone number', fr: 'Numéro de téléphone' },
    isTrialContact: { en: 'Trial contact', fr: "Contact de l'essai" },
    createdAt,
    updatedAt,
  },
  users: {
    id,
    firstName: { en: 'First name', fr: 'Prénom' },
    lastName: { en: 'Last name', fr: 'Nom de famille' },
    email: { en: 'Email', fr: 'Courriel' },
    phone: { en: 'Phone', fr: 'Téléphone' },
    role: { en: 'Role', fr: 'Rôle' },
    status,
    roleApproved: { en: 'Role approved', fr: 'Rôle approuvé' },
    createdAt,
    updatedAt,
  },
} as const satisfies Record<string, Record<string, Header>>;
export type ExportResource = keyof typeof EXPORT_COLUMNS;
