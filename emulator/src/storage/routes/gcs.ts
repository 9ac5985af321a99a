// The Cloud Storage JSON API of `firebase-admin/storage` (/storage/v1, /upload/storage/v1, /download/storage/v1, or
// /b/... as the client addresses an emulator), trusted as server credentials are in production: upload (media,
// multipart, resumable), bucket, list, metadata or download, metadata update, delete, copy, rewrite and move, and the
// /{bucket}/{name} downloads of older clients.
import type { Auth } from '../access.js';
import { CORS_HEADERS, HttpError, parseMultipart, readBody, readJson, send, sendMedia } from '../http.js';
import type { WritableMeta } from '../objects.js';
import { gcsResource, listParams, objectName, pickMeta, writableMeta } from '../resources.js';
import { storeUpload } from '../uploads.js';
import type { Exchange } from './route.js';

const ADMIN: Auth = { admin: true };

interface BucketParams {
  bucket: string;
}
interface ObjectParams extends BucketParams {
  name: string;
}
interface OperationParams extends ObjectParams {
  /** The segments after the source's name: `rewriteTo|copyTo/b/{bucket}/o/{dst}` or `moveTo/o/{dst}`. */
  operation: string[];
}

/** The bucket (decoded) and the segments after it: `/b/{bucket}/...`, also below `/storage/v1` or `/download/v1`. */
function jsonPath(parts: string[]): { bucket: string; rest: string[] } | undefined {
  const at = parts[0] === 'b' ? 0 : (parts[0] === 'storage' || parts[0] === 'download') && parts[1] === 'v1' ? 2 : -1;
  if (at < 0 || parts[at] !== 'b' || !parts[at + 1]) return undefined;
  return { bucket: decodeURIComponent(parts[at + 1]), rest: parts.slice(at + 2) };
}

/** The bucket itself. */
export function bucketParams(_x: Exchange, parts: string[]): BucketParams | undefined {
  const path = jsonPath(parts);
  return path && path.rest.length === 0 ? { bucket: path.bucket } : undefined;
}

/** The bucket's objects (`.../o`). */
export function objectsParams(_x: Exchange, parts: string[]): BucketParams | undefined {
  const path = jsonPath(parts);
  return path && path.rest[0] === 'o' && path.rest.length === 1 ? { bucket: path.bucket } : undefined;
}

/** One object (`.../o/{name}`). */
export function objectParams(_x: Exchange, parts: string[]): ObjectParams | undefined {
  const path = jsonPath(parts);
  if (!path || path.rest[0] !== 'o' || path.rest.length !== 2) return undefined;
  return { bucket: path.bucket, name: objectName(path.rest[1]) };
}

/** An operation on one object (`.../o/{name}/{operation}...`). */
export function operationParams(_x: Exchange, parts: string[]): OperationParams | undefined {
  const path = jsonPath(parts);
  if (!path || path.rest[0] !== 'o' || path.rest.length < 3) return undefined;
  return { bucket: path.bucket, name: objectName(path.rest[1]), operation: path.rest.slice(2) };
}

/** /upload/storage/{version}/b/{bucket}/o */
export function uploadParams(_x: Exchange, parts: string[]): BucketParams | undefined {
  if (parts[0] !== 'upload' || parts[1] !== 'storage' || parts[3] !== 'b' || parts[5] !== 'o') return undefined;
  return { bucket: decodeURIComponent(parts[4]) };
}

export function getBucket({ res }: Exchange, { bucket }: BucketParams) {
  send(res, 200, { kind: 'storage#bucket', id: bucket, name: bucket, location: 'US', storageClass: 'STANDARD' });
}

export function listObjects({ state, res, url }: Exchange, { bucket }: BucketParams) {
  const [prefix, delimiter, max, token] = listParams(url);
  const page = state.store.list(bucket, prefix, delimiter, max, token);
  send(res, 200, {
    kind: 'storage#objects',
    items: page.items.map((m) => gcsResource(m, url.origin)),
    prefixes: page.prefixes,
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  });
}

const noSuchObject = (bucket: string, name: string) => new HttpError(404, `No such object: ${bucket}/${name}`);

/** The object's metadata, or its bytes with `alt=media`. */
export function getObject({ state, req, res, url }: Exchange, { bucket, name }: ObjectParams) {
  const existing = state.store.get(bucket, name);
  if (!existing) throw noSuchObject(bucket, name);
  if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, existing);
  send(res, 200, gcsResource(existing.meta, url.origin));
}

export async function updateObject({ state, req, res, url }: Exchange, { bucket, name }: ObjectParams) {
  if (!state.store.get(bucket, name)) throw noSuchObject(bucket, name);
  const changes = writableMeta(await readJson(req));
  send(res, 200, gcsResource(state.store.update(bucket, name, changes)!, url.origin));
}

export function deleteObject({ state, res }: Exchange, { bucket, name }: ObjectParams) {
  if (!state.store.delete(bucket, name)) throw noSuchObject(bucket, name);
  send(res, 204, undefined);
}

