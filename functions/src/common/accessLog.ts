// Writes the access log: reads of patient-level data and refused calls (who, what, when, outcome; docs/security.md).
// An entry keeps facts (the action, the records and their masked IDs, counts, an export's filters), never a sentence:
// the screen says them in its reader's language.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { ACCESS_LOG_RETENTION_DAYS, type AccessAction, type AccessExport, type AccessOutcome } from '@trialdesk/shared';
import { db } from './firebase.js';

export const ACCESS_LOG = 'accessLog';

const DAY_MS = 86_400_000;

/** A record an answer carried: its ID, and its masked patient ID (what the log shows of it). */
export interface AccessTarget {
  id: string;
  label: string | null;
}

/** What a callable reports of a call it served: the action, the records its answer carried, what was searched. */
export interface AccessRead {
  action: AccessAction;
  /** The records, in the answer's order (none for an export, whose rows are counted only). */
  targets?: AccessTarget[];
  count?: number;
  /** A patient-ID search's identifier: masked, never raw. */
  patientIdMasked?: string;
  /** An export's list and filters (a patient ID masked). */
  export?: AccessExport;
}

export interface AccessEntry extends AccessRead {
  actorUid: string | null;
  actorEmail: string | null;
  callable: string;
  outcome: AccessOutcome;
}

/** An entry as stored; `expiresAt` drives the Firestore TTL policy that removes it after the retention period. */
const stored = (entry: AccessEntry) => {
  const targets = entry.targets ?? [];
  return {
    at: FieldValue.serverTimestamp(),
    expiresAt: Timestamp.fromMillis(Date.now() + ACCESS_LOG_RETENTION_DAYS * DAY_MS),
    actorUid: entry.actorUid,
    actorEmail: entry.actorEmail,
    action: entry.action,
    callable: entry.callable,
    outcome: entry.outcome,
    targetIds: targets.map((target) => target.id),
    targetLabels: targets.map((target) => target.label),
    count: entry.count ?? (entry.targets ? targets.length : null),
    patientIdMasked: entry.patientIdMasked ?? null,
    export: entry.export ?? null,
  };
};

/**
 * Adds the entries of one call in one commit (a reference's write and its patient-ID check are two): all are
 * recorded or none, and a call pays one round trip for them (docs/benchmarks.md, "npm start").
 */
export async function recordAccess(...entries: AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const log = db().collection(ACCESS_LOG);
  if (entries.length === 1) {
    await log.add(stored(entries[0]));
    return;
  }
  const batch = db().batch();
  for (const entry of entries) batch.create(log.doc(), stored(entry));
  await batch.commit();
}
