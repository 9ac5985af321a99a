// The toolkit of CSV exports, which each record kind's service uses for its own: every row a list's filters match,
// for people (labels, the team's clock, the language's separator) or programs (codes, UTC, commas), written to the
// person's export folder in Storage, downloaded only by them and only for a short time (files/service.ts), removed
// after a day (docs/architecture.md "Exports").
import { randomUUID } from 'node:crypto';
import type { DocumentData, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import {
  EXPORT_COLUMNS,
  EXPORT_SEPARATORS,
  VALUE_LABELS,
  EXPORT_LINK_MINUTES,
  EXPORT_MAX_ROWS,
  EXPORT_PATHS,
  EXPORT_RETENTION_HOURS,
  maskPatientId,
  type ChecklistItem,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
  type ExportResource,
  type ExportResponse,
} from '@trialdesk/shared';
import type { AccessRead } from './accessLog.js';
import type { Caller } from './auth.js';
import { fail } from './errors.js';
import { bucket, db } from './firebase.js';
import { removeOlderThan } from './uploads.js';
import { BOM, csvLine, zonedTime } from './csv.js';
import { teamTimeZone } from './timeZone.js';

/** Documents read per query page: bounded memory per step, few round trips. */
const BATCH = 1_000;

type Row = Record<string, unknown>;

export interface ExportSource {
  resource: ExportResource;
  query: Query<DocumentData>;
  /**
   * A page of documents as the rows the columns read (the list's own conversion); for the readable format also the
   * names its readable-only columns show instead of ids (read with `recordNames`).
   */
  rows: (docs: DocumentSnapshot[], format: ExportFormat) => object[] | Promise<object[]>;
}

/** What the person asked of the file: the header's language and whether it is for people or programs. */
export interface ExportAsked {
  language: ExportLanguage;
  format: ExportFormat;
}

/**
 * The names of the records an export's rows point at, read in batches: the function returned reads the ids of a
 * page not read yet (one read each per export: the map outlives the page) and answers a lookup of each id's name
 * (undefined for a record gone since: the caller keeps its id, so nothing is lost).
 */
export function recordNames<T = string>(collection: string, nameOf: (data: DocumentData) => T) {
  const known = new Map<string, T | undefined>();
  return async (ids: readonly (string | null | undefined)[]) => {
    const unread = [...new Set(ids.filter((id): id is string => !!id && !known.has(id)))];
    if (unread.length > 0) {
      const snaps = await db().getAll(...unread.map((id) => db().collection(collection).doc(id)));
      for (const snap of snaps) known.set(snap.id, snap.exists ? nameOf(snap.data() ?? {}) : undefined);
    }
    return (id: string | null | undefined) => (id ? known.get(id) : undefined);
  };
}

/** Triage answers: `Age ≥ 18: Met (note); Consent: Unknown` for people, the stored items as JSON for programs. */
function checklistCell(items: ChecklistItem[] | undefined, { language, format }: ExportAsked): string | null {
  if (!items?.length) return null;
  if (format === 'machine')
    return JSON.stringify(items.map(({ criterion, answer, note }) => ({ criterion, answer, note })));
  const colon = language === 'fr' ? '\u00a0: ' : ': ';
  const answers = VALUE_LABELS[language].criterionAnswer;
  return items
    .map(({ criterion, answer, note }) => `${criterion}${colon}${answers[answer] ?? answer}${note ? ` (${note})` : ''}`)
    .join('; ');
}

/** A value as its column writes it: as stored for programs; for people, labels and times on the team's clock. */
function exportValue(value: unknown, column: ExportColumn, asked: ExportAsked): unknown {
  if (column.as === 'checklist') return checklistCell(value as ChecklistItem[] | undefined, asked);
  if (asked.format === 'machine' || value === null || value === undefined || column.as === undefined) return value;
  if (column.as === 'time') return zonedTime(String(value), teamTimeZone());
  const labels: Record<string, string> = VALUE_LABELS[asked.language][column.as];
  return labels[String(value)] ?? value;
}

/** Every matching document, page after page (a cursor on the query's own order, so none is read twice). */
async function* pages(query: Query<DocumentData>): AsyncGenerator<DocumentSnapshot[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const snap = await (last ? query.startAfter(last) : query).limit(BATCH).get();
    if (snap.empty) return;
    yield snap.docs;
    if (snap.size < BATCH) return;
    last = snap.docs[snap.size - 1];
  }
}

