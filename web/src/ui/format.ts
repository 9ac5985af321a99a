// Formatting for display: date-times in the interface language, dates, and audit values as text.
/** A date-time for people, in the interface language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-CA' : 'fr-CA', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatDate(iso: string | null | undefined, none: string): string {
  if (!iso) return none;
  return iso.slice(0, 10);
}

/** An audit value as text: lists joined, empty values as `none`. */
export function formatValue(value: unknown, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, none)).join(', ') : none;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
