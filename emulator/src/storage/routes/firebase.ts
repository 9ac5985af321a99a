// The Firebase Storage REST API the `firebase/storage` web SDK speaks (/v0/b/{bucket}/o[/{name}]), every request
// checked against the rules: list, upload (whole, multipart, or resumable), download or metadata, metadata update,
// delete.
import { randomUUID } from 'node:crypto';
import { authOf, checkRules, checkWrite, incoming, type Auth } from '../access.js';
import { HttpError, parseMultipart, readBody, readJson, send, sendMedia } from '../http.js';
import { applyMeta, TOKENS_KEY } from '../objects.js';
import { checkName, firebaseResource, listParams, objectName, rulesResource, writableMeta } from '../resources.js';
import { storeUpload } from '../uploads.js';
import type { Exchange } from './route.js';

interface BucketParams {
  bucket: string;
  auth: Auth;
}
interface ObjectParams extends BucketParams {
  name: string;
}

const isFirebasePath = (parts: string[]) => parts[0] === 'v0' && parts[1] === 'b' && parts[3] === 'o';

/** /v0/b/{bucket}/o: the caller is read before anything else (401 for an unreadable token). */
export function bucketParams(x: Exchange, parts: string[]): BucketParams | undefined {
  if (!isFirebasePath(parts) || parts.length !== 4) return undefined;
  return { bucket: decodeURIComponent(parts[2]), auth: authOf(x.req) };
}

/** /v0/b/{bucket}/o/{name}, the name one segment (its slashes as %2F). */
export function objectParams(x: Exchange, parts: string[]): ObjectParams | undefined {
  if (!isFirebasePath(parts) || parts.length !== 5) return undefined;
  const bucket = decodeURIComponent(parts[2]);
  const auth = authOf(x.req);
  return { bucket, auth, name: objectName(parts[4]) };
}

export async function listObjects({ state, res, url }: Exchange, { bucket, auth }: BucketParams) {
  const [prefix, delimiter, max, token] = listParams(url);
  await checkRules(state, auth, 'list', bucket, prefix.replace(/\/$/, ''), undefined);
  const page = state.store.list(bucket, prefix, delimiter, max, token);
  send(res, 200, {
    prefixes: page.prefixes.map((p) => p.replace(/\/$/, '')),
    items: page.items.map((m) => ({ name: m.name, bucket: m.bucket })),
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  });
}

/** A POST to the bucket: the next step of a resumable upload (`upload_id`), or a new upload of the given protocol. */
export function upload(x: Exchange, params: BucketParams) {
  const uploadId = x.url.searchParams.get('upload_id');
  if (uploadId) return continueResumable(x, uploadId);
  const protocol = String(x.req.headers['x-goog-upload-protocol'] ?? x.url.searchParams.get('uploadType') ?? '');
  if (protocol === 'multipart') return uploadMultipart(x, params);
  if (protocol === 'resumable') return startResumable(x, params);
  return uploadMedia(x, params);
}

/** A plain POST of the bytes (uploadType=media or no protocol). */
async function uploadMedia({ state, req, res, url }: Exchange, { bucket, auth }: BucketParams) {
  const name = url.searchParams.get('name') ?? '';
  const data = await readBody(req);
  const stored = await storeUpload(state, 'firebase', auth, bucket, name, data, {
    contentType: req.headers['content-type'],
  });
  send(res, 200, firebaseResource(stored));
}

async function uploadMultipart({ state, req, res, url }: Exchange, { bucket, auth }: BucketParams) {
  const name = url.searchParams.get('name') ?? '';
  const body = await readBody(req);
  const part = parseMultipart(String(req.headers['content-type'] ?? ''), body);
  const meta = writableMeta(part.meta);
  meta.contentType ??= part.type;
  const stored = await storeUpload(
    state,
    'firebase',
    auth,
    bucket,
    name || String(part.meta.name ?? ''),
    part.data,
    meta,
  );
  send(res, 200, firebaseResource(stored));
}

