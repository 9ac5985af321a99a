// Audit entries: what changed in a write, added to the same transaction as the write.
import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import type { AuditAction, AuditEntity } from '@trialdesk/shared';
import type { Caller } from './auth.js';
import { db } from './firebase.js';

export const AUDIT_COLLECTION = 'auditLog';

export type Changes = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `{ field: { from, to } }` for the listed fields that differ (absent counts as null). */
export function diff(before: DocumentData | null, after: DocumentData | null, fields: readonly string[]): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (!same(from, to)) changes[field] = { from, to };
  }
  return changes;
}

/** Adds the audit entry to the transaction that makes the change, so neither exists without the other. */
export function writeAudit(
  tx: Transaction,
  caller: Caller,
  entry: { action: AuditAction; entity: AuditEntity; entityId: string; changes: Changes },
): void {
  tx.create(db().collection(AUDIT_COLLECTION).doc(), {
    at: FieldValue.serverTimestamp(),
    actorUid: caller.uid,
    actorEmail: caller.email,
    ...entry,
  });
}
