// The Firebase Storage REST API the `firebase/storage` web SDK speaks (/v0/b/{bucket}/o[/{name}]), every request
// checked against the rules: list, download or metadata, metadata update, delete, and the download tokens' creation
// and deletion. The uploads are in `uploads-firebase.ts`.
import { randomUUID } from 'node:crypto';
import { authOf, checkRules, incoming, type Auth } from '../access.js';
import { HttpError, readJson, send, sendMedia } from '../http.js';
import { applyMeta, TOKENS_KEY } from '../objects.js';
import {
  firebaseDisposition,
  firebaseResource,
  listParams,
  objectName,
  rulesResource,
  writableMeta,
} from '../resources.js';
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

/** A path the Firebase API names: no empty segment (`a//b`, `a/`, `/a`), after at most one trailing slash. */
const validPath = (path: string) => path.split('/').every(Boolean);

/**
 * A folder's page, as the web SDK's `list` and `listAll` read it: prefixes with their trailing slash, and neither
 * objects nor prefixes whose names have an empty segment (a folder placeholder `a/`, `a//b`), which Firebase paths
 * cannot name. The prefix is a folder: empty or ending in a slash.
 */
export async function listObjects({ state, res, url }: Exchange, { bucket, auth }: BucketParams) {
  const [prefix, delimiter, max, token] = listParams(url);
  if (prefix && !prefix.endsWith('/')) {
    throw new HttpError(400, 'The prefix parameter is required to be empty or ends with a single / character.');
  }
  await checkRules(state, auth, 'list', bucket, prefix.replace(/\/$/, ''), undefined);
  const page = state.store.list(bucket, prefix, delimiter, max, token);
  send(res, 200, {
    prefixes: page.prefixes.filter((p) => validPath(p.replace(/\/$/, ''))),
    items: page.items.filter((m) => validPath(m.name)).map((m) => ({ name: m.name, bucket: m.bucket })),
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
  if (!existing) throw new HttpError(404, 'Not Found.  Could not get object');
  // As Cloud Storage for Firebase does, a read allowed through this API gives an object without a download token
  // one, which its metadata then shows to every reader the rules allow (docs/security.md, "Files").
  const read = existing.meta.metadata[TOKENS_KEY]
    ? existing
    : { ...existing, meta: state.store.update(bucket, name, { metadata: { [TOKENS_KEY]: randomUUID() } })! };
  if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, read, firebaseDisposition(read.meta));
  send(res, 200, firebaseResource(read.meta));
}

/**
 * A POST to an object that is not an upload (routes/uploads-firebase.ts passes these on):
 * `POST /v0/b/{bucket}/o/{name}?create_token=true` adds a download token to the object, `?delete_token={token}`
 * removes that one; both answer its metadata. What the Firebase console calls: admin credentials only, past the rules.
 */
export async function changeToken({ state, res, url }: Exchange, { bucket, auth, name }: ObjectParams) {
  const create = url.searchParams.get('create_token');
  const remove = url.searchParams.get('delete_token');
  if ((create === null) === (remove === null) || (create !== null && create !== 'true')) {
    throw new HttpError(400, 'Expected create_token=true or delete_token={token}.');
  }
  if (!auth.admin) throw new HttpError(403, 'Missing admin credentials.');
  const existing = state.store.get(bucket, name);
  if (!existing) throw new HttpError(404, 'Not Found.  Could not get object');
  const tokens = existing.meta.metadata[TOKENS_KEY]?.split(',').filter(Boolean) ?? [];
  const next = create !== null ? [...tokens, randomUUID()] : tokens.filter((t) => t !== remove);
  const meta = state.store.update(bucket, name, { metadata: { [TOKENS_KEY]: next.length ? next.join(',') : null } })!;
  send(res, 200, firebaseResource(meta));
}

export async function updateObject({ state, req, res }: Exchange, { bucket, auth, name }: ObjectParams) {
  const existing = state.store.get(bucket, name);
  const changes = writableMeta(await readJson(req));
  if (!existing) {
    await checkRules(state, auth, 'update', bucket, name, undefined, incoming(bucket, name, 0, changes));
    throw new HttpError(404, 'Not Found.  Could not update object');
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
  if (!state.store.delete(bucket, name)) throw new HttpError(404, 'Not Found.  Could not delete object');
  send(res, 204, undefined);
}
