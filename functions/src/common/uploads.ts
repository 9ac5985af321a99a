// Files the browser uploaded into its own Storage folder: read back and checked (owner, size, type from the bytes)
// before a service moves them to their final place. See docs/security.md, "Files".
import { createHash } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import type { DocumentType } from '@trialdesk/shared';
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
  if (!path.startsWith(`uploads/${caller.uid}/`)) throw fail('permission-denied', 'uploadNotYours');
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
