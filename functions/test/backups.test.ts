// backups-nightly: the request it sends the Firestore admin export API, checked against the API's own descriptor
// (google.firestore.admin.v1.ExportDocumentsRequest and its HTTP rule, as @google-cloud/firestore ships them), the
// wait for the export's end, and the 35 days kept, against the built-in Storage emulator. The FirestoreAdminClient is the one part replaced: Google's
// export service is the boundary no test can reach (docs/operations.md, "Backups and restore").
import { LOGGED } from './logCapture.js';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { bucket } from '../src/common/firebase.js';
import { BACKUP_KEEP_DAYS, pruneExports, runBackup, type ExportClient } from '../src/backups/backup.js';
import { backupAndLog } from '../src/backups/functions.js';
import { useProject } from './helpers.js';

/** The structured entry the backup logged (firebase-functions writes each as one JSON line). */
function backupEntry(): Record<string, unknown> | undefined {
  for (const line of LOGGED) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (String(entry.message).includes('backup:')) return entry;
    } catch {
      // Not a structured entry.
    }
  }
  return undefined;
}

useProject('backups');
const PROJECT = process.env.GCLOUD_PROJECT!;
const BUCKET = `${PROJECT}-exports`;
const TORONTO = 'America/Toronto';

// The API's documented request, from the descriptor the client library itself encodes requests with.
const require = createRequire(import.meta.url);
const adminApi = protobuf.Root.fromJSON(require('@google-cloud/firestore/build/protos/admin_v1.json'));
const ExportDocumentsRequest = adminApi.lookupType('google.firestore.admin.v1.ExportDocumentsRequest');
const exportMethod = adminApi.lookupService('google.firestore.admin.v1.FirestoreAdmin').methods.ExportDocuments;

/**
 * The admin client at the boundary: records each request, answers an operation as the API does. `refused`: the
 * export does not start; `exportFails`: it starts, then ends with that error; `running`: it never ends.
 */
class RecordingClient implements ExportClient {
  requests: Record<string, unknown>[] = [];
  constructor(private readonly how: { refused?: Error; exportFails?: Error; running?: boolean } = {}) {}
  async exportDocuments(request: Record<string, unknown>) {
    this.requests.push(request);
    if (this.how.refused) throw this.how.refused;
    const { exportFails, running } = this.how;
    const operation = {
      name: `${request.name as string}/operations/ASA1MTAwNjUwODYxNgIGBnoYoNYDEl9jb2k`,
      // As google-gax's operation: resolves with the response once done, rejects with the operation's error.
      promise: () =>
        running
          ? new Promise<never>(() => {})
          : exportFails
            ? Promise.reject(exportFails)
            : Promise.resolve([{ outputUriPrefix: request.outputUriPrefix }]),
    };
    return [operation] as const;
  }
}

const names = async () => (await bucket(BUCKET).getFiles())[0].map((file) => file.name).sort();

async function put(...paths: string[]) {
  await Promise.all(paths.map((path) => bucket(BUCKET).file(path).save('export bytes')));
}

beforeEach(async () => {
  await bucket(BUCKET).deleteFiles({ force: true });
  LOGGED.length = 0;
});