async function startResumable({ state, uploads, req, res, url }: Exchange, { bucket, auth }: BucketParams) {
  const name = url.searchParams.get('name') ?? '';
  if (String(req.headers['x-goog-upload-command'] ?? '') !== 'start') {
    throw new HttpError(400, 'A resumable upload starts with X-Goog-Upload-Command: start.');
  }
  const body = await readJson(req);
  const meta = writableMeta(body);
  meta.contentType ??= String(req.headers['x-goog-upload-header-content-type'] ?? '') || undefined;
  const declared = Number(req.headers['x-goog-upload-header-content-length'] ?? NaN);
  const objectName = name || String(body.name ?? '');
  checkName(objectName);
  // Checked once with the declared size, and again with the real bytes when the upload finishes.
  await checkWrite(state, auth, bucket, objectName, Number.isFinite(declared) ? declared : 0, meta);
  const session = uploads.start(
    'firebase',
    auth,
    bucket,
    objectName,
    meta,
    Number.isFinite(declared) ? declared : undefined,
  );
  const uploadUrl = `${url.origin}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(objectName)}&upload_id=${session.id}&upload_protocol=resumable`;
  send(res, 200, undefined, {
    'x-goog-upload-status': 'active',
    'x-goog-upload-url': uploadUrl,
    'x-goog-upload-chunk-granularity': String(256 * 1024),
  });
}

/** A resumable upload's next step: `query` its progress, `cancel` it, `upload` a chunk and/or `finalize` it. */
async function continueResumable({ uploads, req, res }: Exchange, uploadId: string) {
  const session = uploads.get(uploadId, 'firebase');
  const commands = String(req.headers['x-goog-upload-command'] ?? '')
    .split(',')
    .map((c) => c.trim());
  if (commands.includes('query')) {
    return send(res, 200, undefined, {
      'x-goog-upload-status': session.done ? 'final' : 'active',
      'x-goog-upload-size-received': String(session.received),
    });
  }
  if (commands.includes('cancel')) {
    uploads.delete(uploadId);
    return send(res, 200, undefined, { 'x-goog-upload-status': 'cancelled' });
  }
  const body = await readBody(req);
  if (commands.includes('upload')) {
    uploads.append(session, Number(req.headers['x-goog-upload-offset'] ?? session.received), body);
  }
  if (commands.includes('finalize')) {
    const stored = await uploads.finish(session);
    uploads.delete(uploadId);
    return send(res, 200, firebaseResource(stored), { 'x-goog-upload-status': 'final' });
  }
  send(res, 200, undefined, { 'x-goog-upload-status': 'active' });
}

/** The object's metadata, or its bytes with `alt=media`. */
export async function getObject({ state, req, res, url }: Exchange, { bucket, auth, name }: ObjectParams) {
  const existing = state.store.get(bucket, name);
  const token = url.searchParams.get('token');
  const tokens = existing?.meta.metadata[TOKENS_KEY]?.split(',') ?? [];
  // A download URL's token grants the read by itself, as in production.
  if (!(token && url.searchParams.get('alt') === 'media' && tokens.includes(token))) {
    await checkRules(state, auth, 'get', bucket, name, existing?.meta);
  }
  if (!existing) throw new HttpError(404, `Not found. Could not get object ${name}.`);
  // As Cloud Storage for Firebase does, a read allowed through this API gives an object without a download token
  // one, which its metadata then shows to every reader the rules allow (docs/security.md, "Files").
  const read = existing.meta.metadata[TOKENS_KEY]
    ? existing
    : { ...existing, meta: state.store.update(bucket, name, { metadata: { [TOKENS_KEY]: randomUUID() } })! };
  if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, read);
  send(res, 200, firebaseResource(read.meta));
}

export async function updateObject({ state, req, res }: Exchange, { bucket, auth, name }: ObjectParams) {
  const existing = state.store.get(bucket, name);
  const changes = writableMeta(await readJson(req));
  if (!existing) {
    await checkRules(state, auth, 'update', bucket, name, undefined, incoming(bucket, name, 0, changes));
    throw new HttpError(404, `Not found. Could not update object ${name}.`);
  }
  await checkRules(
    state,
    auth,
    'update',
    bucket,
    name,
    existing.meta,
    rulesResource(applyMeta(existing.meta, changes)),
  );
  send(res, 200, firebaseResource(state.store.update(bucket, name, changes)!));
}

export async function deleteObject({ state, res }: Exchange, { bucket, auth, name }: ObjectParams) {
  const existing = state.store.get(bucket, name);
  await checkRules(state, auth, 'delete', bucket, name, existing?.meta);
  if (!state.store.delete(bucket, name)) throw new HttpError(404, `Not found. Could not delete object ${name}.`);
  send(res, 204, undefined);
}
