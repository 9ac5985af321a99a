// HTML form uploads signed with a POST policy (`file.generateSignedPostPolicyV4()` of `@google-cloud/storage`):
// `POST /{bucket}` (or `POST /`, the client's URL when it talks to an emulator, the bucket then read from the policy)
// with a multipart/form-data body whose last field is the file. Answered as the XML API does (XML errors).
import { HttpError, multipartParts, readBody } from '../http.js';
import type { WritableMeta } from '../objects.js';
import { checkName } from '../resources.js';
import { storeUpload } from '../uploads.js';
import type { Exchange } from './route.js';

interface FormParams {
  /** From the path; absent for `POST /`. */
  bucket?: string;
}

/** Segments that start another API's paths, never a bucket's form upload. */
const API_ROOTS = new Set(['v0', 'b', 'upload', 'storage', 'download', 'internal']);

/** `POST /{bucket}` or `POST /` with a multipart/form-data body. */
export function formParams(x: Exchange, parts: string[]): FormParams | undefined {
  const form = /^multipart\/form-data/i.test(String(x.req.headers['content-type'] ?? ''));
  if (x.req.method !== 'POST' || !form || parts.length > 1 || API_ROOTS.has(parts[0] ?? '')) return undefined;
  return parts.length ? { bucket: decodeURIComponent(parts[0]) } : {};
}

interface Field {
  name: string;
  value: string;
  /** The file field's. */
  filename?: string;
  data: Buffer;
  type?: string;
}

function formFields(contentType: string, body: Buffer): Field[] {
  return multipartParts(contentType, body).map(({ headers, data }) => {
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new HttpError(400, 'A form field has no name.');
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1].trim();
    return { name, value: data.toString('utf8'), filename, data, type };
  });
}

type Condition = Record<string, unknown> | unknown[];

