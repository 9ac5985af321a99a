// The mapping of a ClinicalTrials.gov record onto a study's fields, written once (docs/registry.md has its table).
import type { StudyStatus } from './enums.js';
import type { RegistryRecord } from './registry.js';
import type { StudyValues } from './studies.js';

/** The study contact a record names: its first central contact with an e-mail. */
export interface RegistryContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/** What a record gives a study: its fields (but the contact, which the server finds or creates) and registry facts. */
export interface RegistryStudy {
  nctId: string;
  values: Omit<StudyValues, 'contactId'>;
  registryStatus: string | null;
  registryVerifiedAt: string | null;
  contact: RegistryContact | null;
}

const STATUS: Record<string, StudyStatus> = {
  RECRUITING: 'Recruiting',
  ENROLLING_BY_INVITATION: 'Recruiting',
  COMPLETED: 'Completed',
  WITHDRAWN: 'Withdrawn',
  TERMINATED: 'Withdrawn',
};

/** A registry date as a calendar date: a month-only one becomes the month's first day. */
const calendarDate = (date: string | undefined): string | null =>
  date === undefined ? null : date.length === 7 ? `${date}-01` : date.length === 4 ? `${date}-01-01` : date;

/** FIRST CUT: the full mapping (criteria, specialty, contact, limits) is being written. */
export function mapRegistryRecord(record: RegistryRecord): RegistryStudy {
  const section = record.protocolSection;
  const id = section.identificationModule;
  const status = section.statusModule;
  return {
    nctId: id.nctId,
    values: {
      title: id.briefTitle ?? id.officialTitle ?? id.nctId,
      startDate: calendarDate(status?.startDateStruct?.date),
      endDate: calendarDate(status?.completionDateStruct?.date),
      conditions: section.conditionsModule?.conditions ?? [],
      inclusionCriteria: section.eligibilityModule?.eligibilityCriteria ?? '',
      exclusionCriteria: '',
      specialty: 'Unknown',
      status: STATUS[status?.overallStatus ?? ''] ?? 'Unknown',
      summary: section.descriptionModule?.briefSummary ?? '',
      details: section.descriptionModule?.detailedDescription ?? '',
    },
    registryStatus: status?.overallStatus ?? null,
    registryVerifiedAt: status?.statusVerifiedDate ?? null,
    contact: null,
  };
}
