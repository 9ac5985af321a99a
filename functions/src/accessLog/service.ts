// The access log for Admins: newest first, by person, action and time range.
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { AccessLogEntry, AccessLogListQuery, ListResponse } from '@trialdesk/shared';
import { ACCESS_LOG } from '../common/accessLog.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { iso } from '../common/records.js';

export const accessLogShape: QueryShape<'at:desc'> = {
  collection: ACCESS_LOG,
  filters: [
    { field: 'actorUid', op: '==' },
    { field: 'action', op: '==' },
  ],
  sorts: { 'at:desc': { field: 'at', direction: 'desc' } },
};

function toEntry(snap: DocumentSnapshot): AccessLogEntry {
  const data = snap.data() ?? {};
  return {
    id: snap.id,
    at: iso(data.at),
    actorUid: data.actorUid ?? null,
    actorEmail: data.actorEmail ?? null,
    action: data.action,
    callable: data.callable,
    outcome: data.outcome,
    targetIds: data.targetIds ?? [],
    count: data.count ?? null,
    detail: data.detail ?? null,
  };
}

export async function listAccessLog(q: AccessLogListQuery): Promise<ListResponse<AccessLogEntry>> {
  // The time range is on the sort field, so every filter combination keeps the shape's index.
  let query = shapedQuery(accessLogShape, { actorUid: q.actorUid, action: q.action }, 'at:desc');
  if (q.from) query = query.where('at', '>=', Timestamp.fromDate(new Date(q.from)));
  if (q.to) query = query.where('at', '<=', Timestamp.fromDate(new Date(q.to)));
  return runList(accessLogShape.collection, query, q, (docs) => docs.map(toEntry));
}
