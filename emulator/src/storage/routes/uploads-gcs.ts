// Uploads through the Cloud Storage JSON API (/upload/storage/v1/b/{bucket}/o), as `@google-cloud/storage` (and so
// firebase-admin) sends them, trusted as server credentials are in production: media, multipart (multipart/related:
// metadata, then the bytes) and resumable (a POST that answers the session URI in `Location`, then chunks sent with
// PUT or POST and `Content-Range`, answered 308 with the `Range` received until the last, `bytes */*` to ask, DELETE
// to cancel).
import type { Auth } from '../access.js';
import { CORS_HEADERS, HttpError, parseMultipart, readBody, readJson, send } from '../http.js';
import type { WritableMeta } from '../objects.js';
import { checkName, gcsResource, predefinedAcl, writableMeta } from '../resources.js';
import { storeUpload, type Session } from '../uploads.js';
import type { Exchange } from './route.js';

const ADMIN: Auth = { admin: true };

interface BucketParams {
  bucket: string;
}

/** /upload/storage/{version}/b/{bucket}/o */
export function uploadParams(_x: Exchange, parts: string[]): BucketParams | undefined {
  if (parts[0] !== 'upload' || parts[1] !== 'storage' || parts[3] !== 'b' || parts[5] !== 'o' || parts.length !== 6) {
    return undefined;
  }
  return { bucket: decodeURIComponent(parts[4]) };
}

/** A new upload (POST), or the next request of a resumable one (`upload_id`, any method). */
export function upload(x: Exchange, params: BucketParams) {
  const uploadId = x.url.searchParams.get('upload_id');
  if (uploadId) return continueResumable(x, uploadId);
  if (x.req.method !== 'POST') throw new HttpError(405, `${x.req.method} is not supported here.`);
  const type = x.url.searchParams.get('uploadType') ?? String(x.req.headers['x-goog-upload-protocol'] ?? 'media');
  if (type === 'resumable') return startResumable(x, params);
  if (type === 'multipart') return uploadMultipart(x, params);
  if (type === 'media') return uploadMedia(x, params);
  throw new HttpError(400, `Invalid uploadType '${type}'.`);
}

/** With `ifGenerationMatch`, refuses (412) an upload when the object's generation is another (0: none yet). */
function checkGeneration({ state }: Exchange, bucket: string, name: string, ifGeneration: string | null): void {
  if (ifGeneration === null) return;
  const current = state.store.get(bucket, name)?.meta.generation ?? '0';
  if (current !== ifGeneration)
    throw new HttpError(412, 'At least one of the pre-conditions you specified did not hold.');
}

/** `predefinedAcl` (what `public: true` and `private: true` send too) as the new object's ACL. */
function withAcl({ url }: Exchange, bucket: string, meta: WritableMeta): WritableMeta {
  const predefined = url.searchParams.get('predefinedAcl');
  return predefined === null ? meta : { ...meta, acl: predefinedAcl(bucket, predefined) };
}

async function store(x: Exchange, bucket: string, name: string, data: Buffer, meta: WritableMeta) {
  checkName(name);
  meta = withAcl(x, bucket, meta);
  checkGeneration(x, bucket, name, x.url.searchParams.get('ifGenerationMatch'));
  const stored = await storeUpload(x.state, 'gcs', ADMIN, bucket, name, data, meta);
  send(x.res, 200, gcsResource(stored, x.url.origin));
}

/** uploadType=media: the bytes, the name in `?name=`. */
async function uploadMedia(x: Exchange, { bucket }: BucketParams) {
  const data = await readBody(x.req);
  await store(x, bucket, x.url.searchParams.get('name') ?? '', data, { contentType: x.req.headers['content-type'] });
}

/** uploadType=multipart: a JSON metadata part (the name in it or in `?name=`), then the bytes with their type. */
async function uploadMultipart(x: Exchange, { bucket }: BucketParams) {
  const part = parseMultipart(String(x.req.headers['content-type'] ?? ''), await readBody(x.req));
  const meta = writableMeta(part.meta);
  meta.contentType ??= part.type ?? (String(x.req.headers['x-upload-content-type'] ?? '') || undefined);
  const name = x.url.searchParams.get('name') ?? (typeof part.meta.name === 'string' ? part.meta.name : '');
  await store(x, bucket, name, part.data, meta);
}

