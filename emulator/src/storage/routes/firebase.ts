// The Firebase Storage REST API the `firebase/storage` web SDK speaks (/v0/b/{bucket}/o[/{name}]), every request
// checked against the rules: list, download or metadata, metadata update, delete. The uploads are in
// `uploads-firebase.ts`.
import { randomUUID } from 'node:crypto';
import { authOf, checkRules, incoming, type Auth } from '../access.js';
import { HttpError, readJson, send, sendMedia } from '../http.js';
import { applyMeta, TOKENS_KEY } from '../objects.js';
import { firebaseResource, listParams, objectName, rulesResource, writableMeta } from '../resources.js';
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
