// CSV exports of the lists: every row the list's filters match, written to the person's export folder in Storage,
// downloaded only by them and only for a short time (files/service.ts), removed after a day.
import { randomUUID } from 'node:crypto';
import type { DocumentData, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import {
  EXPORT_COLUMNS,
  EXPORT_LINK_MINUTES,
  EXPORT_MAX_ROWS,
  EXPORT_PATHS,
  EXPORT_RETENTION_HOURS,
  maskPatientId,
  userStatusOf,
  type ExportLanguage,
  type ExportResource,
  type ExportResponse,
  type ReferenceExport,
  type StudyContactExport,
  type StudyExport,
  type UserExport,
} from '@trialdesk/shared';
import type { AccessRead } from '../common/accessLog.js';
import type { Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { bucket } from '../common/firebase.js';
import { metaOf } from '../common/records.js';
import { removeOlderThan } from '../common/uploads.js';
import { referencesQuery, toReferences } from '../references/service.js';
import { studiesQuery, toStudy } from '../studies/service.js';
import { contactsQuery, toContact } from '../studyContacts/service.js';
import { usersQuery } from '../users/service.js';
import { BOM, csvLine } from './csv.js';

/** Documents read per query page: bounded memory per step, few round trips. */
const BATCH = 1_000;

type Row = Record<string, unknown>;

interface ExportSource {
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
async function writeExport(
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

// Each export takes the row cap too: EXPORT_MAX_ROWS when called (tests pass a small one rather than 100 001 rows).
export const exportStudies = ({ language, ...q }: StudyExport, caller: Caller, maxRows?: number) =>
  writeExport(
    { resource: 'studies', query: studiesQuery(q), rows: (docs) => docs.map(toStudy) },
    language,
    caller,
    maxRows,
  );

export function exportReferences({ language, ...q }: ReferenceExport, caller: Caller, maxRows?: number) {
  // The studies' titles, read once each across the export's pages.
  const titles = new Map<string, string | null>();
  return writeExport(
    {
      resource: 'references',
      query: referencesQuery(q),
      rows: async (docs) =>
        (await toReferences(docs, titles)).map((reference) => ({
          ...reference,
          reason: reference.triage?.reason ?? null,
        })),
    },
    language,
    caller,
    maxRows,
  );
}

export const exportContacts = ({ language, ...q }: StudyContactExport, caller: Caller, maxRows?: number) =>
  writeExport(
    { resource: 'studyContacts', query: contactsQuery(q), rows: (docs) => docs.map(toContact) },
    language,
    caller,
    maxRows,
  );

/** Users from their records alone: the columns need nothing of their sign-in accounts. */
export const exportUsers = ({ language, ...q }: UserExport, caller: Caller, maxRows?: number) =>
  writeExport(
    {
      resource: 'users',
      query: usersQuery(q),
      rows: (docs) =>
        docs.map((doc) => {
          const data = doc.data() ?? {};
          return { ...data, ...metaOf(doc), status: userStatusOf(data.role, data.roleApproved) };
        }),
    },
    language,
    caller,
    maxRows,
  );
