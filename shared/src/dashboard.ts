// What the dashboard counts callable answers.
import type { ReferenceStatus, StudyStatus } from './enums.js';

export interface DashboardStats {
  studies: { total: number; byStatus: Record<StudyStatus, number> };
  references: { total: number; byStatus: Record<ReferenceStatus, number> };
  studyContacts: { total: number };
  /** Only for Admins (null for Editors). */
  users: { total: number; pending: number } | null;
}
