// Which stored file a caller may download now: a study document for approved staff, an export for its owner within
// its link's minutes. Storage itself never serves these files to a browser (docs/security.md, "Files").
import type { File } from '@google-cloud/storage';
import { EXPORT_LINK_MINUTES, EXPORT_PATHS } from '@trialdesk/shared';
import type { Caller } from '../common/auth.js';
import { fail, notFound } from '../common/errors.js';
import { bucket } from '../common/firebase.js';

export interface Download {
  file: File;
  contentType: string;
  size: number;
  contentDisposition: string;
}

/**
 * The file at `path` (a document version or an export, as fileDownloadSchema admits) for `caller`, who already holds
 * staff standing: an export only for its owner (else permission-denied, recorded as a refusal) and until
 * EXPORT_LINK_MINUTES after it was written.
 */
export async function downloadOf(path: string, caller: Caller, now = Date.now()): Promise<Download> {
  const isExport = path.startsWith('exports/');
  if (isExport && !path.startsWith(EXPORT_PATHS.folder(caller.uid)))
    throw fail('permission-denied', 'permissionDenied');
  const file = bucket().file(path);
  const [meta] = await file.getMetadata().catch((error: { code?: unknown }) => {
    if (error.code === 404) throw notFound();
    throw error;
  });
  if (isExport && now >= Date.parse(String(meta.timeCreated)) + EXPORT_LINK_MINUTES * 60_000) {
    throw fail('failed-precondition', 'exportExpired');
  }
  return {
    file,
    contentType: meta.contentType ?? 'application/octet-stream',
    size: Number(meta.size ?? 0),
    contentDisposition: meta.contentDisposition ?? 'attachment',
  };
}
