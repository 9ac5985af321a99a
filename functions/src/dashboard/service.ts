// Dashboard counts from count() aggregations, never by reading whole collections.
import type { Query } from 'firebase-admin/firestore';
import { REFERENCE_STATUSES, STUDY_STATUSES, type DashboardStats } from '@trialdesk/shared';
import type { Caller } from '../common/auth.js';
import { db } from '../common/firebase.js';
import { REFERENCES } from '../references/service.js';
import { STUDIES } from '../studies/service.js';
import { CONTACTS } from '../studyContacts/service.js';
import { USERS } from '../users/service.js';

const count = async (query: Query) => (await query.count().get()).data().count;

/** Counts per status by count() aggregations, all at once; users only for Admins. */
async function byStatus<S extends string>(collection: string, statuses: readonly S[]) {
  const ref = db().collection(collection);
  const [total, ...counts] = await Promise.all([
    count(ref),
    ...statuses.map((s) => count(ref.where('status', '==', s))),
  ]);
  return { total, byStatus: Object.fromEntries(statuses.map((s, i) => [s, counts[i]])) as Record<S, number> };
}

export async function dashboardStats(caller: Caller): Promise<DashboardStats> {
  const users = db().collection(USERS);
  const [studies, references, contacts, userCounts] = await Promise.all([
    byStatus(STUDIES, STUDY_STATUSES),
    byStatus(REFERENCES, REFERENCE_STATUSES),
    count(db().collection(CONTACTS)),
    caller.role === 'Admin' ? Promise.all([count(users), count(users.where('roleApproved', '==', false))]) : null,
  ]);
  return {
    studies,
    references,
    studyContacts: { total: contacts },
    users: userCounts ? { total: userCounts[0], pending: userCounts[1] } : null,
  };
}
