// The recruitment dashboard: its request (all studies or one), its windows, and what `dashboard-stats` answers.
import { z } from 'zod';
import type { AuditAction, ReferenceStatus, Role, StudyStatus } from './enums.js';
import type { AuditEntity } from './kinds.js';
import type { TriageDecision } from './triage.js';
import { idSchema } from './validation.js';

/** All studies, or one study's funnel (its edit screen, the dashboard's study filter). */
export const dashboardStatsSchema = z.strictObject({ studyId: idSchema.optional() });
export type DashboardStatsQuery = z.infer<typeof dashboardStatsSchema>;

export const DASHBOARD = {
  /** Weeks of the referrals chart, the current (partial) week last; weeks start on Monday, 00:00 UTC. */
  weeks: 12,
  /** The window of the most-referred studies, and how many are shown. */
  recentDays: 30,
  topStudies: 10,
  /** The median time to decision is taken over at most this many of the latest decisions. */
  decisionSample: 500,
  /** The referrals of the window read at most to rank studies (a bounded query; the card says when it is hit). */
  recentReadMax: 20_000,
  /** The ranking is made again at most this often per server instance: it reads the window's referrals. */
  rankingMaxAgeSeconds: 60,
  activity: 10,
  pendingRequests: 5,
} as const;

export interface WeekCount {
  /** Monday of the week, `YYYY-MM-DD`. */
  weekStart: string;
  count: number;
}

export interface TopStudy {
  id: string;
  title: string;
  status: StudyStatus;
  /** Referrals in the last `recentDays` days. */
  recent: number;
  referenceCount: number;
}

export interface ActivityEntry {
  id: string;
  at: string;
  actorEmail: string | null;
  /** The actor's name as their users record has it now; null once the record is gone (the e-mail then). */
  actorName: string | null;
  action: AuditAction;
  /** The decision a reference's change took (decisionOf), so the line names it rather than "changed". */
  decision: TriageDecision | null;
  entity: AuditEntity;
  entityId: string;
  /**
   * What the record is called (a study's title, a masked patient ID, an e-mail): now, or for a deleted record what
   * its latest audit entry last called it; null when no entry says.
   */
  label: string | null;
  /** The record no longer exists (it opens nowhere). */
  deleted: boolean;
}

export interface AccessRequest {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  createdAt: string;
}

export interface DashboardStats {
  /** The study the numbers are for, or null for all studies. */
  studyId: string | null;
  studies: { total: number; byStatus: Record<StudyStatus, number> };
  references: { total: number; byStatus: Record<ReferenceStatus, number> };
  studyContacts: { total: number };
  weekly: WeekCount[];
  decisions: {
    /** Accepted / (accepted + rejected), null before any decision. */
    acceptanceRate: number | null;
    /** Median days from referral to decision over the latest `sampled` decisions (accepted or rejected). */
    medianDays: number | null;
    sampled: number;
  };
  /** Empty for one study. */
  topStudies: TopStudy[];
  /** The ranking read fewer referrals than the window holds (more than `recentReadMax`). */
  topStudiesPartial: boolean;
  /** When the ranking was made (at most `rankingMaxAgeSeconds` ago); null for one study. */
  topStudiesAt: string | null;
  /** Only for Admins (null for Editors). */
  users: { total: number; pending: number; requests: AccessRequest[] } | null;
  activity: ActivityEntry[];
}
