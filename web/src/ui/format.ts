// Formatting for display: date-times in the interface language, file sizes, and audit values as text.
/** The locale of Intl's formats for an interface language (Canadian English or French). */
export const localeOf = (language: string) => (language.startsWith('en') ? 'en-CA' : 'fr-CA');

/**
 * A date-time for people, in the interface language: "Mar 5, 2026, 6:54 a.m." / "5 mars 2026, 6 h 54" (the hour
 * without a leading zero, as Quebec French writes it; `timeStyle` would give "06 h 54").
 */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** A day (`YYYY-MM-DD`, or the day of an ISO date-time) for people: "Mar 5, 2026" / "5 mars 2026". */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A file size in the language's words and units: "591 bytes" / "591 octets" (the unit spelt out, so Intl agrees it with
 * the number: "1 byte", "0 octet"), then "1.5 kB" / "1,5 ko" and "2.3 MB" / "2,3 Mo" (multiples of 1 024).
 */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / 1024 / 1024, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** An audit value as text: lists joined, a record of several values as its parts ("number: 2; size: 591"), never JSON. */
export function formatValue(value: unknown, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, none)).join(', ') : none;
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([key, part]) => `${key}: ${formatValue(part, none)}`);
    return parts.length ? parts.join('; ') : none;
  }
  return String(value);
}
