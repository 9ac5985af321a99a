// The registry's own facts as people read them: its status by its label (the raw value when it has none), its
// verification date (a month-only one as the month).
import type { TFunction } from 'i18next';
import { localeOf } from '../../ui/format';

/** The registry status's label in the interface language, or the registry's value when it is a new one. */
export const registryStatusLabel = (t: TFunction, status: string): string =>
  t(`enums.registryStatus.${status}`, { defaultValue: status });

/** A registry date (`YYYY-MM` or `YYYY-MM-DD`): a day as the app writes days, a month by its name ("May 2024"). */
export function registryDate(value: string, language: string): string {
  if (!/^\d{4}-\d{2}$/.test(value)) return value;
  const [year, month] = value.split('-').map(Number);
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
