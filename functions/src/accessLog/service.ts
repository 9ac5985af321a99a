// The access log for Admins: newest first, by person, action and time range, naming the people in it.
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { AccessLogEntry, AccessLogListQuery, ListResponse } from '@trialdesk/shared';
import { ACCESS_LOG } from '../common/accessLog.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { peopleNames } from '../common/people.js';
import { iso } from '../common/records.js';

export const accessLogShape: QueryShape<'at:desc'> = {
  collection: ACCESS_LOG,
  filters: [
    { field: 'actorUid', op: '==' },
    { field: 'action', op: '==' },
  ],
  sorts: { 'at:desc': { field: 'at', direction: 'desc' } },
};

/** An entry as stored; one written before entries kept facts has no labels, search or export (its `detail` says). */
function toEntry(snap: DocumentSnapshot, nameOf: (uid: string) => string | undefined): AccessLogEntry {
  const data = snap.data() ?? {};
  const targetIds: string[] = data.targetIds ?? [];
  return {
    id: snap.id,
    at: iso(data.at),
    actorUid: data.actorUid ?? null,
    actorEmail: data.actorEmail ?? null,
    actorName: (data.actorUid && nameOf(data.actorUid)) || null,
    action: data.action,
    callable: data.callable,
    outcome: data.outcome,
    targetIds,
    targetLabels: targetIds.map((_, i) => data.targetLabels?.[i] ?? null),
    count: data.count ?? null,
    patientIdMasked: data.patientIdMasked ?? null,
    export: data.export ?? null,
    detail: data.detail ?? null,
  };
}

export async function listAccessLog(q: AccessLogListQuery): Promise<ListResponse<AccessLogEntry>> {
  // The time range is on the sort field, so every filter combination keeps the shape's index.
  let query = shapedQuery(accessLogShape, { actorUid: q.actorUid, action: q.action }, 'at:desc');
  if (q.from) query = query.where('at', '>=', Timestamp.fromDate(new Date(q.from)));
  if (q.to) query = query.where('at', '<=', Timestamp.fromDate(new Date(q.to)));
  return runList(accessLogShape.collection, query, q, async (docs) => {
    // The page's people, one read each.
    const nameOf = await peopleNames()(docs.map((doc) => doc.get('actorUid')));
    return docs.map((doc) => toEntry(doc, nameOf));
  });
}
