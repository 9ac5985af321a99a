// The audit log read back: one record's or one kind of record's history, newest first, naming the people in it.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { peopleNamed, type AuditEntry, type AuditListQuery, type ListResponse } from '@trialdesk/shared';
import { AUDIT_COLLECTION } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { peopleNames } from '../common/people.js';
import { iso } from '../common/records.js';

export const auditShape: QueryShape<'at:desc'> = {
  collection: AUDIT_COLLECTION,
  filters: [
    { field: 'entity', op: '==' },
    { field: 'entityId', op: '==' },
  ],
  sorts: { 'at:desc': { field: 'at', direction: 'desc' } },
};

type Stored = Omit<AuditEntry, 'actorName' | 'people'>;

function toStored(snap: DocumentSnapshot): Stored {
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

/** The page's entries with the names of their actors and of the people their changes name: one read per person. */
async function named(docs: DocumentSnapshot[]): Promise<AuditEntry[]> {
  const entries = docs.map(toStored);
  const nameOf = await peopleNames()(
    entries.flatMap((entry) => [entry.actorUid, ...peopleNamed(entry.entity, entry.changes)]),
  );
  return entries.map((entry) => ({
    ...entry,
    actorName: nameOf(entry.actorUid) ?? null,
    people: Object.fromEntries(
      peopleNamed(entry.entity, entry.changes).flatMap((id) => (nameOf(id) ? [[id, nameOf(id)!]] : [])),
    ),
  }));
}

/** History newest first; the users' history is for Admins only. */
export async function listAudit(q: AuditListQuery, caller: Caller): Promise<ListResponse<AuditEntry>> {
  if (q.entity === 'users' && caller.role !== 'Admin') throw fail('permission-denied', 'permissionDenied');
  const query = shapedQuery(auditShape, { entity: q.entity, entityId: q.entityId }, 'at:desc');
  return runList(auditShape.collection, query, q, named);
}