/** uploadType=resumable: the metadata in the body; answers the session URI (`Location`). */
async function startResumable(x: Exchange, { bucket }: BucketParams) {
  const { uploads, req, res, url } = x;
  const body = await readJson(req);
  const meta = writableMeta(body);
  meta.contentType ??= String(req.headers['x-upload-content-type'] ?? '') || undefined;
  const name = url.searchParams.get('name') ?? (typeof body.name === 'string' ? body.name : '');
  checkName(name);
  const ifGenerationMatch = url.searchParams.get('ifGenerationMatch') ?? undefined;
  checkGeneration(x, bucket, name, ifGenerationMatch ?? null);
  const length = String(req.headers['x-upload-content-length'] ?? '');
  const declaredSize = length === '' ? undefined : Number(length);
  if (declaredSize !== undefined && !(Number.isSafeInteger(declaredSize) && declaredSize >= 0)) {
    throw new HttpError(400, `Invalid X-Upload-Content-Length '${length}'.`);
  }
  const session = uploads.start('gcs', ADMIN, bucket, name, withAcl(x, bucket, meta), {
    declaredSize,
    ifGenerationMatch,
  });
  const query = new URLSearchParams({ uploadType: 'resumable', name, upload_id: session.id });
  send(res, 200, undefined, {
    location: `${url.origin}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?${query}`,
  });
}

// `bytes A-B/T` (a chunk), `bytes A-*/T` (the rest in this body; T may be `*`), `bytes */T` (a status query).
const CONTENT_RANGE = /^bytes (?:\*|(\d+)-(\d+|\*))\/(\*|\d+)$/;

// The next request of a resumable upload, by its Content-Range: a chunk (bytes already received are skipped, a gap is
// refused), the last one (its total reached: the object is written and answered), or a status query (`bytes */*` or
// `bytes */T`). Until the end it answers 308 with `Range: bytes=0-{last byte received}` (none before the first byte).
// A finished session answers its object again; DELETE cancels it (499), and a cancelled one is gone (404).
async function continueResumable(x: Exchange, uploadId: string) {
  const { uploads, req, res, url } = x;
  const session = uploads.get(uploadId, 'gcs');
  if (session.status === 'cancelled') throw new HttpError(404, 'The upload session was cancelled.');
  if (req.method === 'DELETE') {
    req.resume();
    uploads.cancel(session);
    res.writeHead(499, { ...CORS_HEADERS, 'content-length': '0' });
    res.end();
    return;
  }
  const body = await readBody(req);
  if (session.status === 'final') return answerFinal(x, session);
  const header = String(req.headers['content-range'] ?? `bytes 0-*/${body.length}`);
  const range = CONTENT_RANGE.exec(header);
  if (!range) throw new HttpError(400, `Invalid Content-Range '${header}'.`);
  const [, first, last, totalText] = range;
  if (first !== undefined) {
    if (last !== '*' && Number(last) - Number(first) + 1 !== body.length) {
      throw new HttpError(400, `Content-Range '${header}' does not match the ${body.length} bytes sent.`);
    }
    uploads.append(session, Number(first), body, 'skip-resent');
  }
  // The total: given, or (`A-*/*`) this body ends the object.
  const total = totalText !== '*' ? Number(totalText) : last === '*' ? session.received : undefined;
  if (total !== undefined && session.received > total) {
    throw new HttpError(400, `${session.received} bytes were sent for an object of ${total}.`);
  }
  if (total !== undefined && session.received === total) {
    checkGeneration(x, session.bucket, session.name, session.ifGenerationMatch ?? null);
    return send(res, 200, gcsResource(await uploads.finish(session), url.origin));
  }
  const received = session.received ? { range: `bytes=0-${session.received - 1}` } : {};
  res.writeHead(308, { ...CORS_HEADERS, ...received, 'content-length': '0' });
  res.end();
}

/** Any request to a finished session: its object (as a status query then gets), or what refused it. */
function answerFinal({ res, url }: Exchange, session: Session) {
  if (session.refused) throw session.refused;
  send(res, 200, gcsResource(session.done!, url.origin));
}
