// An object as the Storage APIs read and write it: the metadata and name a client sends, list parameters, and the
// resource forms answered by the Firebase API, by the Cloud Storage JSON API, and given to the rules.
import { HttpError } from './http.js';
import { TOKENS_KEY, type ObjectMeta, type WritableMeta } from './objects.js';

const DEFAULT_PAGE = 1000;

export function writableMeta(body: Record<string, unknown>): WritableMeta {
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

/** The metadata a copy keeps of its source (custom metadata aside). */
export function pickMeta(meta: ObjectMeta): WritableMeta {
  return {
    contentType: meta.contentType,
    cacheControl: meta.cacheControl,
    contentDisposition: meta.contentDisposition,
    contentEncoding: meta.contentEncoding,
    contentLanguage: meta.contentLanguage,
  };
}

/** An object name from its URL-encoded path segment, checked. */
export function objectName(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'The object name is not valid URL encoding.');
  }
  checkName(name);
  return name;
}

export function checkName(name: string): void {
  if (!name || Buffer.byteLength(name) > 1024 || /[\r\n]/.test(name) || name === '.' || name === '..') {
    throw new HttpError(400, 'Invalid object name: 1 to 1024 bytes, no line breaks.');
  }
}

/** A list's prefix, delimiter, page size (at most 1 000) and page token, from the query string of both APIs. */
export function listParams(url: URL): [string, string, number, string | undefined] {
  const max = Number(url.searchParams.get('maxResults') ?? DEFAULT_PAGE);
  if (!Number.isInteger(max) || max < 1) throw new HttpError(400, 'maxResults must be a positive integer.');
  return [
    url.searchParams.get('prefix') ?? '',
    url.searchParams.get('delimiter') ?? '',
    Math.min(max, DEFAULT_PAGE),
    url.searchParams.get('pageToken') ?? undefined,
  ];
}

/** Firebase REST resource form (what the web SDK reads). */
export function firebaseResource(meta: ObjectMeta): Record<string, unknown> {
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
export function gcsResource(meta: ObjectMeta, origin: string): Record<string, unknown> {
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
export function rulesResource(
  meta: Omit<ObjectMeta, 'generation' | 'etag'> & Partial<ObjectMeta>,
): Record<string, unknown> {
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