describe('the export request', () => {
  it('asks for the whole (default) database in the night’s folder, in the documented shape', async () => {
    const client = new RecordingClient();
    // 02:30 in Toronto on 27 November.
    const now = new Date('2026-11-27T07:30:00Z');
    const outcome = await runBackup({ projectId: PROJECT, bucket: BUCKET, timeZone: TORONTO, now, client });

    expect(client.requests).toHaveLength(1);
    const [request] = client.requests;
    // Only the message's fields, each of its type (ExportDocumentsRequest.verify answers null when they are).
    expect(Object.keys(request).every((key) => key in ExportDocumentsRequest.fields)).toBe(true);
    expect(ExportDocumentsRequest.verify(request)).toBeNull();
    // name: required, `projects/{project_id}/databases/{database_id}`, as the HTTP rule's path binds it.
    expect(exportMethod.options?.['(google.api.http).post']).toBe('/v1/{name=projects/*/databases/*}:exportDocuments');
    expect(request.name).toBe(`projects/${PROJECT}/databases/(default)`);
    expect(request.name).toMatch(/^projects\/[^/]+\/databases\/[^/]+$/);
    // outputUriPrefix: `gs://BUCKET_NAME[/NAMESPACE_PATH]`; the folder is the date in the team's time zone.
    expect(request.outputUriPrefix).toBe(`gs://${BUCKET}/2026-11-27`);
    // Empty collectionIds and namespaceIds: every collection group, every namespace. No snapshotTime: now.
    expect(request.collectionIds).toEqual([]);
    expect(request.namespaceIds).toEqual([]);
    expect(request).not.toHaveProperty('snapshotTime');
    // The bytes the client would send decode to the same request.
    const decoded = ExportDocumentsRequest.toObject(
      ExportDocumentsRequest.decode(ExportDocumentsRequest.encode(ExportDocumentsRequest.fromObject(request)).finish()),
      { arrays: true },
    );
    expect(decoded).toEqual(request);
    expect(outcome).toEqual({
      operation: `projects/${PROJECT}/databases/(default)/operations/ASA1MTAwNjUwODYxNgIGBnoYoNYDEl9jb2k`,
      folder: `gs://${BUCKET}/2026-11-27`,
      export: 'done',
      deleted: [],
    });
  });

  it('names the folder after the team’s date, not UTC’s, and takes the bucket as gs://name too', async () => {
    const client = new RecordingClient();
    // 22:00 on 27 November in Toronto is already the 28th in UTC.
    const now = new Date('2026-11-28T03:00:00Z');
    await runBackup({ projectId: PROJECT, bucket: `gs://${BUCKET}`, timeZone: TORONTO, now, client });
    expect(client.requests[0].outputUriPrefix).toBe(`gs://${BUCKET}/2026-11-27`);
  });

  it('refuses an unset bucket before calling the API', async () => {
    const client = new RecordingClient();
    await expect(runBackup({ projectId: PROJECT, bucket: ' ', timeZone: TORONTO, client })).rejects.toThrow(
      /BACKUP_BUCKET is not set/,
    );
    expect(client.requests).toEqual([]);
  });
});

describe(`the ${BACKUP_KEEP_DAYS} days kept`, () => {
  it('deletes the dated folders older than 35 days, keeps younger ones and anything not dated', async () => {
    await put(
      '2026-11-27/2026-11-27.overall_export_metadata',
      '2026-11-27/all_namespaces/all_kinds/output-0',
      '2026-10-24/all_namespaces/all_kinds/output-0', // today and 34 days before: the 35 days kept
      '2026-10-23/2026-10-23.overall_export_metadata', // 35 days before: gone
      '2026-10-23/all_namespaces/all_kinds/output-0',
      '2025-12-31/all_namespaces/all_kinds/output-0',
      'manual-before-migration/all_namespaces/all_kinds/output-0',
      '2026-02-30/not-a-date', // no such day: not one of ours
      'archive/2020-01-01/output-0', // a date below another folder
      '2020-01-01.txt',
    );
    const deleted = await pruneExports(BUCKET, '2026-11-27');
    expect(deleted).toEqual(['2025-12-31', '2026-10-23']);
    expect(await names()).toEqual([
      '2020-01-01.txt',
      '2026-02-30/not-a-date',
      '2026-10-24/all_namespaces/all_kinds/output-0',
      '2026-11-27/2026-11-27.overall_export_metadata',
      '2026-11-27/all_namespaces/all_kinds/output-0',
      'archive/2020-01-01/output-0',
      'manual-before-migration/all_namespaces/all_kinds/output-0',
    ]);
  });

  it('lists past the first page of folders', async () => {
    // 1001 expired folders: one more than a page of the listing.
    const days = Array.from({ length: 1001 }, (_, i) => {
      const day = new Date(Date.UTC(2020, 0, 1 + i));
      return day.toISOString().slice(0, 10);
    });
    await put(...days.map((day) => `${day}/output-0`), '2026-11-27/output-0');
    const deleted = await pruneExports(BUCKET, '2026-11-27');
    expect(deleted).toHaveLength(1001);
    expect(await names()).toEqual(['2026-11-27/output-0']);
  });
});

