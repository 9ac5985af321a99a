// The nightly backup's work: a Firestore managed export of the (default) database to gs://<BACKUP_BUCKET>/<date>,
// waited for, then the removal of the dated export folders older than the 35 days kept (docs/operations.md, "Backups
// and restore").
import { v1 } from 'firebase-admin/firestore';
import { bucket as bucketOf } from '../common/firebase.js';

/** How many nightly exports are kept: the folders of today and the 34 days before it. */
export const BACKUP_KEEP_DAYS = 35;

/**
 * How long a night's run waits for its export to end: inside the function's 540 s, with time left to remove the
 * expired folders. An export still running then goes on by itself.
 */
export const EXPORT_WAIT_MS = 420_000;

/** An export folder's name: the night's date in the team's time zone. */
const DATED_FOLDER = /^(\d{4})-(\d{2})-(\d{2})\/$/;

/** The export's long-running operation, as google-gax gives it. */
export interface ExportOperation {
  name?: string | null;
  /** Resolves once the export has ended, or rejects with its error (polling the operation meanwhile). */
  promise(): Promise<unknown>;
}

/** The part of the Firestore admin API the backup calls: `v1.FirestoreAdminClient` as firebase-admin ships it. */
export interface ExportClient {
  exportDocuments(request: {
    name: string;
    outputUriPrefix: string;
    collectionIds: string[];
    namespaceIds: string[];
  }): Promise<readonly [ExportOperation, ...unknown[]]>;
}

export interface BackupOutcome {
  /** The long-running export operation's name (`projects/{p}/databases/(default)/operations/{id}`). */
  operation: string;
  /** The export's folder, `gs://<bucket>/<yyyy-mm-dd>`. */
  folder: string;
  /** `done`: the export ended within EXPORT_WAIT_MS; `running`: it goes on after the run, and nothing was removed. */
  export: 'done' | 'running';
  /** The dated folders removed, oldest first. */
  deleted: string[];
}

/** `date` (a Date) as yyyy-mm-dd in `timeZone`. */
export function dateIn(date: Date, timeZone: string): string {
  // en-CA writes dates as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The yyyy-mm-dd `days` before `day` (a yyyy-mm-dd), by the calendar. */
function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/** A bucket name as the setting may give it (`name` or `gs://name`). */
export const bucketName = (setting: string): string =>
  setting
    .trim()
    .replace(/^gs:\/\//, '')
    .replace(/\/+$/, '');

/** The calendar date a folder is named after, or null when it is not a dated export folder (kept as it is). */
function folderDate(prefix: string): string | null {
  const match = DATED_FOLDER.exec(prefix);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  // 2026-02-30/ is no date: such a folder is not one of ours.
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? day : null;
}

/** The top-level folders of the bucket (`2026-11-27/`, ...), every page. */
async function topFolders(bucket: string): Promise<string[]> {
  const folders: string[] = [];
  let pageToken: string | undefined;
  do {
    const [, next, response] = await bucketOf(bucket).getFiles({
      delimiter: '/',
      autoPaginate: false,
      maxResults: 1000,
      pageToken,
    });
    folders.push(...(((response as { prefixes?: string[] } | undefined)?.prefixes ?? []) as string[]));
    pageToken = (next as { pageToken?: string } | null)?.pageToken;
  } while (pageToken);
  return folders;
}

/**
 * Deletes every dated export folder of `bucket` older than the BACKUP_KEEP_DAYS days ending on `today`
 * (yyyy-mm-dd); folders not named after a date are someone else's and stay. Answers the folders deleted.
 */
export async function pruneExports(bucket: string, today: string): Promise<string[]> {
  const oldestKept = daysBefore(today, BACKUP_KEEP_DAYS - 1);
  const expired = (await topFolders(bucket))
    .filter((prefix) => {
      const day = folderDate(prefix);
      return day !== null && day < oldestKept;
    })
    .sort();
  for (const prefix of expired) await bucketOf(bucket).deleteFiles({ prefix, force: true });
  return expired.map((prefix) => prefix.slice(0, -1));
}

export interface BackupOptions {
  projectId: string;
  /** The BACKUP_BUCKET setting. */
  bucket: string;
  timeZone: string;
  now?: Date;
  /** The admin API client; only tests give another, at this boundary (functions/test/backups.test.ts). */
  client?: ExportClient;
  /** How long to wait for the export to end (default EXPORT_WAIT_MS). */
  waitMs?: number;
}

/** Whether `operation` ended within `ms`; its failure is thrown, naming the folder. */
async function ended(operation: ExportOperation, ms: number, folder: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([operation.promise().then(() => true), late]);
  } catch (error) {
    throw new Error(`the export to ${folder} failed: ${(error as Error).message ?? String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Exports the whole (default) database, every collection group and namespace, into today's folder, waits for the
 * export to end, then removes the expired folders. An export that cannot start or fails removes nothing, nor does one
 * still running after the wait: expired folders go only once a younger export is known to be whole, so nights of
 * failures never empty the bucket.
 */
export async function runBackup(options: BackupOptions): Promise<BackupOutcome> {
  const bucket = bucketName(options.bucket);
  if (!bucket) throw new Error('BACKUP_BUCKET is not set: name the bucket the nightly export is written to');
  const today = dateIn(options.now ?? new Date(), options.timeZone);
  const folder = `gs://${bucket}/${today}`;
  const client: ExportClient = options.client ?? new v1.FirestoreAdminClient();
  const [operation] = await client.exportDocuments({
    name: `projects/${options.projectId}/databases/(default)`,
    outputUriPrefix: folder,
    // Empty: every collection group and every namespace, as the API documents it.
    collectionIds: [],
    namespaceIds: [],
  });
  if (!operation.name) throw new Error(`the export to ${folder} started no operation`);
  const done = await ended(operation, options.waitMs ?? EXPORT_WAIT_MS, folder);
  const deleted = done ? await pruneExports(bucket, today) : [];
  return { operation: operation.name, folder, export: done ? 'done' : 'running', deleted };
}
