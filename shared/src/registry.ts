// ClinicalTrials.gov: the NCT number, the parts of an API v2 study record TrialDesk reads, the import's request and
// answer (docs/registry.md).
import { z } from 'zod';
import type { RegistryFields, StudyValues } from './studies.js';

/** "NCT" and 8 digits, as the registry writes it. */
export const NCT_ID = /^NCT\d{8}$/;
export const nctIdSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(NCT_ID, { message: 'validation.nctId' }));

/** The registry's public page of a study (what the study screen links to). */
export const registryStudyPage = (nctId: string) => `https://clinicaltrials.gov/study/${nctId}`;

/** The registry's overall statuses (API v2 `Status` enumeration); another value is kept as it is, and maps to Unknown. */
export const REGISTRY_STATUSES = [
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'ENROLLING_BY_INVITATION',
  'NOT_YET_RECRUITING',
  'RECRUITING',
  'SUSPENDED',
  'TERMINATED',
  'WITHDRAWN',
  'AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'TEMPORARILY_NOT_AVAILABLE',
  'APPROVED_FOR_MARKETING',
  'WITHHELD',
  'UNKNOWN',
] as const;
export type RegistryStatus = (typeof REGISTRY_STATUSES)[number];

/** A registry record as a file or a request carries it: at most this many bytes of JSON. */
export const REGISTRY_RECORD_MAX_BYTES = 1_000_000;
/** NCT numbers one pasted list imports at most. */
export const REGISTRY_BATCH_MAX = 200;

// The parts of a record the mapping reads; everything else in it passes through unread. Each part is optional
// except the NCT number, and has the type the API documents when present.
const loose = z.looseObject;
const texts = z.array(z.string());
/** The registry's PartialDate: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export const registryDateSchema = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { message: 'validation.invalid' });
const dateStruct = loose({ date: registryDateSchema.optional(), type: z.string().optional() });
const meshTerm = loose({ id: z.string().optional(), term: z.string() });

export const registryRecordSchema = loose({
  protocolSection: loose({
    identificationModule: loose({
      nctId: z.string().regex(NCT_ID, { message: 'validation.nctId' }),
      briefTitle: z.string().optional(),
      officialTitle: z.string().optional(),
    }),
    statusModule: loose({
      overallStatus: z.string().max(50).optional(),
      statusVerifiedDate: registryDateSchema.optional(),
      startDateStruct: dateStruct.optional(),
      completionDateStruct: dateStruct.optional(),
    }).optional(),
    sponsorCollaboratorsModule: loose({ leadSponsor: loose({ name: z.string().optional() }).optional() }).optional(),
    descriptionModule: loose({
      briefSummary: z.string().optional(),
      detailedDescription: z.string().optional(),
    }).optional(),
    conditionsModule: loose({ conditions: texts.optional(), keywords: texts.optional() }).optional(),
    eligibilityModule: loose({ eligibilityCriteria: z.string().optional() }).optional(),
    contactsLocationsModule: loose({
      centralContacts: z
        .array(
          loose({
            name: z.string().optional(),
            role: z.string().optional(),
            phone: z.string().optional(),
            email: z.string().optional(),
          }),
        )
        .optional(),
    }).optional(),
  }),
  derivedSection: loose({
    conditionBrowseModule: loose({
      meshes: z.array(meshTerm).optional(),
      ancestors: z.array(meshTerm).optional(),
      browseLeaves: z.array(loose({ id: z.string().optional(), name: z.string() })).optional(),
      browseBranches: z.array(loose({ abbrev: z.string(), name: z.string().optional() })).optional(),
    }).optional(),
  }).optional(),
});
export type RegistryRecord = z.output<typeof registryRecordSchema>;

/** Bytes of a value as JSON (UTF-8): how big a record is, wherever it came from. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/** A record no bigger than REGISTRY_RECORD_MAX_BYTES, then read as a registry record. */
const recordField = z
  .unknown()
  .superRefine((value, ctx) => {
    if (jsonBytes(value) > REGISTRY_RECORD_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.recordTooLarge',
        params: { max: REGISTRY_RECORD_MAX_BYTES / 1_000_000 },
      });
    }
  })
  .pipe(registryRecordSchema);

/**
 * `studies-import`: exactly one of an NCT number (read from the registry) or a record (a downloaded file);
 * `dryRun` maps and compares without writing; `version`, when the study exists, is the one the person reviewed.
 */
export const studyImportSchema = z
  .strictObject({
    nctId: nctIdSchema.optional(),
    record: recordField.optional(),
    dryRun: z.boolean().default(false),
    version: z.number().int().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.nctId === undefined) === (value.record === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['nctId'], message: 'validation.nctIdOrRecord' });
    }
  });
export type StudyImportRequest = z.input<typeof studyImportSchema>;
export type StudyImport = z.output<typeof studyImportSchema>;

/** A study's fields as an import saves them: the form's fields and what it keeps of the record. */
export type ImportedStudy = StudyValues & RegistryFields & { nctId: string };

/** The study contact an import names: an existing one (same e-mail), or the one it creates (`id` null on a dry run). */
export interface ImportedContact {
  id: string | null;
  displayName: string;
  email: string;
  /** Whether the import creates it (or, on a dry run, would). */
  created: boolean;
}

export interface StudyImportResponse {
  /** The study saved; on a dry run, the study already imported from the record, or null. */
  id: string | null;
  created: boolean;
  nctId: string;
  study: ImportedStudy;
  /** The fields that differ from the study already imported from the record (none for a new one). */
  changes: (keyof ImportedStudy)[];
  contact: ImportedContact | null;
  /** The version of the study saved (on a dry run, of the study already imported), for the next save's check. */
  version: number | null;
}
