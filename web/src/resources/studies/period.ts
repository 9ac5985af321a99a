// A study's period as people read it: both dates, one of them ("From …", "Until …"), or none ("No dates").
import type { TFunction } from 'i18next';
import type { Study } from '@trialdesk/shared';

/** The day of a stored date (`YYYY-MM-DD`, what the list shows). */
const day = (iso: string) => iso.slice(0, 10);

export function studyPeriod(t: TFunction, { startDate, endDate }: Pick<Study, 'startDate' | 'endDate'>): string {
  if (startDate && endDate) return t('studies.period.both', { start: day(startDate), end: day(endDate) });
  if (startDate) return t('studies.period.from', { start: day(startDate) });
  if (endDate) return t('studies.period.until', { end: day(endDate) });
  return t('studies.period.none');
}
