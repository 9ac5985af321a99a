// The Cloud Storage JSON API of `firebase-admin/storage` (/storage/v1, /download/storage/v1, or /b/... as the client
// addresses an emulator), trusted as server credentials are in production: bucket, list, metadata or download (also
// at an object's `mediaLink`), metadata update, delete, copy, rewrite and move, and the /{bucket}/{name} downloads of
// older clients. The object ACL endpoints are in `gcs-acl.ts`, the uploads in `uploads-gcs.ts`.
import { HttpError, readJson, send, sendMedia } from '../http.js';
import type { WritableMeta } from '../objects.js';
import { gcsResource, listParams, objectName, pickMeta, predefinedAcl, writableMeta } from '../resources.js';
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

/**
 * The bucket (decoded) and the segments after it: `/b/{bucket}/...`, also below `/storage/v1`, `/download/v1` or
 * `/download/storage/v1` (an object's `mediaLink`).
 */
export function jsonPath(parts: string[]): { bucket: string; rest: string[] } | undefined {
  const at =
    parts[0] === 'b'
      ? 0
      : (parts[0] === 'storage' || parts[0] === 'download') && parts[1] === 'v1'
        ? 2
        : parts[0] === 'download' && parts[1] === 'storage' && parts[2] === 'v1'
          ? 3
          : -1;
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
  const full = url.searchParams.get('projection') === 'full';
  // As the JSON API answers: an empty list of items or prefixes is left out.
  send(res, 200, {
    kind: 'storage#objects',
    ...(page.items.length ? { items: page.items.map((m) => gcsResource(m, url.origin, full)) } : {}),
    ...(page.prefixes.length ? { prefixes: page.prefixes } : {}),
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  });
}

const noSuchObject = (bucket: string, name: string) => new HttpError(404, `No such object: ${bucket}/${name}`);

/**
 * The object, which must exist; with `generation` (a `mediaLink`'s) that generation, the only one kept. Other
 * preconditions are the uploads'.
 */
export function existingObject({ state, url }: Exchange, bucket: string, name: string) {
  const existing = state.store.get(bucket, name);
  const generation = url.searchParams.get('generation');
  if (!existing || (generation !== null && generation !== existing.meta.generation)) throw noSuchObject(bucket, name);
  return existing;
}

/** The object's metadata (with `projection=full`, its ACL), or its bytes with `alt=media`. */
export function getObject(x: Exchange, { bucket, name }: ObjectParams) {
  const { req, res, url } = x;
  const existing = existingObject(x, bucket, name);
  if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, existing);
  send(res, 200, gcsResource(existing.meta, url.origin, url.searchParams.get('projection') === 'full'));
}

/**
 * A metadata change; with `predefinedAcl` the object's ACL becomes that predefined one (what `makePrivate()` sends,
 * with `acl: null`).
 */
export async function updateObject(x: Exchange, { bucket, name }: ObjectParams) {
  const { state, req, res, url } = x;
  existingObject(x, bucket, name);
  const body = await readJson(req);
  const changes = writableMeta(body);
  const predefined = url.searchParams.get('predefinedAcl');
  if (predefined !== null) changes.acl = predefinedAcl(bucket, predefined);
  else if (body.acl === null) changes.acl = null;
  const full = url.searchParams.get('projection') === 'full';
  send(res, 200, gcsResource(state.store.update(bucket, name, changes)!, url.origin, full));
}

export function deleteObject(x: Exchange, { bucket, name }: ObjectParams) {
  const { state, res } = x;
  existingObject(x, bucket, name);
  state.store.delete(bucket, name);
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
  // The destination takes the source's metadata, each field the body names overriding it. Custom metadata comes
  // whole, download tokens included (Cloud Storage knows nothing of them), unless the body names custom keys: then
  // the destination has those alone, with no token until the Firebase API mints one. The source keeps its own.
  const overrides = writableMeta(body);
  const custom = overrides.metadata && Object.keys(overrides.metadata).length ? overrides.metadata : undefined;
  const meta: WritableMeta = { ...pickMeta(existing.meta), ...overrides, metadata: custom ?? existing.meta.metadata };
  // The destination's ACL: `destinationPredefinedAcl`'s, else the bucket's default; a move keeps the object's own.
  const predefined = url.searchParams.get('destinationPredefinedAcl');
  if (predefined !== null) meta.acl = predefinedAcl(destBucket, predefined);
  else if (op === 'moveTo') meta.acl = existing.meta.acl;
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
