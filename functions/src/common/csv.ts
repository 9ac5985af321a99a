// CSV as spreadsheets read it: UTF-8 with a byte order mark, CRLF lines, quoted cells, formulas neutralised.

/** The byte order mark: without it, Excel reads UTF-8 as the system's code page (accents break). */
export const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage return that hide one), also after
 * leading spaces: it is prefixed with an apostrophe, which spreadsheets show as text (OWASP "CSV injection").
 */
const FORMULA = /^[\s]*[=+\-@]|^[\t\r]/;

/** One cell: null as empty, lists joined by "; ", text neutralised, then quoted when it holds a separator. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = Array.isArray(value) ? value.map(String).join('; ') : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
