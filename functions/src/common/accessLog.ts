// Writes the access log: reads of patient-level data and refused calls (who, what, when, outcome; docs/security.md).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { ACCESS_LOG_RETENTION_DAYS, type AccessAction, type AccessOutcome } from '@trialdesk/shared';
import { db } from './firebase.js';

export const ACCESS_LOG = 'accessLog';

const DAY_MS = 86_400_000;

/** What a callable reports of a call it served: the action, the records its answer carried, and a masked detail. */
export interface AccessRead {
  action: AccessAction;
  /** The records' IDs (none for an export, whose rows are counted only). */
  targetIds?: string[];
  count?: number;
  /** Never a raw patient identifier: a masked one at most. */
  detail?: string;
}

export interface AccessEntry extends AccessRead {
  actorUid: string | null;
  actorEmail: string | null;
  callable: string;
  outcome: AccessOutcome;
}

/** Adds one entry; `expiresAt` drives the Firestore TTL policy that removes it after the retention period. */
export async function recordAccess(entry: AccessEntry): Promise<void> {
  await db()
    .collection(ACCESS_LOG)
    .add({
      at: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + ACCESS_LOG_RETENTION_DAYS * DAY_MS),
      actorUid: entry.actorUid,
      actorEmail: entry.actorEmail,
      action: entry.action,
      callable: entry.callable,
      outcome: entry.outcome,
      targetIds: entry.targetIds ?? [],
      count: entry.count ?? entry.targetIds?.length ?? null,
      detail: entry.detail ?? null,
    });
}
