// files-download: the one HTTP function (files do not fit a callable's JSON), run like a callable: App Check, the
// caller's ID token and current standing, the shared schema of its query, the file streamed, refusals in the access log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { HttpsError, onRequest, type CallableRequest } from 'firebase-functions/v2/https';
import { FILE_DOWNLOAD_FUNCTION, FUNCTIONS_REGION, fileDownloadSchema, validate } from '@trialdesk/shared';
import { appCheckRefusal } from '../common/appCheck.js';
import { authorise } from '../common/auth.js';
import { guarded } from '../common/callable.js';
import { fail, invalidArgument } from '../common/errors.js';
import { auth } from '../common/firebase.js';
import { downloadOf } from './service.js';

/** Errors firebase-admin raises for a token it verified whose session has ended (checked in the emulators only). */
const ENDED = ['auth/id-token-revoked', 'auth/user-disabled', 'auth/user-not-found'];

/**
 * The caller as a callable would see them: the ID token of `Authorization: Bearer …`, verified; none without a valid
 * one. A verified token whose account was deleted, disabled or ended is refused as `authorise` refuses it.
 */
async function authDataOf(req: IncomingMessage): Promise<CallableRequest['auth'] | 'ended'> {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  try {
    const token = await auth().verifyIdToken(match[1]);
    return { uid: token.uid, token, rawToken: match[1] };
  } catch (error) {
    return ENDED.includes((error as { code?: string }).code ?? '') ? 'ended' : undefined;
  }
}

/** Answers an error as a callable does: its HTTP status, and `{ error: { status, message, details } }`. */
function sendError(res: ServerResponse, error: HttpsError): void {
  res.writeHead(error.httpErrorCode.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: error.toJSON() }));
}

/** Serves `GET ?path=…` for the verified caller (exported for the in-process tests, which serve it over HTTP). */
export async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // App Check first, as the SDK checks it before a callable runs (and, like there, no access-log entry).
  const refused = await appCheckRefusal(req);
  if (refused) return sendError(res, refused);
  const verified = await authDataOf(req);
  const authData = verified === 'ended' ? undefined : verified;
  try {
    const download = await guarded(FILE_DOWNLOAD_FUNCTION, authData, async () => {
      if (verified === 'ended') throw fail('permission-denied', 'accessRevoked');
      const caller = await authorise(authData, 'staff');
      if (req.method !== 'GET') throw fail('invalid-argument', 'invalidArgument');
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://localhost').searchParams);
      const parsed = validate(fileDownloadSchema, query);
      if (!parsed.ok) throw invalidArgument(parsed.issues);
      return downloadOf(parsed.value.path, caller);
    });
    res.writeHead(200, {
      'content-type': download.contentType,
      'content-length': String(download.size),
      'content-disposition': download.contentDisposition,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    await pipeline(download.file.createReadStream(), res);
  } catch (error) {
    if (!res.headersSent) sendError(res, error instanceof HttpsError ? error : fail('internal', 'internal'));
    else res.destroy(error as Error);
  }
}

export const download = onRequest({ region: FUNCTIONS_REGION, timeoutSeconds: 60, cors: true }, serveFile);
