// The recruitment dashboard: counts by count() aggregations and bounded queries, never by reading whole collections.
import { Timestamp, type Query } from 'firebase-admin/firestore';
import {
  KINDS,
  decisionOf,
  kindOf,
  referencesKind,
  studiesKind,
  studyContactsKind,
  usersKind,
  DASHBOARD,
  REFERENCE_STATUSES,
  STUDY_STATUSES,
  type ActivityEntry,
  type AuditEntity,
  type DashboardStats,
  type DashboardStatsQuery,
  type TopStudy,
  type WeekCount,
} from '@trialdesk/shared';
import { AUDIT_COLLECTION } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { db } from '../common/firebase.js';
import type { QueryShape } from '../common/list.js';
import { peopleNames } from '../common/people.js';
import { iso } from '../common/records.js';

const DAY_MS = 86_400_000;

/** The latest decisions (the median's sample), for all studies or one: a shape, so their indexes are generated. */
export const decisionShape: QueryShape<'decidedAt:desc'> = {
  collection: referencesKind.collection,
  filters: [
    { field: 'studyId', op: '==' },
    { field: 'status', op: '==' },
  ],
  sorts: { 'decidedAt:desc': { field: 'decidedAt', direction: 'desc' } },
  unlisted: true,
};
const count = async (query: Query) => (await query.count().get()).data().count;

/**
 * Counts per status by count() aggregations, all at once; the total is their sum (every record has one of the
 * statuses: the schemas allow no other), which spares counting the whole collection again.
 */
async function byStatus<S extends string>(query: Query, statuses: readonly S[]) {
  const counts = await Promise.all(statuses.map((s) => count(query.where('status', '==', s))));
  return {
    total: counts.reduce((a, b) => a + b, 0),
    byStatus: Object.fromEntries(statuses.map((s, i) => [s, counts[i]])) as Record<S, number>,
  };
}

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/** Referrals per week, the current week last: one count() per week. */
async function weekly(references: Query, now: Date): Promise<WeekCount[]> {
  const current = weekStart(now).getTime();
  const starts = Array.from({ length: DASHBOARD.weeks }, (_, i) => current - (DASHBOARD.weeks - 1 - i) * 7 * DAY_MS);
  const counts = await Promise.all(
    starts.map((start) =>
      count(
        references
          .where('createdAt', '>=', Timestamp.fromMillis(start))
          .where('createdAt', '<', Timestamp.fromMillis(start + 7 * DAY_MS)),
      ),
    ),
  );
  return starts.map((start, i) => ({ weekStart: new Date(start).toISOString().slice(0, 10), count: counts[i] }));
}

/** The median of numbers (the mean of the two middle ones for an even count). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Days from referral to decision over the latest accepted or rejected referrals (a bounded query). */
async function decisionDays(references: Query): Promise<{ medianDays: number | null; sampled: number }> {
  const snap = await references
    .where('status', 'in', ['Accepted', 'Rejected'])
    .orderBy('decidedAt', 'desc')
    .limit(DASHBOARD.decisionSample)
    .select('decisionDays')
    .get();
  const days = snap.docs.map((d) => d.get('decisionDays')).filter((d): d is number => typeof d === 'number');
  return { medianDays: median(days), sampled: days.length };
}

interface Ranking {
  studies: TopStudy[];
  partial: boolean;
  at: Date;
}

/**
 * The studies with the most referrals in the window: the window's referrals read for their study only (a bounded
 * query), counted, and the leaders' records read together.
 */
async function rankStudies(now: Date): Promise<Ranking> {
  const since = Timestamp.fromMillis(now.getTime() - DASHBOARD.recentDays * DAY_MS);
  const snap = await db()
    .collection(referencesKind.collection)
    .where('createdAt', '>=', since)
    .limit(DASHBOARD.recentReadMax)
    .select('studyId')
    .get();
  const recent = new Map<string, number>();
  for (const doc of snap.docs) recent.set(doc.get('studyId'), (recent.get(doc.get('studyId')) ?? 0) + 1);
  const leaders = [...recent.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, DASHBOARD.topStudies);
  const snaps = leaders.length
    ? await db().getAll(...leaders.map(([id]) => db().collection(studiesKind.collection).doc(id)))
    : [];
  const studies = snaps.flatMap((study, i) =>
    study.exists
      ? [
          {
            id: study.id,
            title: study.get('title'),
            status: study.get('status'),
            recent: leaders[i][1],
            referenceCount: study.get('referenceCount') ?? 0,
          },
        ]
      : [],
  );
  return { studies, partial: snap.size === DASHBOARD.recentReadMax, at: now };
}

/** The latest ranking per project, kept by this instance: a 30-day ranking moves little in a minute. */
const rankings = new Map<string, Ranking>();

/**
 * The ranking made at most `rankingMaxAgeSeconds` ago (the dashboard says when): it is the one part that reads
 * documents in proportion to the window's referrals, so it is not made again on every load (docs/decisions.md).
 */
async function topStudies(now: Date): Promise<Ranking> {
  const project = process.env.GCLOUD_PROJECT ?? '';
  const kept = rankings.get(project);
  if (kept && now.getTime() - kept.at.getTime() < DASHBOARD.rankingMaxAgeSeconds * 1000) return kept;
  const ranking = await rankStudies(now);
  rankings.set(project, ranking);
  return ranking;
}

