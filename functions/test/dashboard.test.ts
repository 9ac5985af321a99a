// The recruitment dashboard's numbers against counts the test makes itself from every stored record: statuses,
// weekly referrals, acceptance rate, median days to decision, the most referred studies, requests and activity.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD, REFERENCE_STATUSES, STUDY_STATUSES, type Study } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import { dashboardStats } from '../src/dashboard/service.js';
import {
  call,
  newContact,
  newReference,
  newStudy,
  newUser,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';
import { validPayloads } from './fixtures.js';

useProject('dashboard');
let people: Record<PersonaKind, Persona>;
let studies: Study[];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Monday 00:00 UTC of this week, written here again rather than taken from the service. */
function thisMonday(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
}

/** Referral times over 16 weeks, kept hours away from the week and 30-day boundaries the dashboard cuts at. */
function referralTimes(count: number): number[] {
  const now = Date.now();
  const monday = thisMonday();
  return Array.from({ length: count }, (_, i) => {
    if (i % 6 === 0) return now - 10 * 60_000;
    let at = monday - (i % 16) * 7 * DAY + ((i * 5) % 7) * DAY + 6 * HOUR + (i % 5) * HOUR;
    if (at > now - HOUR) at -= 7 * DAY;
    if (Math.abs(at - (now - DASHBOARD.recentDays * DAY)) < 3 * HOUR) at -= 6 * HOUR;
    return at;
  });
}

beforeAll(async () => {
  people = await personas();
  const { editor, admin } = people;
  studies = [
    await newStudy(editor, { title: 'Heart failure registry', status: 'Recruiting' }),
    await newStudy(editor, { title: 'Cardiac rehab after infarction', status: 'Recruiting' }),
    await newStudy(editor, { title: 'Statins in the elderly', status: 'Completed' }),
    await newStudy(editor, { title: 'Sleep apnoea screening', status: 'Withdrawn' }),
  ];
  await newContact(editor);
  await newUser(admin, { roleApproved: false, firstName: 'Luc', lastName: 'Pending' });
  // 48 referrals through the callables, then moved back in time: a referral cannot be made in the past through
  // the API, and the weekly chart and the median need a history.
  const statuses = ['Pending', 'Accepted', 'Rejected', 'Pending', 'Accepted', 'Unknown'] as const;
  const times = referralTimes(48);
  for (let i = 0; i < times.length; i++) {
    const study = studies[i % 7 === 0 ? 2 : i % 3 === 0 ? 1 : 0];
    const reference = await newReference(editor, study.id, { status: statuses[i % statuses.length] });
    const decided = reference.status === 'Accepted' || reference.status === 'Rejected';
    const days = (i * 7) % 23;
    await db()
      .collection('references')
      .doc(reference.id)
      .update({
        createdAt: Timestamp.fromMillis(times[i]),
        ...(decided ? { decidedAt: Timestamp.fromMillis(times[i] + days * DAY), decisionDays: days } : {}),
      });
  }
});

/** Every reference as stored, read in full: the test's own count. */
async function storedReferences(studyId?: string) {
  const snap = await db().collection('references').get();
  return snap.docs.map((d) => d.data()).filter((r) => studyId === undefined || r.studyId === studyId);
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function expected(studyId?: string) {
  const references = await storedReferences(studyId);
  const byStatus = Object.fromEntries(
    REFERENCE_STATUSES.map((s) => [s, references.filter((r) => r.status === s).length]),
  );
  const monday = thisMonday();
  const weekly = Array.from({ length: DASHBOARD.weeks }, (_, i) => {
    const start = monday - (DASHBOARD.weeks - 1 - i) * 7 * DAY;
    const count = references.filter(
      (r) => r.createdAt.toMillis() >= start && r.createdAt.toMillis() < start + 7 * DAY,
    ).length;
    return { weekStart: new Date(start).toISOString().slice(0, 10), count };
  });
  const decided = references.filter((r) => r.status === 'Accepted' || r.status === 'Rejected');
  const since = Date.now() - DASHBOARD.recentDays * DAY;
  const recent = new Map<string, number>();
  for (const r of references)
    if (r.createdAt.toMillis() >= since) recent.set(r.studyId, (recent.get(r.studyId) ?? 0) + 1);
  return {
    references: { total: references.length, byStatus },
    weekly,
    acceptanceRate: decided.length ? byStatus.Accepted / decided.length : null,
    medianDays: median(decided.map((r) => r.decisionDays)),
    sampled: decided.length,
    recent,
  };
}

describe('dashboard-stats', () => {
  it("all studies: every number is the stored records' own count", async () => {
    const stats = await call('dashboard-stats', {}, people.editor);
    const want = await expected();
    expect(stats.studyId).toBeNull();
    expect(stats.studies).toEqual({
      total: 4,
      byStatus: Object.fromEntries(STUDY_STATUSES.map((s) => [s, s === 'Recruiting' ? 2 : s === 'Unknown' ? 0 : 1])),
    });
    expect(stats.references).toEqual(want.references);
    expect(stats.references.byStatus.Pending).toBeGreaterThan(0);
    expect(stats.studyContacts).toEqual({ total: 1 });
    expect(stats.weekly).toEqual(want.weekly);
    expect(stats.weekly.filter((w) => w.count > 0).length).toBeGreaterThan(6);
    expect(stats.decisions).toEqual({
      acceptanceRate: want.acceptanceRate,
      medianDays: want.medianDays,
      sampled: want.sampled,
    });
    expect(stats.decisions.medianDays).toBeGreaterThan(0);
    const ranked = [...want.recent.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    expect(stats.topStudies.map((s) => [s.id, s.recent])).toEqual(ranked.slice(0, DASHBOARD.topStudies));
    for (const top of stats.topStudies) {
      const study = studies.find((s) => s.id === top.id)!;
      const stored = await db().collection('studies').doc(top.id).get();
      expect(top).toMatchObject({
        title: study.title,
        status: study.status,
        referenceCount: stored.get('referenceCount'),
      });
    }
    expect(stats.topStudiesPartial).toBe(false);
  });

  it('one study: its funnel, weeks and decisions only', async () => {
    for (const study of studies) {
      const stats = await call('dashboard-stats', { studyId: study.id }, people.editor);
      const want = await expected(study.id);
      expect(stats.studyId).toBe(study.id);
      expect(stats.references).toEqual(want.references);
      expect(stats.weekly).toEqual(want.weekly);
      expect(stats.decisions).toEqual({
        acceptanceRate: want.acceptanceRate,
        medianDays: want.medianDays,
        sampled: want.sampled,
      });
      expect(stats.topStudies).toEqual([]);
      expect(stats.activity.every((a) => a.entity === 'studies' && a.entityId === study.id)).toBe(true);
      // Named as it is called now, in one batched read.
      expect(new Set(stats.activity.map((a) => a.label))).toEqual(new Set([study.title]));
      expect(stats.activity.length).toBeGreaterThan(0);
    }
  });

  it("access requests for Admins only; the activity leaves the users' history to Admins", async () => {
    const asEditor = await call('dashboard-stats', {}, people.editor);
    expect(asEditor.users).toBeNull();
    expect(asEditor.activity).toHaveLength(DASHBOARD.activity);
    expect(asEditor.activity.some((a) => a.entity === 'users')).toBe(false);
    const asAdmin = await call('dashboard-stats', {}, people.admin);
    const users = await db().collection('users').get();
    const pending = users.docs.filter((d) => d.get('roleApproved') === false);
    expect(asAdmin.users).toMatchObject({ total: users.size, pending: pending.length });
    expect(asAdmin.users!.requests.map((r) => r.email).sort()).toEqual(pending.map((d) => d.get('email')).sort());
    expect(asAdmin.users!.requests.find((r) => r.displayName === 'Luc Pending')).toBeTruthy();
    for (const entry of asAdmin.activity) {
      const record = await db().collection(entry.entity).doc(entry.entityId).get();
      const name = (
        {
          studies: 'title',
          references: 'patientIdMasked',
          studyContacts: 'displayName',
          users: 'email',
          documents: 'name',
        } as Partial<Record<string, string>>
      )[entry.entity];
      expect(name).toBeDefined();
      expect(entry.label).toBe(record.get(name!));
    }
    const times = asAdmin.activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('the activity names the actor and a triage decision, and keeps a deleted record named on each of its lines', async () => {
    const { admin, editor } = people;
    const triage = (await validPayloads['references-triage'](editor, editor)) as { id: string };
    await call('references-triage', triage, editor);
    const contact = await newContact(admin, { firstName: 'Gone', lastName: 'Later', displayName: 'Gone Later' });
    const changed = await call('studyContacts-update', { id: contact.id, version: 1, lastName: 'Later-On' }, admin);
    await call('studyContacts-delete', { id: contact.id, version: changed.version }, admin);
    const { activity } = await call('dashboard-stats', {}, admin);
    const [deleted, updated, created, decided] = activity;
    const line = ({ action, decision, entity, label, deleted: gone, actorName }: (typeof activity)[number]) => ({
      action,
      decision,
      entity,
      label,
      deleted: gone,
      actorName,
    });
    const contactLine = { entity: 'studyContacts', label: 'Gone Later', deleted: true, actorName: 'Test admin' };
    expect([deleted, updated, created].map(line)).toEqual([
      { action: 'delete', decision: null, ...contactLine },
      { action: 'update', decision: null, ...contactLine },
      { action: 'create', decision: null, ...contactLine },
    ]);
    const reference = await call('references-get', { id: triage.id }, editor);
    expect(line(decided)).toEqual({
      action: 'update',
      decision: 'Rejected',
      entity: 'references',
      label: reference.patientIdMasked,
      deleted: false,
      actorName: 'Test editor',
    });
  });

  it('makes the ranking again once it is a minute old, not on every load', async () => {
    const caller = {
      uid: people.editor.uid,
      email: people.editor.email,
      role: 'Editor',
      approved: true,
      authTime: null,
    } as const;
    const start = new Date(Date.now() + 2 * 60_000);
    const first = await dashboardStats({}, caller, start);
    expect(first.topStudiesAt).toBe(start.toISOString());
    // Twenty referrals to a study that had none: the kept ranking does not see them, the next one does.
    const quiet = studies[3];
    for (let i = 0; i < 20; i++) await newReference(people.editor, quiet.id);
    const kept = await dashboardStats({}, caller, new Date(start.getTime() + 30_000));
    expect(kept.topStudiesAt).toBe(start.toISOString());
    expect(kept.topStudies).toEqual(first.topStudies);
    const later = new Date(start.getTime() + DASHBOARD.rankingMaxAgeSeconds * 1000);
    const made = await dashboardStats({}, caller, later);
    expect(made.topStudiesAt).toBe(later.toISOString());
    expect(made.topStudies[0]).toMatchObject({ id: quiet.id, recent: 20 });
  });
});
