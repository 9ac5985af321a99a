// The Cloud Storage JSON API's object ACL endpoints (`.../o/{name}/acl[/{entity}]`): list, insert (what
// `file.makePublic()` and `file.acl.add()` send), get, update and delete one entry. The emulator keeps and answers
// the ACL but, trusting every caller of this API, enforces none of it (docs/architecture.md).
import { HttpError, readJson, send } from '../http.js';
import type { AclEntry } from '../objects.js';
import { aclOf, aclResource, objectName } from '../resources.js';
import { existingObject, jsonPath } from './gcs.js';
import type { Exchange } from './route.js';

interface AclParams {
  bucket: string;
  name: string;
  /** The entry's entity, for `.../acl/{entity}`. */
  entity?: string;
}

/** `.../o/{name}/acl` and `.../o/{name}/acl/{entity}`. */
export function aclParams(_x: Exchange, parts: string[]): AclParams | undefined {
  const path = jsonPath(parts);
  if (!path || path.rest[0] !== 'o' || path.rest[2] !== 'acl' || path.rest.length > 4) return undefined;
  const entity = path.rest[3] === undefined ? undefined : decodeURIComponent(path.rest[3]);
  return { bucket: path.bucket, name: objectName(path.rest[1]), entity };
}

const ENTITY = /^(allUsers|allAuthenticatedUsers|(user|group|domain)-.+|project-(owners|editors|viewers)-.+)$/;
const ROLES = ['OWNER', 'READER'];

/** The entity and role of a request body, checked. */
async function entryOf(x: Exchange, entity?: string): Promise<AclEntry> {
  const body = await readJson(x.req);
  const named = entity ?? body.entity;
  if (named === undefined || named === '') throw new HttpError(400, 'Required: entity.', 'required');
  if (typeof named !== 'string' || !ENTITY.test(named))
    throw new HttpError(400, `Invalid argument: entity '${named}'.`);
  if (body.role === undefined) throw new HttpError(400, 'Required: role.', 'required');
  if (typeof body.role !== 'string' || !ROLES.includes(body.role)) {
    throw new HttpError(400, `Invalid argument: role '${String(body.role)}' (OWNER or READER).`);
  }
  return { entity: named, role: body.role as AclEntry['role'] };
}

function entityOf(params: AclParams): string {
  if (!params.entity) throw new HttpError(404, 'Not Found');
  return params.entity;
}

/** The whole ACL (`.../acl`) or one entry (`.../acl/{entity}`). */
export function readAcl(x: Exchange, params: AclParams) {
  return params.entity ? getAcl(x, params) : listAcl(x, params);
}

function listAcl(x: Exchange, { bucket, name }: AclParams) {
  const { meta } = existingObject(x, bucket, name);
  send(x.res, 200, {
    kind: 'storage#objectAccessControls',
    items: aclOf(meta).map((entry) => aclResource(meta, entry, x.url.origin)),
  });
}

/** Adds an entry, or gives an entity already listed its new role. */
export async function insertAcl(x: Exchange, params: AclParams) {
  if (params.entity) throw new HttpError(405, 'POST is not supported here.');
  await putEntry(x, params, await entryOf(x));
}

export async function updateAcl(x: Exchange, params: AclParams) {
  const entity = entityOf(params);
  const { meta } = existingObject(x, params.bucket, params.name);
  if (!aclOf(meta).some((e) => e.entity === entity)) throw new HttpError(404, `No ACL entry for ${entity}.`);
  await putEntry(x, params, await entryOf(x, entity));
}

async function putEntry(x: Exchange, { bucket, name }: AclParams, entry: AclEntry) {
  const { meta } = existingObject(x, bucket, name);
  const acl = [...aclOf(meta).filter((e) => e.entity !== entry.entity), entry];
  const next = x.state.store.update(bucket, name, { acl })!;
  send(x.res, 200, aclResource(next, entry, x.url.origin));
}

function getAcl(x: Exchange, params: AclParams) {
  const entity = entityOf(params);
  const { meta } = existingObject(x, params.bucket, params.name);
  const entry = aclOf(meta).find((e) => e.entity === entity);
  if (!entry) throw new HttpError(404, `No ACL entry for ${entity}.`);
  send(x.res, 200, aclResource(meta, entry, x.url.origin));
}

export function deleteAcl(x: Exchange, params: AclParams) {
  const entity = entityOf(params);
  const { meta } = existingObject(x, params.bucket, params.name);
  const acl = aclOf(meta);
  if (!acl.some((e) => e.entity === entity)) throw new HttpError(404, `No ACL entry for ${entity}.`);
  x.state.store.update(params.bucket, params.name, { acl: acl.filter((e) => e.entity !== entity) });
  send(x.res, 204, undefined);
}
