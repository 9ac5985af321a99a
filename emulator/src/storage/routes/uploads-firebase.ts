// Uploads through the Firebase Storage REST API (/v0/b/{bucket}/o[/{name}]), as the `firebase/storage` web SDK and
// Google's other Firebase clients send them, every one checked against the rules: media (the bytes), multipart
// (metadata part, then the bytes), and resumable (`X-Goog-Upload-Protocol: resumable`, a start, then `upload`,
// `upload, finalize`, `finalize`, `query` and `cancel` commands with POST or PUT to the upload URL).
import { authOf, checkWrite, type Auth } from '../access.js';
import { HttpError, parseMultipart, readBody, readJson, send } from '../http.js';
import { checkName, firebaseResource, objectName, writableMeta } from '../resources.js';
import { storeUpload, type Session } from '../uploads.js';
import type { Exchange } from './route.js';

export interface UploadParams {
  bucket: string;
  /** The object's name from the path (`/v0/b/{bucket}/o/{name}`), else from `?name=` or the metadata. */
  name?: string;
  auth: Auth;
}

/** Granularity the chunks of a resumable upload keep to, as production announces it (256 KiB). */
const CHUNK_GRANULARITY = 256 * 1024;

const header = (x: Exchange, name: string) => String(x.req.headers[name] ?? '').trim();

/**
 * The upload requests of /v0/b/{bucket}/o and /v0/b/{bucket}/o/{name}: every POST there but the token ones
 * (`create_token`, `delete_token`), and a PUT that carries an upload id or an `X-Goog-Upload-*` protocol header (a PUT
 * without them, or with `X-HTTP-Method-Override: PATCH`, is a metadata update).
 */
export function uploadParams(x: Exchange, parts: string[]): UploadParams | undefined {
  if (parts[0] !== 'v0' || parts[1] !== 'b' || parts[3] !== 'o' || (parts.length !== 4 && parts.length !== 5)) {
    return undefined;
  }
  const { searchParams } = x.url;
  if (x.req.method === 'POST' && (searchParams.has('create_token') || searchParams.has('delete_token')))
    return undefined;
  const uploadHeaders = header(x, 'x-goog-upload-protocol') || header(x, 'x-goog-upload-command');
  if (
    x.req.method === 'PUT' &&
    (header(x, 'x-http-method-override').toLowerCase() === 'patch' || !(searchParams.has('upload_id') || uploadHeaders))
  ) {
    return undefined;
  }
  const bucket = decodeURIComponent(parts[2]);
  const auth = authOf(x.req);
  return { bucket, auth, ...(parts.length === 5 ? { name: objectName(parts[4]) } : {}) };
}

/** A new upload of the protocol the request names, or the next command of a resumable one (`upload_id`). */
export function upload(x: Exchange, params: UploadParams) {
  const uploadId = x.url.searchParams.get('upload_id');
  if (uploadId) return continueResumable(x, uploadId);
  const protocol = header(x, 'x-goog-upload-protocol') || (x.url.searchParams.get('uploadType') ?? '');
  if (protocol === 'resumable' || header(x, 'x-goog-upload-command')) return startResumable(x, params);
  if (protocol === 'multipart') return uploadMultipart(x, params);
  return uploadMedia(x, params);
}

/** The name from the path, `?name=`, or the metadata sent (in that order). */
function nameOf({ url }: Exchange, params: UploadParams, meta?: Record<string, unknown>): string {
  const name = params.name ?? url.searchParams.get('name') ?? (typeof meta?.name === 'string' ? meta.name : '');
  checkName(name);
  return name;
}

/** A plain upload of the bytes (`X-Goog-Upload-Protocol: raw`, or none). */
async function uploadMedia(x: Exchange, params: UploadParams) {
  const { state, req, res } = x;
  const name = nameOf(x, params);
  const data = await readBody(req);
  const meta = { contentType: req.headers['content-type'] };
  send(res, 200, firebaseResource(await storeUpload(state, 'firebase', params.auth, params.bucket, name, data, meta)));
}

