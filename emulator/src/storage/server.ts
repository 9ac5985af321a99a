// The Storage emulator's HTTP API: the Firebase Storage REST API of the `firebase/storage` web SDK (rules checked on
// every request), the Cloud Storage JSON API of `firebase-admin/storage` (trusted, as in production), and the
// rules-loading endpoint of `@firebase/rules-unit-testing`. Protocol notes: docs/architecture.md, "Storage emulator".
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compileRules, RulesError, type CompiledRules, type Method } from '../rules/index.js';
import type { Fields } from '../common/firestore-value.js';
import { applyMeta, type ObjectMeta, type ObjectStore, TOKENS_KEY, type WritableMeta } from './objects.js';

export interface StorageState {
  store: ObjectStore;
  rules: CompiledRules;
  /** A document of the project's Firestore (below `documents/`), for `firestore.get()` in the rules. */
  getDocument?: (projectId: string, docPath: string) => Fields | null | Promise<Fields | null>;
  logError?: (message: string) => void;
}

/** Largest object the emulator accepts, in memory as it is (far above the product's 25 MB uploads). */
export const MAX_OBJECT_BYTES = 256 * 1024 * 1024;
const DEFAULT_PAGE = 1000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Session {
  id: string;
  api: 'firebase' | 'gcs';
  bucket: string;
  name: string;
  meta: WritableMeta;
  declaredSize?: number;
  chunks: Buffer[];
  received: number;
  auth: Auth;
  done?: ObjectMeta;
}

/** Who is calling: `admin` skips the rules (service credentials, the rules-unit-testing `owner` token). */
type Auth = { admin: true } | { admin: false; user: { uid: string; token: Record<string, unknown> } | null };

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, x-goog-upload-protocol, x-goog-upload-command, x-goog-upload-offset, ' +
    'x-goog-upload-header-content-length, x-goog-upload-header-content-type, x-firebase-storage-version, ' +
    'x-firebase-gmpid, x-firebase-appcheck, x-firebase-client, x-client-version, range',
  'access-control-expose-headers':
    'x-goog-upload-status, x-goog-upload-url, x-goog-upload-size-received, x-goog-upload-chunk-granularity, ' +
    'x-goog-hash, content-disposition, content-length, location, range',
};

