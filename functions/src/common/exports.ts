// The toolkit of CSV exports, which each record kind's service uses for its own: every row a list's filters match,
// written to the person's export folder in Storage, downloaded only by them and only for a short time
// (files/service.ts), removed after a day.
import { randomUUID } from 'node:crypto';
import type { DocumentData, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import {
  EXPORT_COLUMNS,
  EXPORT_LINK_MINUTES,
  EXPORT_MAX_ROWS,
  EXPORT_PATHS,
  EXPORT_RETENTION_HOURS,
  maskPatientId,
  type ExportLanguage,
  type ExportResource,
  type ExportResponse,
} from '@trialdesk/shared';
import type { AccessRead } from './accessLog.js';
import type { Caller } from './auth.js';
import { fail } from './errors.js';
import { bucket } from './firebase.js';
import { removeOlderThan } from './uploads.js';
import { BOM, csvLine } from './csv.js';

/** Documents read per query page: bounded memory per step, few round trips. */
const BATCH = 1_000;

type Row = Record<string, unknown>;

export interface ExportSource {
  resource: ExportResource;
  query: Query<DocumentData>;
  /** A page of documents as the rows the columns read (the list's own conversion). */
  rows: (docs: DocumentSnapshot[]) => object[] | Promise<object[]>;
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
 * Writes the CSV of every row the source's query matches, with the header in `language`. Counted first (an
 * aggregation, not a read of the rows): more than `maxRows` is refused, and so is a read that outgrows it meanwhile.
 */
export async function writeExport(
  source: ExportSource,
  language: ExportLanguage,
  caller: Caller,
  maxRows = EXPORT_MAX_ROWS,
): Promise<ExportResponse> {
  const count = (await source.query.count().get()).data().count;
  if (count > maxRows) throw tooLarge(count, maxRows);
  const columns = Object.entries(EXPORT_COLUMNS[source.resource]);
  const chunks = [BOM, csvLine(columns.map(([, header]) => header[language]))];
  let rows = 0;
  for await (const docs of pages(source.query)) {
    rows += docs.length;
    if (rows > maxRows) throw tooLarge(rows, maxRows);
    for (const row of await source.rows(docs)) chunks.push(csvLine(columns.map(([key]) => (row as Row)[key])));
  }
  const now = new Date();
  const fileName = `${source.resource}-${stamp(now)}.csv`;
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

/** The access-log entry of an export: which list, which filters (a patient ID masked) and how many rows. */
export function exportRead(resource: ExportResource, request: Record<string, unknown>, rows: number): AccessRead {
  const filters = Object.entries(request)
    .filter(([key, value]) => key !== 'language' && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${key === 'patientId' ? maskPatientId(String(value)) : String(value)}`);
  return { action: 'export', count: rows, detail: `${resource}: ${rows} rows; ${filters.join(', ') || 'no filters'}` };
}
