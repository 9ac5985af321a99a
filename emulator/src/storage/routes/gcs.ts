// The Cloud Storage JSON API of `firebase-admin/storage` (/storage/v1, /download/storage/v1, or /b/... as the client
// addresses an emulator), trusted as server credentials are in production: bucket, list, metadata or download,
// metadata update, delete, copy, rewrite and move, and the /{bucket}/{name} downloads of older clients. The uploads
// are in `uploads-gcs.ts`.
import { HttpError, readJson, send, sendMedia } from '../http.js';
import type { WritableMeta } from '../objects.js';
import { gcsResource, listParams, objectName, pickMeta, writableMeta } from '../resources.js';
import type { Exchange } from './route.js';

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