async function readBody(req: IncomingMessage, limit = MAX_OBJECT_BYTES + 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `The request is larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'The request body is not a JSON object.');
}

/** multipart/related: a JSON metadata part, then the bytes. */
function parseMultipart(
  contentType: string,
  body: Buffer,
): { meta: Record<string, unknown>; data: Buffer; type?: string } {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) throw new HttpError(400, 'A multipart upload needs a boundary.');
  const boundary = Buffer.from(`--${(m[1] ?? m[2]).trim()}`);
  const parts: { headers: string; data: Buffer }[] = [];
  let at = body.indexOf(boundary);
  while (at >= 0) {
    const start = at + boundary.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(boundary, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // CRLF after the boundary, CRLF before the next one
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) throw new HttpError(400, 'A multipart part has no headers.');
    parts.push({ headers: part.subarray(0, split).toString('utf8'), data: part.subarray(split + 4) });
    at = next;
  }
  if (parts.length !== 2) throw new HttpError(400, 'A multipart upload has a metadata part and a media part.');
  const type = /content-type:\s*([^\r\n]+)/i.exec(parts[1].headers)?.[1].trim();
  return { meta: parseJson(parts[0].data), data: Buffer.from(parts[1].data), type };
}

function writableMeta(body: Record<string, unknown>): WritableMeta {
  const out: WritableMeta = {};
  for (const key of [
    'contentType',
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const) {
    if (!(key in body)) continue;
    const v = body[key];
    if (v !== null && typeof v !== 'string') throw new HttpError(400, `'${key}' must be a string.`);
    out[key] = v ?? undefined;
    if (v === null) (out as Record<string, unknown>)[key] = null;
  }
  if ('metadata' in body) {
    const v = body.metadata;
    if (v === null) out.metadata = null;
    else if (typeof v === 'object' && !Array.isArray(v)) {
      out.metadata = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        out.metadata[k] = x === null ? null : String(x);
      }
    } else throw new HttpError(400, "'metadata' must be an object of strings.");
  }
  return out;
}

function objectName(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'The object name is not valid URL encoding.');
  }
  checkName(name);
  return name;
}

function checkName(name: string): void {
  if (!name || Buffer.byteLength(name) > 1024 || /[\r\n]/.test(name) || name === '.' || name === '..') {
    throw new HttpError(400, 'Invalid object name: 1 to 1024 bytes, no line breaks.');
  }
}

/** Firebase REST resource form (what the web SDK reads). */
function firebaseResource(meta: ObjectMeta): Record<string, unknown> {
  const { [TOKENS_KEY]: tokens, ...custom } = meta.metadata;
  const base = meta.name.split('/').pop()!;
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: String(meta.metageneration),
    contentType: meta.contentType,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    storageClass: 'STANDARD',
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag,
    contentEncoding: meta.contentEncoding ?? 'identity',
    contentDisposition: meta.contentDisposition ?? `inline; filename*=utf-8''${encodeURIComponent(base)}`,
    ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
    ...(meta.contentLanguage ? { contentLanguage: meta.contentLanguage } : {}),
    downloadTokens: tokens ?? '',
    metadata: custom,
  };
}

/** Cloud Storage JSON API resource form (what firebase-admin/storage reads). */
function gcsResource(meta: ObjectMeta, origin: string): Record<string, unknown> {
  const encoded = encodeURIComponent(meta.name);
  return {
    kind: 'storage#object',
    id: `${meta.bucket}/${meta.name}/${meta.generation}`,
    selfLink: `${origin}/storage/v1/b/${meta.bucket}/o/${encoded}`,
    mediaLink: `${origin}/download/storage/v1/b/${meta.bucket}/o/${encoded}?generation=${meta.generation}&alt=media`,
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: String(meta.metageneration),
    contentType: meta.contentType,
    storageClass: 'STANDARD',
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    timeStorageClassUpdated: meta.timeCreated,
    ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
    ...(meta.contentDisposition ? { contentDisposition: meta.contentDisposition } : {}),
    ...(meta.contentEncoding ? { contentEncoding: meta.contentEncoding } : {}),
    ...(meta.contentLanguage ? { contentLanguage: meta.contentLanguage } : {}),
    metadata: meta.metadata,
  };
}

/** The rules' view of an object (`resource`, `request.resource`). */
function rulesResource(meta: Omit<ObjectMeta, 'generation' | 'etag'> & Partial<ObjectMeta>): Record<string, unknown> {
  const { [TOKENS_KEY]: _tokens, ...custom } = meta.metadata;
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: Number(meta.generation ?? 0),
    metageneration: meta.metageneration,
    size: meta.size,
    timeCreated: new Date(meta.timeCreated),
    updated: new Date(meta.updated),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: meta.etag ?? '',
    contentDisposition: meta.contentDisposition ?? '',
    contentEncoding: meta.contentEncoding ?? 'identity',
    contentLanguage: meta.contentLanguage ?? '',
    contentType: meta.contentType,
    cacheControl: meta.cacheControl ?? '',
    metadata: custom,
  };
}

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

function authOf(req: IncomingMessage): Auth {
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

export function createStorageHandler(state: StorageState) {
  const sessions = new Map<string, Session>();

  async function check(
    auth: Auth,
    method: Method,
    bucket: string,
    name: string,
    resource: ObjectMeta | undefined,
    incoming?: Record<string, unknown>,
  ): Promise<void> {
    if (auth.admin) return;
    const projectId = bucket.replace(/\.(appspot\.com|firebasestorage\.app)$/, '');
    const decision = await state.rules.evaluate({
      path: `b/${bucket}/o/${name}`,
      method,
      request: {
        auth: auth.user,
        time: new Date(),
        method,
        path: `/b/${bucket}/o/${name}`,
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

  /** A write of `size` bytes as the rules see it: `create` when nothing is there yet, else `update`. */
  async function checkWrite(auth: Auth, bucket: string, name: string, size: number, meta: WritableMeta) {
    const existing = state.store.get(bucket, name);
    await check(auth, existing ? 'update' : 'create', bucket, name, existing?.meta, incoming(bucket, name, size, meta));
  }

  /** The object as it would be stored, for `request.resource`. */
  function incoming(bucket: string, name: string, size: number, meta: WritableMeta): Record<string, unknown> {
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

  /**
   * Writes an upload. As in Cloud Storage for Firebase, an upload through the Firebase API gets a download token (the
   * uploader's, in its answer); one through the Cloud Storage API gets none.
   */
  async function store(
    api: Session['api'],
    auth: Auth,
    bucket: string,
    name: string,
    data: Buffer,
    meta: WritableMeta,
  ): Promise<ObjectMeta> {
    checkName(name);
    if (data.length > MAX_OBJECT_BYTES)
      throw new HttpError(413, `Objects are limited to ${MAX_OBJECT_BYTES} bytes here.`);
    await checkWrite(auth, bucket, name, data.length, meta);
    const withToken =
      api === 'firebase' && !meta.metadata?.[TOKENS_KEY]
        ? { ...meta, metadata: { ...meta.metadata, [TOKENS_KEY]: randomUUID() } }
        : meta;
    return state.store.put(bucket, name, data, withToken);
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(text);
  }

  function sendMedia(req: IncomingMessage, res: ServerResponse, object: { meta: ObjectMeta; data: Buffer }): void {
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'content-type': object.meta.contentType,
      'x-goog-hash': `crc32c=${object.meta.crc32c},md5=${object.meta.md5Hash}`,
      'x-goog-generation': object.meta.generation,
      'x-goog-stored-content-length': String(object.meta.size),
      etag: object.meta.etag,
      'last-modified': new Date(object.meta.updated).toUTCString(),
      'accept-ranges': 'bytes',
    };
    if (object.meta.contentDisposition) headers['content-disposition'] = object.meta.contentDisposition;
    if (object.meta.cacheControl) headers['cache-control'] = object.meta.cacheControl;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    const size = object.data.length;
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      let end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size) {
        res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` });
        res.end();
        return;
      }
      if (end < start) end = size - 1;
      delete headers['x-goog-hash']; // a hash of the whole object would not match a part
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': String(end - start + 1),
      });
      res.end(object.data.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(size) });
    res.end(object.data);
  }

  function listParams(url: URL): [string, string, number, string | undefined] {
    const max = Number(url.searchParams.get('maxResults') ?? DEFAULT_PAGE);
    if (!Number.isInteger(max) || max < 1) throw new HttpError(400, 'maxResults must be a positive integer.');
    return [
      url.searchParams.get('prefix') ?? '',
      url.searchParams.get('delimiter') ?? '',
      Math.min(max, DEFAULT_PAGE),
      url.searchParams.get('pageToken') ?? undefined,
    ];
  }

  function startSession(
    api: Session['api'],
    auth: Auth,
    bucket: string,
    name: string,
    meta: WritableMeta,
    size?: number,
  ): Session {
    checkName(name);
    const session: Session = {
      id: randomUUID(),
      api,
      bucket,
      name,
      meta,
      declaredSize: size,
      chunks: [],
      received: 0,
      auth,
    };
    sessions.set(session.id, session);
    return session;
  }

  function append(session: Session, offset: number, data: Buffer): void {
    if (offset > session.received)
      throw new HttpError(400, `Offset ${offset} is past the ${session.received} bytes received.`);
    const fresh = data.subarray(session.received - offset);
    if (session.received + fresh.length > MAX_OBJECT_BYTES) throw new HttpError(413, 'The upload is too large.');
    if (fresh.length) session.chunks.push(Buffer.from(fresh));
    session.received += fresh.length;
  }

  async function finish(session: Session): Promise<ObjectMeta> {
    if (session.done) return session.done;
    const data = Buffer.concat(session.chunks);
    if (session.declaredSize !== undefined && session.declaredSize !== data.length && session.api === 'firebase') {
      throw new HttpError(400, `The upload declared ${session.declaredSize} bytes and sent ${data.length}.`);
    }
    session.done = await store(session.api, session.auth, session.bucket, session.name, data, session.meta);
    session.chunks = [];
    return session.done;
  }

  // --- Firebase Storage REST API (/v0/b/{bucket}/o[/{name}]) ---------------------------------------------------

  async function firebase(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, rawName?: string) {
    const auth = authOf(req);
    const method = req.method ?? 'GET';
    if (rawName === undefined) {
      if (method === 'GET') {
        const [prefix, delimiter, max, token] = listParams(url);
        await check(auth, 'list', bucket, prefix.replace(/\/$/, ''), undefined);
        const page = state.store.list(bucket, prefix, delimiter, max, token);
        return send(res, 200, {
          prefixes: page.prefixes.map((p) => p.replace(/\/$/, '')),
          items: page.items.map((m) => ({ name: m.name, bucket: m.bucket })),
          ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
        });
      }
      if (method !== 'POST') throw new HttpError(405, `${method} is not supported here.`);
      const uploadId = url.searchParams.get('upload_id');
      if (uploadId) return firebaseResumable(req, res, uploadId);
      const protocol = String(req.headers['x-goog-upload-protocol'] ?? url.searchParams.get('uploadType') ?? '');
      const name = url.searchParams.get('name') ?? '';
      if (protocol === 'multipart') {
        const body = await readBody(req);
        const part = parseMultipart(String(req.headers['content-type'] ?? ''), body);
        const meta = writableMeta(part.meta);
        meta.contentType ??= part.type;
        const stored = await store('firebase', auth, bucket, name || String(part.meta.name ?? ''), part.data, meta);
        return send(res, 200, firebaseResource(stored));
      }
      if (protocol === 'resumable') {
        if (String(req.headers['x-goog-upload-command'] ?? '') !== 'start') {
          throw new HttpError(400, 'A resumable upload starts with X-Goog-Upload-Command: start.');
        }
        const body = parseJson(await readBody(req, 1024 * 1024));
        const meta = writableMeta(body);
        meta.contentType ??= String(req.headers['x-goog-upload-header-content-type'] ?? '') || undefined;
        const declared = Number(req.headers['x-goog-upload-header-content-length'] ?? NaN);
        const objectName = name || String(body.name ?? '');
        checkName(objectName);
        // Checked once with the declared size, and again with the real bytes when the upload finishes.
        await checkWrite(auth, bucket, objectName, Number.isFinite(declared) ? declared : 0, meta);
        const session = startSession(
          'firebase',
          auth,
          bucket,
          objectName,
          meta,
          Number.isFinite(declared) ? declared : undefined,
        );
        const uploadUrl = `${url.origin}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(objectName)}&upload_id=${session.id}&upload_protocol=resumable`;
        return send(res, 200, undefined, {
          'x-goog-upload-status': 'active',
          'x-goog-upload-url': uploadUrl,
          'x-goog-upload-chunk-granularity': String(256 * 1024),
        });
      }
      // A plain POST of the bytes (uploadType=media or no protocol).
      const data = await readBody(req);
      const stored = await store('firebase', auth, bucket, name, data, { contentType: req.headers['content-type'] });
      return send(res, 200, firebaseResource(stored));
    }

    const name = objectName(rawName);
    const existing = state.store.get(bucket, name);
    if (method === 'GET') {
      const token = url.searchParams.get('token');
      const tokens = existing?.meta.metadata[TOKENS_KEY]?.split(',') ?? [];
      // A download URL's token grants the read by itself, as in production.
      if (!(token && url.searchParams.get('alt') === 'media' && tokens.includes(token))) {
        await check(auth, 'get', bucket, name, existing?.meta);
      }
      if (!existing) throw new HttpError(404, `Not found. Could not get object ${name}.`);
      // As Cloud Storage for Firebase does, a read allowed through this API gives an object without a download token
      // one, which its metadata then shows to every reader the rules allow (docs/security.md, "Files").
      const read = existing.meta.metadata[TOKENS_KEY]
        ? existing
        : { ...existing, meta: state.store.update(bucket, name, { metadata: { [TOKENS_KEY]: randomUUID() } })! };
      if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, read);
      return send(res, 200, firebaseResource(read.meta));
    }
    if (method === 'PATCH' || method === 'PUT') {
      const changes = writableMeta(parseJson(await readBody(req, 1024 * 1024)));
      if (!existing) {
        await check(auth, 'update', bucket, name, undefined, incoming(bucket, name, 0, changes));
        throw new HttpError(404, `Not found. Could not update object ${name}.`);
      }
      await check(auth, 'update', bucket, name, existing.meta, rulesResource(applyMeta(existing.meta, changes)));
      return send(res, 200, firebaseResource(state.store.update(bucket, name, changes)!));
    }
    if (method === 'DELETE') {
      await check(auth, 'delete', bucket, name, existing?.meta);
      if (!state.store.delete(bucket, name)) throw new HttpError(404, `Not found. Could not delete object ${name}.`);
      return send(res, 204, undefined);
    }
    throw new HttpError(405, `${method} is not supported here.`);
  }

  async function firebaseResumable(req: IncomingMessage, res: ServerResponse, uploadId: string) {
    const session = sessions.get(uploadId);
    if (!session || session.api !== 'firebase') throw new HttpError(404, 'No such upload session.');
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
      sessions.delete(uploadId);
      return send(res, 200, undefined, { 'x-goog-upload-status': 'cancelled' });
    }
    const body = await readBody(req);
    if (commands.includes('upload')) {
      append(session, Number(req.headers['x-goog-upload-offset'] ?? session.received), body);
    }
    if (commands.includes('finalize')) {
      const stored = await finish(session);
      sessions.delete(uploadId);
      return send(res, 200, firebaseResource(stored), { 'x-goog-upload-status': 'final' });
    }
    return send(res, 200, undefined, { 'x-goog-upload-status': 'active' });
  }

  // --- Cloud Storage JSON API (/storage/v1, /upload/storage/v1, /download/storage/v1) -------------------------

  async function gcsUpload(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string) {
    const auth: Auth = { admin: true };
    const type = url.searchParams.get('uploadType') ?? 'media';
    const uploadId = url.searchParams.get('upload_id');
    const ifGeneration = url.searchParams.get('ifGenerationMatch');
    const precondition = (name: string) => {
      if (ifGeneration === null) return;
      const current = state.store.get(bucket, name)?.meta.generation ?? '0';
      if (current !== ifGeneration)
        throw new HttpError(412, 'At least one of the pre-conditions you specified did not hold.');
    };
    if (uploadId) {
      const session = sessions.get(uploadId);
      if (!session || session.api !== 'gcs') throw new HttpError(404, 'No such upload session.');
      if (req.method === 'DELETE') {
        sessions.delete(uploadId);
        return send(res, 499, undefined);
      }
      const body = await readBody(req);
      // bytes A-B/T (a chunk), bytes A-*/T or A-*/* (the rest of the object in this body), bytes */T (a query).
      const header = String(req.headers['content-range'] ?? `bytes 0-*/${body.length}`);
      const range = /^bytes (\*|(\d+)-(\d+|\*))\/(\*|\d+)$/.exec(header);
      if (!range) throw new HttpError(400, `Invalid Content-Range '${header}'.`);
      if (range[2] !== undefined) append(session, Number(range[2]), body);
      const total = range[4] !== '*' ? Number(range[4]) : range[3] === '*' ? session.received : undefined;
      if (total !== undefined && session.received >= total) {
        precondition(session.name);
        const stored = await finish(session);
        return send(res, 200, gcsResource(stored, url.origin));
      }
      const headers: Record<string, string> = session.received ? { range: `bytes=0-${session.received - 1}` } : {};
      res.writeHead(308, { ...CORS_HEADERS, ...headers, 'content-length': '0' });
      res.end();
      return;
    }
    if (req.method !== 'POST') throw new HttpError(405, `${req.method} is not supported here.`);
    if (type === 'resumable') {
      const body = parseJson(await readBody(req, 1024 * 1024));
      const meta = writableMeta(body);
      meta.contentType ??= String(req.headers['x-upload-content-type'] ?? '') || undefined;
      const name = url.searchParams.get('name') ?? String(body.name ?? '');
      precondition(name);
      const session = startSession('gcs', auth, bucket, name, meta);
      const location = `${url.origin}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${session.id}${ifGeneration !== null ? `&ifGenerationMatch=${ifGeneration}` : ''}`;
      return send(res, 200, undefined, { location });
    }
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
    precondition(name);
    return send(res, 200, gcsResource(await store('gcs', auth, bucket, name, data, meta), url.origin));
  }

  async function gcsObject(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, rest: string[]) {
    const method = req.method ?? 'GET';
    if (rest.length === 0) {
      if (method !== 'GET') throw new HttpError(405, `${method} is not supported here.`);
      const [prefix, delimiter, max, token] = listParams(url);
      const page = state.store.list(bucket, prefix, delimiter, max, token);
      return send(res, 200, {
        kind: 'storage#objects',
        items: page.items.map((m) => gcsResource(m, url.origin)),
        prefixes: page.prefixes,
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      });
    }
    const name = objectName(rest[0]);
    const existing = state.store.get(bucket, name);
    const notFound = () => new HttpError(404, `No such object: ${bucket}/${name}`);
    if (rest.length > 1) {
      // {src}/rewriteTo/b/{bucket}/o/{dst}, {src}/copyTo/b/{bucket}/o/{dst}, {src}/moveTo/o/{dst}
      if (method !== 'POST') throw new HttpError(405, `${method} is not supported here.`);
      const op = rest[1];
      const [destBucket, destRaw] = op === 'moveTo' ? [bucket, rest[3]] : [decodeURIComponent(rest[3] ?? ''), rest[5]];
      if (!['rewriteTo', 'copyTo', 'moveTo'].includes(op) || destRaw === undefined)
        throw new HttpError(404, 'Not found.');
      const destName = objectName(destRaw);
      if (!existing) throw notFound();
      const body = parseJson(await readBody(req, 1024 * 1024));
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
      return send(res, 200, resource);
    }
    if (method === 'GET') {
      if (!existing) throw notFound();
      if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, existing);
      return send(res, 200, gcsResource(existing.meta, url.origin));
    }
    if (method === 'PATCH' || method === 'PUT') {
      if (!existing) throw notFound();
      const changes = writableMeta(parseJson(await readBody(req, 1024 * 1024)));
      return send(res, 200, gcsResource(state.store.update(bucket, name, changes)!, url.origin));
    }
    if (method === 'DELETE') {
      if (!state.store.delete(bucket, name)) throw notFound();
      return send(res, 204, undefined);
    }
    throw new HttpError(405, `${method} is not supported here.`);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    // Segments stay encoded: an object name is one segment with its slashes as %2F.
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (parts[0] === 'internal') {
      if (parts[1] === 'setRules' && (req.method === 'PUT' || req.method === 'POST')) {
        const body = parseJson(await readBody(req, 4 * 1024 * 1024));
        const files = (body.rules as { files?: { name?: string; content?: string }[] } | undefined)?.files;
        const file = files?.[0];
        if (!file || typeof file.content !== 'string')
          throw new HttpError(400, 'Expected {rules: {files: [{name, content}]}}.');
        try {
          const rules = compileRules(file.content, file.name ?? 'storage.rules');
          if (rules.service !== 'firebase.storage') throw new HttpError(400, 'These are not Storage rules.');
          state.rules = rules;
        } catch (error) {
          if (error instanceof RulesError) throw new HttpError(400, error.message);
          throw error;
        }
        return send(res, 200, {});
      }
      if (parts[1] === 'reset' && req.method === 'POST') {
        state.store.clear();
        sessions.clear();
        return send(res, 200, {});
      }
      throw new HttpError(404, 'Not found.');
    }
    if (parts[0] === 'v0' && parts[1] === 'b' && parts[3] === 'o' && parts.length <= 5) {
      return firebase(req, res, url, decodeURIComponent(parts[2]), parts[4]);
    }
    if (parts[0] === 'upload' && parts[1] === 'storage' && parts[3] === 'b' && parts[5] === 'o') {
      return gcsUpload(req, res, url, decodeURIComponent(parts[4]));
    }
    // The JSON API at /storage/v1/b/... (and /download/...), or at /b/... as the client addresses an emulator.
    const json =
      parts[0] === 'b' ? 0 : (parts[0] === 'storage' || parts[0] === 'download') && parts[1] === 'v1' ? 2 : -1;
    if (json >= 0 && parts[json] === 'b' && parts[json + 1]) {
      const bucket = decodeURIComponent(parts[json + 1]);
      if (parts.length === json + 2 && req.method === 'GET') {
        return send(res, 200, {
          kind: 'storage#bucket',
          id: bucket,
          name: bucket,
          location: 'US',
          storageClass: 'STANDARD',
        });
      }
      if (parts[json + 2] === 'o') return gcsObject(req, res, url, bucket, parts.slice(json + 3));
    }
    // Older Cloud Storage clients download from /{bucket}/{name}.
    if (parts.length >= 2 && req.method === 'GET') {
      const bucket = decodeURIComponent(parts[0]);
      const object = state.store.get(bucket, decodeURIComponent(parts.slice(1).join('/')));
      if (object) return sendMedia(req, res, object);
    }
    throw new HttpError(404, 'Not found.');
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await route(req, res);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      if (!(error instanceof HttpError))
        state.logError?.(`unexpected error: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      send(res, status, { error: { code: status, message } });
      // A refused upload may still be sending its body: drain it so the client reads the answer.
      req.resume();
    }
  };
}

function pickMeta(meta: ObjectMeta): WritableMeta {
  return {
    contentType: meta.contentType,
    cacheControl: meta.cacheControl,
    contentDisposition: meta.contentDisposition,
    contentEncoding: meta.contentEncoding,
    contentLanguage: meta.contentLanguage,
  };
}