describe('the logged outcome', () => {
  it('logs the operation, the folder and how many folders it deleted, once the export is done', async () => {
    await put('2026-09-01/output-0', '2026-11-26/output-0');
    const client = new RecordingClient();
    const now = new Date('2026-11-27T07:30:00Z');
    await backupAndLog({ projectId: PROJECT, bucket: BUCKET, timeZone: TORONTO, now, client });
    const entry = backupEntry();
    expect(entry).toMatchObject({
      severity: 'INFO',
      message: 'backup: export done',
      export: 'done',
      operation: expect.stringMatching(/\/operations\//),
      folder: `gs://${BUCKET}/2026-11-27`,
      deleted: ['2026-09-01'],
      deletedCount: 1,
    });
    expect(await names()).toEqual(['2026-11-26/output-0']);
  });

  it('logs a failed export as an error, throws it again and deletes nothing', async () => {
    await put('2026-09-01/output-0');
    const client = new RecordingClient({
      refused: new Error('7 PERMISSION_DENIED: The caller does not have permission'),
    });
    const now = new Date('2026-11-27T07:30:00Z');
    await expect(backupAndLog({ projectId: PROJECT, bucket: BUCKET, timeZone: TORONTO, now, client })).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    const entry = backupEntry();
    // An error's message carries its stack (firebase-functions writes it so for Error Reporting).
    expect(entry).toMatchObject({ severity: 'ERROR', message: expect.stringMatching(/^Error: backup: failed\n/) });
    expect(entry).toMatchObject({ bucket: BUCKET });
    expect(String(entry?.error)).toMatch(/PERMISSION_DENIED/);
    expect(await names()).toEqual(['2026-09-01/output-0']);
  });

  it('logs an export that failed after it started as an error, and deletes nothing', async () => {
    await put('2026-09-01/output-0');
    const exportFails = new Error('9 FAILED_PRECONDITION: The service account cannot write to the bucket');
    const client = new RecordingClient({ exportFails });
    const now = new Date('2026-11-27T07:30:00Z');
    await expect(backupAndLog({ projectId: PROJECT, bucket: BUCKET, timeZone: TORONTO, now, client })).rejects.toThrow(
      `the export to gs://${BUCKET}/2026-11-27 failed: 9 FAILED_PRECONDITION`,
    );
    const entry = backupEntry();
    expect(entry).toMatchObject({ severity: 'ERROR', message: expect.stringMatching(/^Error: backup: failed\n/) });
    expect(String(entry?.error)).toMatch(/cannot write to the bucket/);
    expect(await names()).toEqual(['2026-09-01/output-0']);
  });

  it('warns of an export still running after the wait, and deletes nothing until one is known whole', async () => {
    await put('2026-09-01/output-0');
    const client = new RecordingClient({ running: true });
    const now = new Date('2026-11-27T07:30:00Z');
    // The operation never ends here: any wait comes to the same outcome.
    await backupAndLog({ projectId: PROJECT, bucket: BUCKET, timeZone: TORONTO, now, client, waitMs: 50 });
    expect(backupEntry()).toMatchObject({
      severity: 'WARNING',
      message: 'backup: export still running',
      export: 'running',
      folder: `gs://${BUCKET}/2026-11-27`,
      deleted: [],
      deletedCount: 0,
    });
    expect(await names()).toEqual(['2026-09-01/output-0']);
  });
});
