// Study documents and pictures in Cloud Storage: categories, accepted types, Storage paths, requests and records.
import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from './limits.js';
import { declareKind, recordTypes } from './kind.js';
import type { RecordMeta } from './records.js';
import { idSchema, listBase, listSchema, requiredText, versioned } from './validation.js';

export const DOCUMENT_CATEGORIES = [
  'Protocol',
  'ConsentForm',
  'EthicsApproval',
  'InvestigatorBrochure',
  'Other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The file types a study document may have (checked from the file's bytes on the server), with an extension. */
export const DOCUMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'text/plain': 'txt',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** The file name a download gets: the document's name with its type's extension (unless it has it already). */
export function documentFileName(name: string, type: DocumentType): string {
  const extension = DOCUMENT_TYPES[type];
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}
export const DOCUMENT_MIME_TYPES = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** The image types a user's picture may have. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Storage paths: the browser writes only into its own upload folder; a callable checks the upload and moves it to
 * its final place, which approved staff may read (storage.rules, docs/security.md).
 */
export const STORAGE_PATHS = {
  /** Every person's upload folder. */
  uploads: 'uploads/',
  uploadFolder: (uid: string) => `uploads/${uid}/`,
  /** A study's documents, or General's when `studyId` is null; one object per version (a random id each, so two
   * uploads racing for the same version number never write the same object). */
  documentVersion: (studyId: string | null, documentId: string, objectId: string) =>
    `${studyId === null ? 'general' : `studies/${studyId}`}/documents/${documentId}/${objectId}`,
  picture: (uid: string, name: string) => `pictures/${uid}/${name}`,
} as const;

/**
 * The function that hands a study document, or the caller's own export, to the browser, checking the caller's
 * standing at that moment (docs/security.md, "Files"). Storage never serves these files to a browser itself, so no
 * download link exists that outlives a person's access.
 */
export const FILE_DOWNLOAD_FUNCTION = 'files-download';

/** Its request, in the query string: the Storage path of a document version or of an export. */
export const fileDownloadSchema = z.strictObject({
  path: z
    .string()
    .min(1, { message: 'validation.required' })
    .max(LIMITS.uploadPathMax)
    .regex(
      /^(?:(?:general|studies\/[A-Za-z0-9_-]{1,128})\/documents\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}|exports\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_.-]{1,200})$/,
      { message: 'validation.invalid' },
    ),
});

/** Where an upload of `uid` may be: one object directly in their folder, with a plain name. */
export const uploadPathSchema = z
  .string()
  .min(1, { message: 'validation.required' })
  .max(LIMITS.uploadPathMax)
  .regex(/^uploads\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_.-]{1,128}$/, { message: 'validation.invalid' });

export const documentNameSchema = requiredText(LIMITS.documentNameMax);

/** A new document in a study's folder (or General, `studyId: null`), from the caller's upload. */
export const documentCreateSchema = z.strictObject({
  uploadPath: uploadPathSchema,
  studyId: idSchema.nullable(),
  name: documentNameSchema,
  category: z.enum(DOCUMENT_CATEGORIES),
});
export type DocumentCreate = z.infer<typeof documentCreateSchema>;

/** The next version of a document, from the caller's upload; the document's name and category stay. */
export const documentAddVersionSchema = z.strictObject({ ...versioned, uploadPath: uploadPathSchema });

/** Rename and/or recategorise. */
export const documentUpdateSchema = z.strictObject({
  ...versioned,
  name: documentNameSchema.optional(),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
});
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

export const DOCUMENT_SORTS = [
  'updatedAt:desc',
  'updatedAt:asc',
  'name:asc',
  'name:desc',
  'size:desc',
  'size:asc',
] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** Documents of one folder (a study, or General with `studyId: null`), or of every folder when absent. */
export const documentListSchema = listSchema({
  search: listBase.search,
  studyId: idSchema.nullable().optional(),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  sort: z.enum(DOCUMENT_SORTS).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListSchema>;

/**
 * How many documents each folder holds (a study's, or General's as `null`): the file manager's page of folders, at
 * most the largest list page (each folder is one count aggregation).
 */
export const documentCountsSchema = z.strictObject({
  studyIds: z
    .array(idSchema.nullable())
    .min(1)
    .max(PAGE_SIZES[PAGE_SIZES.length - 1]),
});
export type DocumentCountsQuery = z.infer<typeof documentCountsSchema>;
/** The counts in the order of the folders asked for. */
export interface DocumentCounts {
  counts: number[];
}

/** A user's picture from their upload (already cropped and resized in the browser), or none (`uploadPath: null`). */
export const userPictureSchema = z.strictObject({ ...versioned, uploadPath: uploadPathSchema.nullable() });
export type UserPicture = z.infer<typeof userPictureSchema>;

/** One stored version of a document's file. */
export interface DocumentVersion {
  /** 1, 2, ... */
  number: number;
  size: number;
  contentType: DocumentType;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Storage object (approved staff may read it). */
  path: string;
  uploadedAt: string;
  uploadedBy: string;
}

export interface StudyDocument extends RecordMeta {
  /** null: the General folder. */
  studyId: string | null;
  name: string;
  category: DocumentCategory;
  /** The latest version. */
  current: DocumentVersion;
  versionCount: number;
}

/** A document with its whole history, newest first. */
export interface StudyDocumentDetail extends StudyDocument {
  versions: DocumentVersion[];
}

/** The file callables' errors in both languages: English for the server, both for the web's dictionaries (added
 * after sign-in, so the login route carries neither). */
export const fileErrorsEn = {
  uploadMissing: 'The uploaded file was not found. Upload it again.',
  uploadNotYours: 'This upload belongs to someone else.',
  fileEmpty: 'This file is empty.',
  fileTooLarge: 'This file is over {{max}} MB.',
  fileTypeRefused: 'This type of file is not accepted.',
  pictureTypeRefused: 'A picture must be PNG, JPEG or WebP.',
  documentVersionsFull: 'This document has reached {{max}} versions.',
  exportExpired: 'This export is no longer available. Export the list again.',
} as const;
const fileErrorsFr: Record<keyof typeof fileErrorsEn, string> = {
  uploadMissing: 'Le fichier téléversé est introuvable. Téléversez-le à nouveau.',
  uploadNotYours: 'Ce fichier appartient à quelqu’un d’autre.',
  fileEmpty: 'Ce fichier est vide.',
  fileTooLarge: 'Ce fichier dépasse {{max}} Mo.',
  fileTypeRefused: 'Ce type de fichier n’est pas accepté.',
  pictureTypeRefused: 'Une photo doit être en PNG, JPEG ou WebP.',
  documentVersionsFull: 'Ce document a atteint {{max}} versions.',
  exportExpired: 'Cette exportation n’est plus disponible. Exportez la liste de nouveau.',
};
export const fileMessages = { en: { errors: fileErrorsEn }, fr: { errors: fileErrorsFr } };

/** Study documents as a record kind: no export; a get, create or update answers with every version. */
export const documentsKind = declareKind({
  name: 'documents',
  collection: 'documents',
  types: recordTypes<StudyDocument, StudyDocumentDetail>(),
  requests: { list: documentListSchema, create: documentCreateSchema, update: documentUpdateSchema },
  callables: { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin' },
  label: 'name',
});
