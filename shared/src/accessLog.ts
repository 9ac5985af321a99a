// The access log: reads of patient-level data and refused calls, who made them and how they ended; Admins list it.
import { z } from 'zod';
import type { ExportResource } from './kinds.js';
import { idSchema, listSchema } from './validation.js';

/**
 * What was done: an answer carrying patient-level data (one reference read, a list of references, a patient-ID
 * search, a reference's history, a reference created, changed or triaged, an export) or a refused call.
 */
export const ACCESS_ACTIONS = [
  'readReference',
  'listReferences',
  'searchPatientId',
  'readReferenceHistory',
  'writeReference',
  'export',
  'refused',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** How it ended: allowed, or the refusal's error code. */
export const ACCESS_OUTCOMES = ['allowed', 'unauthenticated', 'permission-denied'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];

/** Days an entry is kept before Firestore's TTL policy removes it (docs/security.md). */
export const ACCESS_LOG_RETENTION_DAYS = 730;

const instant = z.iso.datetime({ offset: true, message: 'validation.date' });

/** Admins list the log newest first, optionally for one person, one action and a time range (inclusive). */
export const accessLogListSchema = listSchema({
  actorUid: idSchema.optional(),
  action: z.enum(ACCESS_ACTIONS).optional(),
  from: instant.optional(),
  to: instant.optional(),
}).superRefine((value, ctx) => {
  if (value.from && value.to && Date.parse(value.to) < Date.parse(value.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endBeforeStart' });
  }
});
export type AccessLogListQuery = z.infer<typeof accessLogListSchema>;

/** An export as the log keeps it: which list, and its filters as the request named them (a patient ID masked). */
export interface AccessExport {
  resource: ExportResource;
  filters: Record<string, string | number | boolean | null>;
}

/**
 * One entry. Entries keep facts, not sentences (the screen writes them in the reader's language); entries written
 * before that carry only `detail`, in English.
 */
export interface AccessLogEntry {
  id: string;
  at: string;
  /** Null for a call without a signed-in person. */
  actorUid: string | null;
  actorEmail: string | null;
  /** The person's name as their users record has it now; null without one. */
  actorName: string | null;
  action: AccessAction;
  /** The callable that was called, e.g. `references-get` (the screen names what it does). */
  callable: string;
  outcome: AccessOutcome;
  /** The records the answer carried (one for a read or a write, a page's for a list), in its order. */
  targetIds: string[];
  /** What the log shows of each of those records, in the same order: its masked patient ID (null when unknown). */
  targetLabels: (string | null)[];
  /** How many records the answer carried (an export's rows); null for a refused call. */
  count: number | null;
  /** The identifier a patient-ID search looked for, masked. */
  patientIdMasked: string | null;
  /** An export's list and filters. */
  export: AccessExport | null;
  /** Entries written before the facts above: what was searched or exported, in English (a masked patient ID at most). */
  detail: string | null;
}
