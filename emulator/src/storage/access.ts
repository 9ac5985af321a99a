// Who calls the Storage emulator, and the rules check of each request of the Firebase API (the Cloud Storage JSON
// API is server credentials, past the rules, as in production).
import type { IncomingMessage } from 'node:http';
import type { Method } from '../rules/index.js';
import { HttpError } from './http.js';
import type { ObjectMeta, WritableMeta } from './objects.js';
import { projectOf, rulesResource } from './resources.js';
import type { StorageState } from './state.js';

/** Who is calling: `admin` skips the rules (service credentials, the rules-unit-testing `owner` token). */
export type Auth = { admin: true } | { admin: false; user: { uid: string; token: Record<string, unknown> } | null };

function decodeToken(jwt: string): Auth {
  if (jwt === 'owner') return { admin: true };
  const part = jwt.split('.')[1];
  try {
    const payload = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const uid = (payload.user_id ?? payload.sub) as unknown;
    if (typeof uid !== 'string' || !uid) throw new Error('no uid');
    return { admin: false, user: { uid, token: payload } };
  } catch {
    throw new HttpError(401, 'The Firebase ID token could not be read.');
  }
}

export function authOf(req: IncomingMessage): Auth {
  const header = req.headers.authorization ?? '';
  if (/^Firebase\s+/i.test(header)) return decodeToken(header.replace(/^Firebase\s+/i, '').trim());
  // OAuth bearer tokens are service credentials, and the Cloud Storage client of firebase-admin sends none to an
  // emulator (it names itself in x-goog-api-client): both are the server side, past the rules. No emulator verifies
  // credentials; the rules are what it checks.
  if (/^Bearer\s+/i.test(header) || /\bgccl\//.test(String(req.headers['x-goog-api-client'] ?? ''))) {
    return { admin: true };
  }
  return { admin: false, user: null };
}

/** Refuses (403) what the rules do not allow `auth` to do to the object; `incoming` is `request.resource`. */
export async function checkRules(
  state: StorageState,
  auth: Auth,
  method: Method,
  bucket: string,
  name: string,
  resource: ObjectMeta | undefined,
  incoming?: Record<string, unknown>,
): Promise<void> {
  if (auth.admin) return;
  const projectId = projectOf(bucket);
  // The bucket's root (a list of the whole bucket) is `b/{bucket}/o`, not a path with an empty last segment.
  const path = name ? `b/${bucket}/o/${name}` : `b/${bucket}/o`;
  const decision = await state.rules.evaluate({
    path,
    method,
    request: {
      auth: auth.user,
      time: new Date(),
      method,
      path: `/${path}`,
      ...(incoming ? { resource: incoming } : {}),
    },
    resource: resource ? rulesResource(resource) : null,
    getDocument: state.getDocument
      ? async (path) => (await state.getDocument!(projectId, path.split('/').slice(3).join('/'))) ?? null
      : undefined,
  });
  if (!decision.allowed) {
    if (decision.errors.length) state.logError?.(`rules: ${method} ${name}: ${decision.errors.join('; ')}`);
    const verb = method === 'create' || method === 'update' || method === 'delete' ? 'WRITE' : method.toUpperCase();
    throw new HttpError(403, `Permission denied. No ${verb} permission.`);
  }
}

/**
 * An upload of `size` bytes as the rules see it: always `create`, with `resource` the object it replaces (null when
 * new), as Cloud Storage for Firebase checks it; `update` is a metadata change's (docs/architecture.md).
 */
export async function checkWrite(
  state: StorageState,
  auth: Auth,
  bucket: string,
  name: string,
  size: number,
  meta: WritableMeta,
) {
  const existing = state.store.get(bucket, name);
  await checkRules(state, auth, 'create', bucket, name, existing?.meta, incoming(bucket, name, size, meta));
}

/** The object as it would be stored, for `request.resource`. */
export function incoming(bucket: string, name: string, size: number, meta: WritableMeta): Record<string, unknown> {
  const now = new Date().toISOString();
  const custom: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta.metadata ?? {})) if (v !== null) custom[k] = v;
  return rulesResource({
    bucket,
    name,
    metageneration: 1,
    size,
    contentType: meta.contentType ?? 'application/octet-stream',
    md5Hash: '',
    crc32c: '',
    timeCreated: now,
    updated: now,
    cacheControl: meta.cacheControl,
    contentDisposition: meta.contentDisposition,
    contentEncoding: meta.contentEncoding,
    contentLanguage: meta.contentLanguage,
    metadata: custom,
  });
}