/** `2026-11-25T14-03-09Z`: sorts by time, and safe in a file name. */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** Removes the person's exports older than the retention period (each export also tidies its own folder). */
export async function removeExpiredExports(now = new Date(), uid?: string): Promise<number> {
  const prefix = uid ? EXPORT_PATHS.folder(uid) : 'exports/';
  return removeOlderThan(prefix, EXPORT_RETENTION_HOURS, 'expired export', now);
}

/** An export of more than `maxRows` rows, refused before anything is written: narrow the filters. */
const tooLarge = (count: number, maxRows: number) =>
  fail('failed-precondition', 'exportTooLarge', { count, max: maxRows });

/**
 * Writes the CSV of every row the source's query matches, with the header in the asked language and the asked
 * format's columns, values and separator. Counted first (an aggregation, not a read of the rows): more than
 * `maxRows` is refused, and so is a read that outgrows it meanwhile.
 */
export async function writeExport(
  source: ExportSource,
  asked: ExportAsked,
  caller: Caller,
  maxRows = EXPORT_MAX_ROWS,
): Promise<ExportResponse> {
  const count = (await source.query.count().get()).data().count;
  if (count > maxRows) throw tooLarge(count, maxRows);
  const columns = Object.entries(EXPORT_COLUMNS[source.resource]).filter(
    ([, column]) => (column.only ?? asked.format) === asked.format,
  );
  const separator = asked.format === 'machine' ? ',' : EXPORT_SEPARATORS[asked.language];
  const line = (row: Row) =>
    csvLine(
      columns.map(([key, column]) => exportValue(row[key], column, asked)),
      separator,
    );
  const chunks = [
    BOM,
    csvLine(
      columns.map(([, column]) => column[asked.language]),
      separator,
    ),
  ];
  let rows = 0;
  for await (const docs of pages(source.query)) {
    rows += docs.length;
    if (rows > maxRows) throw tooLarge(rows, maxRows);
    for (const row of await source.rows(docs, asked.format)) chunks.push(line(row as Row));
  }
  const now = new Date();
  const fileName = `${source.resource}${asked.format === 'machine' ? '-machine' : ''}-${stamp(now)}.csv`;
  const path = EXPORT_PATHS.file(caller.uid, `${randomUUID()}-${fileName}`);
  await bucket()
    .file(path)
    .save(Buffer.from(chunks.join(''), 'utf8'), {
      resumable: false,
      metadata: {
        contentType: 'text/csv; charset=utf-8',
        contentDisposition: `attachment; filename="${fileName}"`,
      },
    });
  await removeExpiredExports(now, caller.uid);
  return {
    path,
    fileName,
    rows,
    expiresAt: new Date(now.getTime() + EXPORT_LINK_MINUTES * 60_000).toISOString(),
  };
}

/**
 * The access-log entry of an export: which list, which filters as data (a patient ID masked; the screen names them
 * in its reader's language) and how many rows.
 */
export function exportRead(resource: ExportResource, request: Record<string, unknown>, rows: number): AccessRead {
  const filters = Object.entries(request)
    .filter(([key, value]) => !['language', 'format', 'sort'].includes(key) && value !== undefined && value !== '')
    .map(([key, value]) => [key, key === 'patientId' ? maskPatientId(String(value)) : (value as string | boolean)]);
  return { action: 'export', count: rows, export: { resource, filters: Object.fromEntries(filters) } };
}
