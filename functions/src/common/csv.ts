// CSV as spreadsheets read it: UTF-8 with a byte order mark, CRLF lines, quoted cells, formulas neutralised, times
// on a time zone's clock.

/** The byte order mark: without it, Excel reads UTF-8 as the system's code page (accents break). */
export const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage return that hide one), also after
 * leading spaces: it is prefixed with an apostrophe, which spreadsheets show as text (OWASP "CSV injection").
 */
const FORMULA = /^[\s]*[=+\-@]|^[\t\r]/;

/**
 * One cell: null as empty, lists joined by "; ", text neutralised, then quoted when it holds a quote, a line break or
 * the file's list separator (a comma, or the semicolon of a French spreadsheet).
 */
export function csvCell(value: unknown, separator = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = Array.isArray(value) ? value.map(String).join('; ') : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  const quoted = /["\r\n]/.test(text) || text.includes(separator);
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[], separator = ',') =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/** `2026-11-25 07:29:49 -05:00`: an instant as the wall clock of `timeZone` reads it, with that zone's offset then. */
export function zonedTime(at: string | Date, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // "GMT-05:00", or "GMT" itself at UTC.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}
