// A `dashboard-stats` answer for the screen tests: every figure distinct, so each one on screen names its source.
import type { DashboardStats } from '@trialdesk/shared';

/** Twelve Mondays from 2025-03-03, the last one the current week. */
const WEEKS = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2025, 2, 3 + 7 * i)).toISOString().slice(0, 10));

/** All studies as an Admin sees them; `changes` replaces whole fields. */
export function dashboardStats(changes: Partial<DashboardStats> = {}): DashboardStats {
  return {
    studyId: null,
    studies: { total: 9, byStatus: { Recruiting: 5, Completed: 2, Withdrawn: 1, Unknown: 1 } },
    references: { total: 1234, byStatus: { Pending: 57, Accepted: 600, Rejected: 400, Duplicate: 170, Unknown: 7 } },
    studyContacts: { total: 12 },
    weekly: WEEKS.map((weekStart, i) => ({ weekStart, count: i + 1 })),
    decisions: { acceptanceRate: 0.6, medianDays: 3.5, sampled: 500 },
    topStudies: [
      { id: 'study-a', title: 'Asthma in adults', status: 'Recruiting', recent: 42, referenceCount: 310 },
      { id: 'study-b', title: 'Bone density after 60', status: 'Completed', recent: 17, referenceCount: 95 },
    ],
    topStudiesPartial: false,
    topStudiesAt: '2025-05-21T09:45:00.000Z',
    users: {
      total: 14,
      pending: 3,
      requests: [
        {
          id: 'new-uid',
          email: 'new.person@example.org',
          displayName: 'New Person',
          role: 'Editor',
          createdAt: '2025-05-20T13:45:00.000Z',
        },
      ],
    },
    activity: [
      {
        id: 'audit-1',
        at: '2025-05-21T09:30:00.000Z',
        actorEmail: 'editor@trialdesk.test',
        actorName: 'Eddie Tor',
        action: 'update',
        decision: null,
        entity: 'studies',
        entityId: 'study-a',
        label: 'Asthma in adults',
        deleted: false,
      },
      {
        id: 'audit-2',
        at: '2025-05-21T08:00:00.000Z',
        actorEmail: null,
        actorName: null,
        action: 'delete',
        decision: null,
        entity: 'references',
        entityId: 'ref-9',
        label: '********1234',
        deleted: true,
      },
      {
        id: 'audit-3',
        at: '2025-05-21T07:00:00.000Z',
        actorEmail: 'editor@trialdesk.test',
        actorName: 'Eddie Tor',
        action: 'update',
        decision: 'Accepted',
        entity: 'references',
        entityId: 'ref-7',
        label: '******5678',
        deleted: false,
      },
    ],
    ...changes,
  };
}
