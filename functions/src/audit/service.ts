// The audit log read back: one record's or one kind of record's history, newest first.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { AuditEntry, AuditListQuery, ListResponse } from '@trialdesk/shared';
import { AUDIT_COLLECTION } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { iso } from '../common/records.js';

export const auditShape: QueryShape<'at:desc'> = {
  collection: AUDIT_COLLECTION,
  filters: [
    { field: 'entity', op: '==' },
    { field: 'entityId', op: '==' },
  ],
  sorts: { 'at:desc': { field: 'at', direction: 'desc' } },
};

function toEntry(snap: DocumentSnapshot): AuditEntry {
  const data = snap.data() ?? {};
  return {
    id: snap.id,
    at: iso(data.at),
    actorUid: data.actorUid,
    actorEmail: data.actorEmail ?? null,
    action: data.action,
    entity: data.entity,
    entityId: data.entityId,
    changes: data.changes ?? {},
  };
}

/** History newest first; the users' history is for Admins only. */
export async function listAudit(q: AuditListQuery, caller: Caller): Promise<ListResponse<AuditEntry>> {
  if (q.entity === 'users' && caller.role !== 'Admin') throw fail('permission-denied', 'permissionDenied');
  const query = shapedQuery(auditShape, { entity: q.entity, entityId: q.entityId }, 'at:desc');
  return runList(auditShape.collection, query, q, (docs) => docs.map(toEntry));
}
