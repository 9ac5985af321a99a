// An object as the Storage APIs read and write it: the metadata and name a client sends, list parameters, and the
// resource forms answered by the Firebase API, by the Cloud Storage JSON API, and given to the rules.
import { HttpError } from './http.js';
import { TOKENS_KEY, type AclEntry, type ObjectMeta, type WritableMeta } from './objects.js';

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

/**
 * Firebase REST resource form (what the web SDK reads): as production, the fields never set are left out (no
 * `contentDisposition`, no `metadata` without custom keys), except `contentEncoding`, `identity` by default.
 */
export function firebaseResource(meta: ObjectMeta): Record<string, unknown> {
  const { [TOKENS_KEY]: tokens, ...custom } = meta.metadata;
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
    ...(meta.contentDisposition ? { contentDisposition: meta.contentDisposition } : {}),
    ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
    ...(meta.contentLanguage ? { contentLanguage: meta.contentLanguage } : {}),
    ...(tokens ? { downloadTokens: tokens } : {}),
    ...(Object.keys(custom).length ? { metadata: custom } : {}),
  };
}

/** The Content-Disposition the Firebase API serves an object's bytes with when it has none of its own. */
export function firebaseDisposition(meta: ObjectMeta): string {
  return `inline; filename*=utf-8''${encodeURIComponent(meta.name.split('/').pop()!)}`;
}

/**
 * Cloud Storage JSON API resource form (what firebase-admin/storage reads): `metadata` left out without custom keys,
 * and, with `projection=full`, the ACL and owner.
 */
export function gcsResource(meta: ObjectMeta, origin: string, full = false): Record<string, unknown> {
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
    ...(Object.keys(meta.metadata).length ? { metadata: meta.metadata } : {}),
    ...(full
      ? {
          acl: aclOf(meta).map((entry) => aclResource(meta, entry, origin)),
          owner: { entity: `project-owners-${projectOf(meta.bucket)}` },
        }
      : {}),
  };
}

/** The project a bucket belongs to, from its default name (`{project}.appspot.com`, `{project}.firebasestorage.app`). */
export function projectOf(bucket: string): string {
  return bucket.replace(/\.(appspot\.com|firebasestorage\.app)$/, '');
}

/**
 * The entries of a predefined ACL (`predefinedAcl`). The emulator knows no uploader nor project number: the
 * project's owners stand for the object's owner, and project entities carry the project id (which the JSON API accepts
 * in place of the number).
 */
export function predefinedAcl(bucket: string, name: string): AclEntry[] {
  const project = projectOf(bucket);
  const owner: AclEntry = { entity: `project-owners-${project}`, role: 'OWNER' };
  switch (name) {
    case 'projectPrivate':
      return [
        owner,
        { entity: `project-editors-${project}`, role: 'OWNER' },
        { entity: `project-viewers-${project}`, role: 'READER' },
      ];
    case 'private':
    case 'bucketOwnerFullControl':
    case 'bucketOwnerRead':
      return [owner];
    case 'publicRead':
      return [owner, { entity: 'allUsers', role: 'READER' }];
    case 'authenticatedRead':
      return [owner, { entity: 'allAuthenticatedUsers', role: 'READER' }];
    default:
      throw new HttpError(400, `Invalid argument: predefinedAcl '${name}'.`);
  }
}

/** An object's ACL: the one set on it, else `projectPrivate`, a fine-grained bucket's default. */
export function aclOf(meta: ObjectMeta): AclEntry[] {
  return meta.acl ?? predefinedAcl(meta.bucket, 'projectPrivate');
}

/** An ACL entry as the JSON API answers it (an ObjectAccessControl). */
export function aclResource(meta: ObjectMeta, entry: AclEntry, origin: string): Record<string, unknown> {
  const team = /^project-(owners|editors|viewers)-(.+)$/.exec(entry.entity);
  return {
    kind: 'storage#objectAccessControl',
    id: `${meta.bucket}/${meta.name}/${meta.generation}/${entry.entity}`,
    selfLink: `${origin}/storage/v1/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}/acl/${encodeURIComponent(entry.entity)}`,
    bucket: meta.bucket,
    object: meta.name,
    generation: meta.generation,
    entity: entry.entity,
    role: entry.role,
    etag: meta.etag,
    ...(team ? { projectTeam: { projectNumber: team[2], team: team[1] } } : {}),
    ...(entry.entity.startsWith('user-') && entry.entity.includes('@') ? { email: entry.entity.slice(5) } : {}),
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