/** The policy document (base64 JSON: `conditions`, `expiration`). */
function readPolicy(encoded: string): { conditions: Condition[]; expiration: string } {
  try {
    const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>;
    if (Array.isArray(policy.conditions) && typeof policy.expiration === 'string') {
      return { conditions: policy.conditions as Condition[], expiration: policy.expiration };
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Invalid policy document: expected base64 JSON with conditions and an expiration.');
}

const policyFailed = (condition: Condition) =>
  new HttpError(403, `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

/**
 * Checks the form against its policy as Cloud Storage does: not expired, every condition met (`{field: value}`,
 * `["eq", "$field", value]`, `["starts-with", "$field", prefix]`, `["content-length-range", min, max]`), and every
 * field but the signature, the policy, the file and `x-ignore-*` ones named by a condition. The signature itself
 * cannot be checked without Google's keys: it is accepted, as Google's emulator accepts it.
 */
function checkPolicy(fields: Map<string, string>, size: number, encoded: string): Record<string, string> {
  const { conditions, expiration } = readPolicy(encoded);
  if (!(Date.parse(expiration) > Date.now())) throw new HttpError(400, 'Invalid according to Policy: Policy expired.');
  const named = new Set<string>();
  const exact: Record<string, string> = {};
  const value = (field: unknown) => fields.get(String(field).replace(/^\$/, '').toLowerCase()) ?? '';
  for (const condition of conditions) {
    if (Array.isArray(condition)) {
      const [op, field, arg] = condition;
      if (op === 'content-length-range') {
        if (size < Number(field) || size > Number(arg)) throw policyFailed(condition);
        continue;
      }
      named.add(String(field).replace(/^\$/, '').toLowerCase());
      const ok =
        op === 'eq' ? value(field) === String(arg) : op === 'starts-with' && value(field).startsWith(String(arg));
      if (!ok) throw policyFailed(condition);
    } else {
      for (const [field, expected] of Object.entries(condition)) {
        named.add(field.toLowerCase());
        exact[field.toLowerCase()] = String(expected);
        // The bucket is the URL's (or, for `POST /`, this condition's): not a form field.
        if (field !== 'bucket' && value(field) !== String(expected)) throw policyFailed(condition);
      }
    }
  }
  const unsigned = ['policy', 'x-goog-signature', 'signature', 'file', 'bucket'];
  const extra = [...fields.keys()].find((f) => !named.has(f) && !unsigned.includes(f) && !f.startsWith('x-ignore-'));
  if (extra) throw new HttpError(403, `Invalid according to Policy: Extra input fields: ${extra}`);
  return exact;
}

/** The object's metadata from the form: its Content-Type and other headers as fields, `x-goog-meta-*` custom keys. */
function formMeta(fields: Map<string, string>, file: Field): WritableMeta {
  const meta: WritableMeta = { contentType: fields.get('content-type') ?? file.type, metadata: {} };
  const headers = {
    'cache-control': 'cacheControl',
    'content-disposition': 'contentDisposition',
    'content-encoding': 'contentEncoding',
    'content-language': 'contentLanguage',
  } as const;
  for (const [field, value] of fields) {
    if (field in headers) meta[headers[field as keyof typeof headers]] = value;
    else if (field.startsWith('x-goog-meta-')) meta.metadata![field.slice('x-goog-meta-'.length)] = value;
  }
  return meta;
}

/** Text of an XML element (quotes stay as they are, as in Cloud Storage's `<ETag>"..."</ETag>`). */
const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

const XML_CODES: Record<number, string> = {
  400: 'InvalidArgument',
  403: 'AccessDenied',
  404: 'NoSuchBucket',
  413: 'EntityTooLarge',
};

function sendXml(x: Exchange, status: number, body: string, headers: Record<string, string> = {}) {
  const text = body ? `<?xml version='1.0' encoding='UTF-8'?>${body}` : '';
  x.res.writeHead(status, {
    'access-control-allow-origin': '*',
    ...(text ? { 'content-type': 'application/xml; charset=UTF-8' } : {}),
    ...headers,
  });
  x.res.end(text);
}

/** The form upload: stored past the rules (a policy is signed with server credentials), answered as it asks. */
export async function formUpload(x: Exchange, params: FormParams) {
  try {
    await store(x, params);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    x.req.resume();
    const code = XML_CODES[error.status] ?? 'InvalidArgument';
    sendXml(x, error.status, `<Error><Code>${code}</Code><Message>${xmlEscape(error.message)}</Message></Error>`);
  }
}

async function store(x: Exchange, params: FormParams) {
  const all = formFields(String(x.req.headers['content-type']), await readBody(x.req));
  // The file is the last field: what comes after it is not read, as in Cloud Storage.
  const fileAt = all.findIndex((f) => f.name.toLowerCase() === 'file');
  if (fileAt < 0) throw new HttpError(400, "The form has no 'file' field.");
  const file = all[fileAt];
  const fields = new Map(all.slice(0, fileAt).map((f) => [f.name.toLowerCase(), f.value] as const));
  const policy = fields.get('policy');
  if (!policy || !(fields.get('x-goog-signature') ?? fields.get('signature'))) {
    throw new HttpError(403, 'Anonymous caller does not have storage.objects.create access: no signed policy.');
  }
  const signed = checkPolicy(fields, file.data.length, policy);
  const bucket = params.bucket ?? fields.get('bucket') ?? signed.bucket;
  if (!bucket) throw new HttpError(400, 'The form names no bucket (the URL, a bucket field, or the policy).');
  if (signed.bucket !== undefined && signed.bucket !== bucket) throw policyFailed({ bucket: signed.bucket });
  const name = (fields.get('key') ?? '').replaceAll('${filename}', file.filename ?? '');
  checkName(name);
  const stored = await storeUpload(x.state, 'gcs', { admin: true }, bucket, name, file.data, formMeta(fields, file));
  const location = `${x.url.origin}/${encodeURIComponent(bucket)}/${encodeURIComponent(name)}`;
  const etag = `"${Buffer.from(stored.md5Hash, 'base64').toString('hex')}"`;
  const redirect = fields.get('success_action_redirect');
  if (redirect) {
    const target = URL.canParse(redirect) ? new URL(redirect) : undefined;
    if (!target) throw new HttpError(400, `Invalid success_action_redirect '${redirect}'.`);
    for (const [key, value] of Object.entries({ bucket, key: name, etag })) target.searchParams.set(key, value);
    return sendXml(x, 303, '', { location: target.toString() });
  }
  const status = Number(fields.get('success_action_status') ?? 204);
  const headers = { etag, location, 'x-goog-generation': stored.generation };
  if (status === 201) {
    const xml = Object.entries({ Location: location, Bucket: bucket, Key: name, ETag: etag })
      .map(([tag, value]) => `<${tag}>${xmlEscape(value)}</${tag}>`)
      .join('');
    return sendXml(x, 201, `<PostResponse>${xml}</PostResponse>`, headers);
  }
  sendXml(x, status === 200 ? 200 : 204, '', headers);
}
