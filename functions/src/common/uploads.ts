// Files the browser uploaded into its own Storage folder: read back and checked (owner, size, type from the bytes)
// before a service moves them to their final place. See docs/security.md, "Files".
import { createHash } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { STORAGE_PATHS, type DocumentType } from '@trialdesk/shared';
import { detectType } from './fileType.js';
import type { Caller } from './auth.js';
import { fail } from './errors.js';
import { bucket } from './firebase.js';

export interface CheckedUpload {
  path: string;
  bytes: Buffer;
  size: number;
  contentType: DocumentType;
  sha256: string;
}

/**
 * The upload at `path` if it is the caller's, not empty, at most `maxBytes`, and of one of `accepted` types by its
 * bytes; otherwise a translated error, and the upload stays where it is (the person may retry).
 */
export async function checkUpload(
  path: string,
  caller: Caller,
  accepted: readonly DocumentType[],
  maxBytes: number,
  refusedType: 'fileTypeRefused' | 'pictureTypeRefused',
): Promise<CheckedUpload> {
  if (!path.startsWith(STORAGE_PATHS.uploadFolder(caller.uid))) throw fail('permission-denied', 'uploadNotYours');
  const file = bucket().file(path);
  const [meta] = await file.getMetadata().catch((error: { code?: unknown }) => {
    if (error.code === 404) throw fail('not-found', 'uploadMissing');
    throw error;
  });
  const size = Number(meta.size ?? 0);
  if (size === 0) throw fail('invalid-argument', 'fileEmpty');
  if (size > maxBytes) throw fail('invalid-argument', 'fileTooLarge', { max: Math.round(maxBytes / 1024 / 1024) });
  const [bytes] = await file.download();
  const contentType = detectType(bytes, meta.contentType, path);
  if (!contentType || !accepted.includes(contentType)) throw fail('invalid-argument', refusedType);
  return { path, bytes, size: bytes.length, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The custom metadata key of Firebase download tokens: a link with one serves the file to anyone, past the rules. */
const DOWNLOAD_TOKENS = 'firebaseStorageDownloadTokens';

/**
 * Moves a checked upload to `target` with its final metadata. Storage gave the upload a download token, which a move
 * keeps: it is removed (null), unless `token` gives the file one of its own (pictures, which are `<img>` sources).
 * See docs/security.md, "Files".
 */
export async function placeUpload(
  upload: CheckedUpload,
  target: string,
  metadata: { contentDisposition?: string; cacheControl?: string; metadata?: Record<string, string> },
  token: string | null = null,
) {
  const file = bucket().file(target);
  await bucket().file(upload.path).move(file);
  await file.setMetadata({
    ...metadata,
    contentType: upload.contentType,
    metadata: { ...metadata.metadata, [DOWNLOAD_TOKENS]: token },
  });
  return file;
}

/** How long an upload may wait in its folder for the callable that places it: the hourly cleanup removes it then. */
const UPLOAD_RETENTION_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * Removes the objects under `prefix` made over `hours` before `now` (0: every one there now), each as removeObject
 * does; answers how many there were.
 */
export async function removeOlderThan(prefix: string, hours: number, why: string, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - hours * HOUR_MS;
  const [files] = await bucket().getFiles({ prefix });
  const old = files.filter((file) => !(Date.parse(String(file.metadata.timeCreated ?? '')) > cutoff));
  await Promise.all(old.map((file) => removeObject(file.name, why)));
  return old.length;
}

/** Removes the uploads no callable placed within UPLOAD_RETENTION_HOURS (refused or abandoned ones). */
export const removeStaleUploads = (now = new Date()) =>
  removeOlderThan(STORAGE_PATHS.uploads, UPLOAD_RETENTION_HOURS, 'an upload never placed', now);

/**
 * Removes a Storage object no record names any more (after a failed or replaced write, or a delete). Never fails
 * the call: the record is what counts, so a failure is logged with `why` and the object left behind.
 */
export async function removeObject(path: string, why: string): Promise<void> {
  try {
    await bucket().file(path).delete({ ignoreNotFound: true });
  } catch (error) {
    logger.error(`${why}: a file was not removed`, { path, errorMessage: (error as Error).message });
  }
}