/** rewriteTo and copyTo (to any bucket), moveTo (within the bucket). */
export async function copyObject({ state, req, res, url }: Exchange, { bucket, name, operation }: OperationParams) {
  const existing = state.store.get(bucket, name);
  const [op] = operation;
  const [destBucket, destRaw] =
    op === 'moveTo' ? [bucket, operation[2]] : [decodeURIComponent(operation[2] ?? ''), operation[4]];
  if (!['rewriteTo', 'copyTo', 'moveTo'].includes(op) || destRaw === undefined) throw new HttpError(404, 'Not found.');
  const destName = objectName(destRaw);
  if (!existing) throw noSuchObject(bucket, name);
  const body = await readJson(req);
  // The copy keeps every custom metadata key, download tokens included, as Cloud Storage does.
  const meta: WritableMeta = {
    ...pickMeta(existing.meta),
    metadata: existing.meta.metadata,
    ...writableMeta(body),
  };
  const stored = state.store.put(destBucket, destName, existing.data, meta);
  if (op === 'moveTo') state.store.delete(bucket, name);
  const resource = gcsResource(stored, url.origin);
  if (op === 'rewriteTo') {
    return send(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: String(stored.size),
      objectSize: String(stored.size),
      done: true,
      resource,
    });
  }
  send(res, 200, resource);
}

/** Any request to the upload path: the next chunk of a resumable upload (`upload_id`), or a new upload (POST). */
export function upload(x: Exchange, params: BucketParams) {
  const uploadId = x.url.searchParams.get('upload_id');
  if (uploadId) return continueResumable(x, uploadId);
  if (x.req.method !== 'POST') throw new HttpError(405, `${x.req.method} is not supported here.`);
  const type = x.url.searchParams.get('uploadType') ?? 'media';
  if (type === 'resumable') return startResumable(x, params);
  return uploadWhole(x, params, type);
}

/** With `ifGenerationMatch`, refuses (412) an upload when the object's generation is another (0: none yet). */
function checkGeneration({ state, url }: Exchange, bucket: string, name: string): void {
  const ifGeneration = url.searchParams.get('ifGenerationMatch');
  if (ifGeneration === null) return;
  const current = state.store.get(bucket, name)?.meta.generation ?? '0';
  if (current !== ifGeneration)
    throw new HttpError(412, 'At least one of the pre-conditions you specified did not hold.');
}

/** uploadType=media (the bytes) or multipart (metadata, then the bytes). */
async function uploadWhole(x: Exchange, { bucket }: BucketParams, type: string) {
  const { state, req, res, url } = x;
  const body = await readBody(req);
  let name = url.searchParams.get('name') ?? '';
  let data = body;
  let meta: WritableMeta = { contentType: req.headers['content-type'] };
  if (type === 'multipart') {
    const part = parseMultipart(String(req.headers['content-type'] ?? ''), body);
    meta = writableMeta(part.meta);
    meta.contentType ??= part.type;
    name ||= String(part.meta.name ?? '');
    data = part.data;
  }
  checkGeneration(x, bucket, name);
  send(res, 200, gcsResource(await storeUpload(state, 'gcs', ADMIN, bucket, name, data, meta), url.origin));
}

async function startResumable(x: Exchange, { bucket }: BucketParams) {
  const { uploads, req, res, url } = x;
  const body = await readJson(req);
  const meta = writableMeta(body);
  meta.contentType ??= String(req.headers['x-upload-content-type'] ?? '') || undefined;
  const name = url.searchParams.get('name') ?? String(body.name ?? '');
  checkGeneration(x, bucket, name);
  const session = uploads.start('gcs', ADMIN, bucket, name, meta);
  const ifGeneration = url.searchParams.get('ifGenerationMatch');
  const location = `${url.origin}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${session.id}${ifGeneration !== null ? `&ifGenerationMatch=${ifGeneration}` : ''}`;
  send(res, 200, undefined, { location });
}

/**
 * The next request of a resumable upload: a chunk, the rest of the bytes or a query (by its Content-Range); DELETE
 * cancels it.
 */
async function continueResumable(x: Exchange, uploadId: string) {
  const { uploads, req, res, url } = x;
  const session = uploads.get(uploadId, 'gcs');
  if (req.method === 'DELETE') {
    uploads.delete(uploadId);
    return send(res, 499, undefined);
  }
  const body = await readBody(req);
  // bytes A-B/T (a chunk), bytes A-*/T or A-*/* (the rest of the object in this body), bytes */T (a query).
  const header = String(req.headers['content-range'] ?? `bytes 0-*/${body.length}`);
  const range = /^bytes (\*|(\d+)-(\d+|\*))\/(\*|\d+)$/.exec(header);
  if (!range) throw new HttpError(400, `Invalid Content-Range '${header}'.`);
  if (range[2] !== undefined) uploads.append(session, Number(range[2]), body);
  const total = range[4] !== '*' ? Number(range[4]) : range[3] === '*' ? session.received : undefined;
  if (total !== undefined && session.received >= total) {
    checkGeneration(x, session.bucket, session.name);
    const stored = await uploads.finish(session);
    return send(res, 200, gcsResource(stored, url.origin));
  }
  const headers: Record<string, string> = session.received ? { range: `bytes=0-${session.received - 1}` } : {};
  res.writeHead(308, { ...CORS_HEADERS, ...headers, 'content-length': '0' });
  res.end();
}

/** /{bucket}/{name...}: where older Cloud Storage clients download from. */
export function legacyParams(_x: Exchange, parts: string[]): string[] | undefined {
  return parts.length >= 2 ? parts : undefined;
}

export function legacyDownload({ state, req, res }: Exchange, parts: string[]) {
  const bucket = decodeURIComponent(parts[0]);
  const object = state.store.get(bucket, decodeURIComponent(parts.slice(1).join('/')));
  if (!object) throw new HttpError(404, 'Not found.');
  sendMedia(req, res, object);
}