/** multipart/related: the metadata (JSON), then the bytes. */
async function uploadMultipart(x: Exchange, params: UploadParams) {
  const { state, req, res } = x;
  const part = parseMultipart(String(req.headers['content-type'] ?? ''), await readBody(req));
  const meta = writableMeta(part.meta);
  meta.contentType ??= part.type;
  const name = nameOf(x, params, part.meta);
  send(
    res,
    200,
    firebaseResource(await storeUpload(state, 'firebase', params.auth, params.bucket, name, part.data, meta)),
  );
}

/**
 * `X-Goog-Upload-Command: start`: the metadata in the body, the size and type to come in `X-Goog-Upload-Header-*`.
 * Answers the upload URL; the rules are checked now with the declared size, and again on the bytes at the end.
 */
async function startResumable(x: Exchange, params: UploadParams) {
  const { state, uploads, req, res, url } = x;
  if (header(x, 'x-goog-upload-command') !== 'start') {
    throw new HttpError(400, 'A resumable upload starts with X-Goog-Upload-Command: start.');
  }
  const body = await readJson(req);
  const meta = writableMeta(body);
  meta.contentType ??= header(x, 'x-goog-upload-header-content-type') || undefined;
  const sizeHeader = header(x, 'x-goog-upload-header-content-length');
  const declaredSize = sizeHeader === '' ? undefined : Number(sizeHeader);
  if (declaredSize !== undefined && !(Number.isSafeInteger(declaredSize) && declaredSize >= 0)) {
    throw new HttpError(400, `Invalid X-Goog-Upload-Header-Content-Length '${sizeHeader}'.`);
  }
  const name = nameOf(x, params, body);
  await checkWrite(state, params.auth, params.bucket, name, declaredSize ?? 0, meta);
  const session = uploads.start('firebase', params.auth, params.bucket, name, meta, { declaredSize });
  const query = new URLSearchParams({ name, upload_id: session.id, upload_protocol: 'resumable' });
  send(res, 200, undefined, {
    'x-goog-upload-status': 'active',
    'x-goog-upload-url': `${url.origin}/v0/b/${encodeURIComponent(params.bucket)}/o?${query}`,
    'x-goog-upload-control-url': '',
    'x-goog-upload-chunk-granularity': String(CHUNK_GRANULARITY),
  });
}

/**
 * A resumable upload's next command: `query` (its status and the bytes received), `cancel`, `upload` (a chunk from
 * `X-Goog-Upload-Offset`, which must be the number of bytes received), `finalize`, or `upload, finalize`. A finished
 * session answers a repeated finalize as it answered the first; other commands to a finished or cancelled session are
 * refused (400), with its status.
 */
async function continueResumable(x: Exchange, uploadId: string) {
  const { uploads, req, res } = x;
  const session = uploads.get(uploadId, 'firebase');
  const commands = header(x, 'x-goog-upload-command')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  res.setHeader('x-goog-upload-status', session.status);
  if (commands.length === 0) throw new HttpError(400, 'X-Goog-Upload-Command is missing.');
  if (commands.includes('query') || commands.includes('cancel')) req.resume(); // neither has a body
  if (commands.includes('query')) {
    return send(res, 200, undefined, { 'x-goog-upload-size-received': String(session.received) });
  }
  if (commands.includes('cancel')) {
    uploads.cancel(session);
    return send(res, 200, undefined, { 'x-goog-upload-status': 'cancelled' });
  }
  const unknown = commands.find((c) => c !== 'upload' && c !== 'finalize');
  if (unknown) throw new HttpError(400, `Unknown X-Goog-Upload-Command '${unknown}'.`);
  const body = await readBody(req);
  if (commands.includes('finalize') && session.status === 'final') return repeatFinal(x, session);
  if (commands.includes('upload')) {
    const offset = header(x, 'x-goog-upload-offset');
    uploads.append(session, offset === '' ? session.received : Number(offset), body, 'exact');
  }
  if (!commands.includes('finalize')) return send(res, 200, undefined, { 'x-goog-upload-status': 'active' });
  res.setHeader('x-goog-upload-status', 'final');
  send(res, 200, firebaseResource(await uploads.finish(session)));
}

/** A finalize sent again (its answer was lost): the same object, or the same refusal. */
function repeatFinal({ res }: Exchange, session: Session) {
  if (session.refused) throw session.refused;
  send(res, 200, firebaseResource(session.done!));
}
