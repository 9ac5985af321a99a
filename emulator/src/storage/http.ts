// The Storage emulator's HTTP plumbing: errors answered with a status (in each API's error shape), request bodies
// (JSON, multipart), and answers (JSON, or an object's bytes with ranges and gzip transcoding), each with the CORS
// headers the web SDK needs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { ObjectMeta } from './objects.js';

/** Largest object the emulator accepts, in memory as it is (far above the product's 25 MB uploads). */
export const MAX_OBJECT_BYTES = 256 * 1024 * 1024;

/** The Cloud Storage JSON API's `errors[0].reason` of each status, unless an error names its own. */
const REASONS: Record<number, string> = {
  400: 'invalid',
  401: 'required',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  409: 'conflict',
  412: 'conditionNotMet',
  413: 'uploadTooLarge',
  416: 'requestedRangeNotSatisfiable',
  500: 'backendError',
};

/** An error answered with its status and message; `reason` is the JSON API's (`required`, `invalid`...). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason = REASONS[status] ?? 'invalid',
  ) {
    super(message);
  }
}

/**
 * An error as each API words it: the Firebase API (`/v0/...`) as `{error: {code, message}}`, the Cloud Storage JSON
 * API with `errors: [{message, domain, reason}]` too, which its clients read (`ApiError.errors`).
 */
export function sendError(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  const firebase = (req.url ?? '').startsWith('/v0/');
  const { status, message, reason } = error;
  send(res, status, {
    error: firebase
      ? { code: status, message }
      : { code: status, message, errors: [{ message, domain: 'global', reason }] },
  });
}

export const CORS_HEADERS = {
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

export async function readBody(req: IncomingMessage, limit = MAX_OBJECT_BYTES + 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `The request is larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function parseJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'The request body is not a JSON object.');
}

/** A JSON body of at most 1 MB (metadata, a copy's overrides). */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return parseJson(await readBody(req, 1024 * 1024));
}

/** The parts of a multipart body (multipart/related or multipart/form-data): each one's header lines and bytes. */
export function multipartParts(contentType: string, body: Buffer): { headers: string; data: Buffer }[] {
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
    parts.push({ headers: part.subarray(0, split).toString('utf8'), data: Buffer.from(part.subarray(split + 4)) });
    at = next;
  }
  return parts;
}

/** multipart/related: a JSON metadata part, then the bytes. */
export function parseMultipart(
  contentType: string,
  body: Buffer,
): { meta: Record<string, unknown>; data: Buffer; type?: string } {
  const parts = multipartParts(contentType, body);
  if (parts.length !== 2) throw new HttpError(400, 'A multipart upload has a metadata part and a media part.');
  const type = /content-type:\s*([^\r\n]+)/i.exec(parts[1].headers)?.[1].trim();
  return { meta: parseJson(parts[0].data), data: parts[1].data, type };
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

/**
 * An object's bytes, or the part a `Range: bytes=A-B` header asks for. An object stored with `contentEncoding: gzip`
 * is served decompressed (no Content-Encoding, no Content-Length, the range ignored) unless the client accepts gzip or
 * its Cache-Control says `no-transform`: Cloud Storage's decompressive transcoding (docs/architecture.md).
 * `disposition` is the Content-Disposition sent when the object has none (the Firebase API's `inline; filename*=`).
 */
export function sendMedia(
  req: IncomingMessage,
  res: ServerResponse,
  object: { meta: ObjectMeta; data: Buffer },
  disposition?: string,
): void {
  const { meta } = object;
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'content-type': meta.contentType,
    'x-goog-hash': `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
    'x-goog-generation': meta.generation,
    'x-goog-metageneration': String(meta.metageneration),
    'x-goog-stored-content-encoding': meta.contentEncoding ?? 'identity',
    'x-goog-stored-content-length': String(meta.size),
    'x-goog-storage-class': 'STANDARD',
    etag: meta.etag,
    'last-modified': new Date(meta.updated).toUTCString(),
    'accept-ranges': 'bytes',
  };
  const contentDisposition = meta.contentDisposition ?? disposition;
  if (contentDisposition) headers['content-disposition'] = contentDisposition;
  if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  if (meta.contentLanguage) headers['content-language'] = meta.contentLanguage;
  if (meta.contentEncoding) {
    const transcode =
      meta.contentEncoding === 'gzip' &&
      !acceptsGzip(String(req.headers['accept-encoding'] ?? '')) &&
      !/\bno-transform\b/i.test(meta.cacheControl ?? '');
    if (transcode) return sendDecompressed(res, headers, object.data);
    headers['content-encoding'] = meta.contentEncoding;
  }
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

/** Whether an Accept-Encoding header accepts gzip (by name or `*`, with a weight above 0). */
function acceptsGzip(header: string): boolean {
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Decompressive transcoding: the gunzipped bytes, chunked, without Content-Length (the stored hashes stay those of
 * the gzip). Bytes labelled gzip that are not are served as stored, labelled, for the client to make sense of.
 */
function sendDecompressed(res: ServerResponse, headers: Record<string, string>, data: Buffer): void {
  let plain: Buffer;
  try {
    plain = gunzipSync(data);
  } catch {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(data.length) });
    res.end(data);
    return;
  }
  res.writeHead(200, headers);
  res.end(plain);
}
