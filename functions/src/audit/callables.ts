// Callables of the audit log: the history of records, for staff (the users' history for Admins).
import type { AuditEntry } from '@trialdesk/shared';
import type { AccessTarget } from '../common/accessLog.js';
import { callable } from '../common/callable.js';
import { listAudit } from './service.js';

/** The references a page of history is about, each with the masked patient ID an entry of it records (if any). */
function historyTargets(entries: AuditEntry[]): AccessTarget[] {
  const labels = new Map<string, string | null>();
  for (const entry of entries) {
    const masked = entry.changes.patientIdMasked;
    const label = [masked?.to, masked?.from].find((value): value is string => typeof value === 'string' && !!value);
    if (!labels.get(entry.entityId)) labels.set(entry.entityId, label ?? null);
  }
  return [...labels].map(([id, label]) => ({ id, label }));
}

// A reference's history carries its patient-level fields (masked identifier, pseudonymous ID): logged as a read.
export const list = callable(
  'audit-list',
  {
    access: 'staff',
    logAccess: (data, result) =>
      data.entity === 'references' ? { action: 'readReferenceHistory', targets: historyTargets(result.items) } : null,
  },
  listAudit,
);