/**
 * What a deleted record was last called: its latest audit entry (its deletion, which holds every field before) says,
 * or an earlier one that set the label. One query per deleted record of the page (at most `DASHBOARD.activity`).
 */
async function lastLabel(entity: AuditEntity, entityId: string): Promise<string | null> {
  const field = kindOf(entity).label;
  const latest = await db()
    .collection(AUDIT_COLLECTION)
    .where('entity', '==', entity)
    .where('entityId', '==', entityId)
    .orderBy('at', 'desc')
    .limit(1)
    .get();
  const change = latest.docs[0]?.get('changes')?.[field] as { from?: unknown; to?: unknown } | undefined;
  const value = change?.to ?? change?.from;
  return typeof value === 'string' && value ? value : null;
}

/** The latest audit entries: one study's history, or everything staff may see (users' history for Admins only). */
async function activity(caller: Caller, studyId: string | undefined): Promise<ActivityEntry[]> {
  const log = db().collection(AUDIT_COLLECTION);
  // The kinds whose records the caller may list (users: Admins only).
  const entities = KINDS.filter((kind) => kind.callables.list === 'staff' || caller.role === 'Admin').map(
    (kind) => kind.name,
  );
  const query = studyId
    ? log.where('entity', '==', 'studies').where('entityId', '==', studyId)
    : log.where('entity', 'in', entities);
  const snap = await query.orderBy('at', 'desc').limit(DASHBOARD.activity).get();
  const records = snap.docs.map((d) =>
    db()
      .collection(kindOf(d.get('entity') as AuditEntity).collection)
      .doc(d.get('entityId')),
  );
  // The records named, in one batched read (at most ten), for what they are called now; the actors' names likewise.
  const [current, nameOf] = await Promise.all([
    records.length ? db().getAll(...records) : [],
    peopleNames()(snap.docs.map((d) => d.get('actorUid'))),
  ]);
  // A deleted record keeps the name its entries last gave it: once per record, however many of its entries show.
  const gone = new Map<string, Promise<string | null>>();
  const labels = await Promise.all(
    snap.docs.map((d, i) => {
      const entity = d.get('entity') as AuditEntity;
      const data = current[i].data();
      if (data) return String(data[kindOf(entity).label] ?? '') || null;
      const key = `${entity}/${d.get('entityId')}`;
      if (!gone.has(key)) gone.set(key, lastLabel(entity, d.get('entityId')));
      return gone.get(key)!;
    }),
  );
  return snap.docs.map((d, i) => ({
    id: d.id,
    at: iso(d.get('at')),
    actorEmail: d.get('actorEmail') ?? null,
    actorName: nameOf(d.get('actorUid')) ?? null,
    action: d.get('action'),
    decision: decisionOf({ action: d.get('action'), entity: d.get('entity'), changes: d.get('changes') ?? {} }),
    entity: d.get('entity') as AuditEntity,
    entityId: d.get('entityId'),
    label: labels[i],
    deleted: !current[i].exists,
  }));
}

/** Pending access requests, for Admins: how many, and the latest few. */
async function accessRequests() {
  const users = db().collection(usersKind.collection);
  const pending = users.where('roleApproved', '==', false);
  const [total, waiting, latest] = await Promise.all([
    count(users),
    count(pending),
    pending.orderBy('createdAt', 'desc').limit(DASHBOARD.pendingRequests).get(),
  ]);
  const requests = latest.docs.map((d) => ({
    id: d.id,
    email: d.get('email'),
    displayName: `${d.get('firstName') ?? ''} ${d.get('lastName') ?? ''}`.trim(),
    role: d.get('role'),
    createdAt: iso(d.get('createdAt')),
  }));
  return { total, pending: waiting, requests };
}

/** All studies' numbers, or one study's funnel (`studyId`): every part at once. */
export async function dashboardStats(
  q: DashboardStatsQuery,
  caller: Caller,
  now = new Date(),
): Promise<DashboardStats> {
  const all = db().collection(referencesKind.collection);
  const references = q.studyId ? all.where('studyId', '==', q.studyId) : all;
  const [studies, referenceCounts, contacts, weeks, decisions, top, users, recent] = await Promise.all([
    byStatus(db().collection(studiesKind.collection), STUDY_STATUSES),
    byStatus(references, REFERENCE_STATUSES),
    count(db().collection(studyContactsKind.collection)),
    weekly(references, now),
    decisionDays(references),
    q.studyId ? null : topStudies(now),
    caller.role === 'Admin' ? accessRequests() : null,
    activity(caller, q.studyId),
  ]);
  const { Accepted: accepted, Rejected: rejected } = referenceCounts.byStatus;
  return {
    studyId: q.studyId ?? null,
    studies,
    references: referenceCounts,
    studyContacts: { total: contacts },
    weekly: weeks,
    decisions: { acceptanceRate: accepted + rejected ? accepted / (accepted + rejected) : null, ...decisions },
    topStudies: top?.studies ?? [],
    topStudiesPartial: top?.partial ?? false,
    topStudiesAt: top ? top.at.toISOString() : null,
    users,
    activity: recent,
  };
}
