// Firestore's REST API (the `/v1/projects/{p}/databases/{d}/documents…` paths of firestore.googleapis.com) on the
// emulator's port: each request is read from its path, query and JSON body into the request message of its gRPC
// method (the HTTP bindings of google/firestore/v1/firestore.proto), answered by that method's own route, and
// written back in proto3 JSON (json-values.ts); server-streaming methods answer a JSON array, as Google's REST does.
import type { IncomingHttpHeaders } from 'node:http';
import { Metadata, status } from '@grpc/grpc-js';
import { RpcError, invalid, notFound, toStatus, unimplemented } from '../errors.js';
import { callerOf, type Caller } from '../firestore-rules.js';
import { fromJson, toJson } from '../json-values.js';
import type { EmulatorState } from '../state.js';
import { restError, type RestAnswer, type RestRoute } from './admin.js';
import { batchWrite, commit } from './commits.js';
import { beginTransaction, rollback } from './consistency.js';
import {
  batchGetDocuments,
  createDocument,
  deleteDocument,
  getDocument,
  listCollectionIds,
  listDocuments,
  updateDocument,
} from './documents.js';
import { partitionQuery, runAggregationQuery, runQuery } from './queries.js';

/** A route of any gRPC method: each takes its own request message, read for it from the service's descriptors. */
type AnyRoute = (state: EmulatorState, req: never, caller: Caller) => unknown;
interface Method {
  route: AnyRoute;
  /** The answer's message type; a server-streaming method answers a list of them. */
  response: string;
  stream?: boolean;
}

const v1 = (name: string) => `google.firestore.v1.${name}`;
const METHODS: Record<string, Method> = {
  GetDocument: { route: getDocument, response: v1('Document') },
  ListDocuments: { route: listDocuments, response: v1('ListDocumentsResponse') },
  CreateDocument: { route: createDocument, response: v1('Document') },
  UpdateDocument: { route: updateDocument, response: v1('Document') },
  DeleteDocument: { route: deleteDocument, response: 'google.protobuf.Empty' },
  BatchGetDocuments: { route: batchGetDocuments, response: v1('BatchGetDocumentsResponse'), stream: true },
  BeginTransaction: { route: beginTransaction, response: v1('BeginTransactionResponse') },
  Commit: { route: commit, response: v1('CommitResponse') },
  Rollback: { route: rollback, response: 'google.protobuf.Empty' },
  RunQuery: { route: runQuery, response: v1('RunQueryResponse'), stream: true },
  RunAggregationQuery: { route: runAggregationQuery, response: v1('RunAggregationQueryResponse'), stream: true },
  PartitionQuery: { route: partitionQuery, response: v1('PartitionQueryResponse') },
  ListCollectionIds: { route: listCollectionIds, response: v1('ListCollectionIdsResponse') },
  BatchWrite: { route: batchWrite, response: v1('BatchWriteResponse') },
};

/** `POST …/documents:{verb}`: methods of the database, named by `database`. */
const DATABASE_VERBS: Record<string, string> = {
  batchGet: 'BatchGetDocuments',
  beginTransaction: 'BeginTransaction',
  commit: 'Commit',
  rollback: 'Rollback',
  batchWrite: 'BatchWrite',
};
/** `POST …/documents[/{document path}]:{verb}`: methods under a parent, the root or a document. */
const PARENT_VERBS: Record<string, string> = {
  runQuery: 'RunQuery',
  runAggregationQuery: 'RunAggregationQuery',
  partitionQuery: 'PartitionQuery',
  listCollectionIds: 'ListCollectionIds',
};
/** The streams that stay open (Listen, Write) are served over gRPC only. */
const STREAM_VERBS = new Set(['listen', 'write']);

/** The HTTP codes of gRPC statuses, as Google's REST APIs map them. */
const HTTP_CODES: Partial<Record<status, number>> = {
  [status.CANCELLED]: 499,
  [status.UNKNOWN]: 500,
  [status.INVALID_ARGUMENT]: 400,
  [status.DEADLINE_EXCEEDED]: 504,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.PERMISSION_DENIED]: 403,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.FAILED_PRECONDITION]: 400,
  [status.ABORTED]: 409,
  [status.OUT_OF_RANGE]: 400,
  [status.UNIMPLEMENTED]: 501,
  [status.INTERNAL]: 500,
  [status.UNAVAILABLE]: 503,
  [status.DATA_LOSS]: 500,
  [status.UNAUTHENTICATED]: 401,
};

/** Query parameters every Google API takes (response format, API key…), which name no request field. */
const SYSTEM_PARAMS =
  /^(\$.*|alt|key|prettyPrint|fields|access_token|oauth_token|callback|quotaUser|userIp|upload_protocol|uploadType)$/;

/** A request read from the URL: its gRPC method, the fields its path names, and where the body goes. */
interface Binding {
  method: string;
  fields: Record<string, unknown>;
  /** `*`: the body is the request; a field name: the body is that field. Undefined: no body. */
  body?: '*' | 'document';
}

/**
 * The route of `httpMethod` requests to `/v1/projects/{project}/databases/{database}/documents{rest}`: captures are
 * the project, the database and the rest of the path (empty, `:verb`, or `/a/b…` maybe ending with `:verb`).
 */
export function firestoreRest(httpMethod: 'GET' | 'POST' | 'PATCH' | 'DELETE'): RestRoute {
  return async (state, params, body, query, headers) => {
    try {
      const binding = bind(httpMethod, params);
      const req = readRequest(binding, body, query);
      const caller = callerOf(authorization(headers));
      const method = METHODS[binding.method];
      const result = await method.route(state, req as never, caller);
      const json = method.stream
        ? (result as unknown[]).map((r) => toJson(method.response, r))
        : toJson(method.response, result);
      return { code: 200, body: JSON.stringify(json) };
    } catch (e) {
      return errorAnswer(state, e);
    }
  };
}

/** The gRPC metadata a REST request stands for: its Authorization header. */
function authorization(headers: IncomingHttpHeaders): Metadata {
  const md = new Metadata();
  if (headers.authorization) md.set('authorization', headers.authorization);
  return md;
}

function errorAnswer(state: EmulatorState, e: unknown): RestAnswer {
  const { code, details } = e instanceof RpcError ? toStatus(e) : toStatus(e, state.logError);
  return restError(HTTP_CODES[code] ?? 500, details, status[code]);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalid(`The path segment "${segment}" is not valid percent-encoding.`);
  }
}

/** The method a path and HTTP method name (Firestore's HTTP bindings), with the request fields the path gives. */
function bind(httpMethod: string, [project, database, rest]: string[]): Binding {
  const db = `projects/${decode(project)}/databases/${decode(database)}`;
  const raw = rest.startsWith('/') ? rest.slice(1).split('/') : [];
  let verb = rest.startsWith(':') ? rest.slice(1) : undefined;
  if (rest !== '' && verb === undefined && !rest.startsWith('/')) throw unknownPath(httpMethod, db, rest);
  // A custom verb ends the last segment (`…/c/d:runQuery`); document ids may hold colons, so only a known verb counts.
  const last = raw[raw.length - 1] ?? '';
  const colon = last.lastIndexOf(':');
  if (httpMethod === 'POST' && colon >= 0 && PARENT_VERBS[last.slice(colon + 1)]) {
    verb = last.slice(colon + 1);
    raw[raw.length - 1] = last.slice(0, colon);
  }
  const segs = raw.map(decode);
  const docs = [`${db}/documents`, ...segs].join('/');
  if (verb !== undefined) {
    if (httpMethod !== 'POST') throw unknownPath(httpMethod, db, rest);
    if (segs.length === 0 && DATABASE_VERBS[verb])
      return { method: DATABASE_VERBS[verb], fields: { database: db }, body: '*' };
    if (segs.length % 2 === 0 && PARENT_VERBS[verb])
      return { method: PARENT_VERBS[verb], fields: { parent: docs }, body: '*' };
    if (segs.length === 0 && STREAM_VERBS.has(verb))
      throw unimplemented(`The ${verb} stream is served over gRPC only by this emulator (the SDKs use gRPC for it).`);
    throw unknownPath(httpMethod, db, rest);
  }
  if (segs.length === 0) throw unknownPath(httpMethod, db, rest);
  const isDocument = segs.length % 2 === 0;
  const parent = [`${db}/documents`, ...segs.slice(0, -1)].join('/');
  const collectionId = segs[segs.length - 1];
  if (httpMethod === 'GET' && isDocument) return { method: 'GetDocument', fields: { name: docs } };
  if (httpMethod === 'GET') return { method: 'ListDocuments', fields: { parent, collectionId } };
  if (httpMethod === 'POST' && !isDocument)
    return { method: 'CreateDocument', fields: { parent, collectionId }, body: 'document' };
  if (httpMethod === 'PATCH' && isDocument)
    return { method: 'UpdateDocument', fields: { document: { name: docs } }, body: 'document' };
  if (httpMethod === 'DELETE' && isDocument) return { method: 'DeleteDocument', fields: { name: docs } };
  throw unknownPath(httpMethod, db, rest);
}

const unknownPath = (httpMethod: string, db: string, rest: string) =>
  notFound(`No Firestore REST method answers ${httpMethod} /v1/${db}/documents${rest}.`);

/** The request message: the body (all of it, or the field it stands for), the query's fields, the path's. */
function readRequest(binding: Binding, body: Buffer, query: URLSearchParams): Record<string, unknown> {
  let json: Record<string, unknown> = {};
  const text = body.toString('utf8').trim();
  if (binding.body && text !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw invalid(`Invalid JSON payload received. ${e instanceof Error ? e.message : String(e)}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalid('Invalid JSON payload received. Expected a JSON object.');
    json = binding.body === '*' ? (parsed as Record<string, unknown>) : { [binding.body]: parsed };
  }
  for (const key of new Set(query.keys())) {
    if (SYSTEM_PARAMS.test(key)) continue;
    const values = query.getAll(key);
    setPath(json, key.split('.'), values.length === 1 ? values[0] : values);
  }
  for (const [key, value] of Object.entries(binding.fields)) {
    if (key === 'document') json.document = { ...(json.document as object), ...(value as object) };
    else json[key] = value;
  }
  return fromJson(`google.firestore.v1.${binding.method}Request`, json);
}

/** Sets `json.a.b.c` for the query parameter `a.b.c`. */
function setPath(json: Record<string, unknown>, keys: string[], value: unknown): void {
  let cur = json;
  if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype'))
    throw invalid(`Unknown query parameter "${keys.join('.')}".`);
  for (const key of keys.slice(0, -1)) {
    const next = cur[key];
    if (next === undefined) cur = cur[key] = {} as Record<string, unknown>;
    else if (typeof next === 'object' && next !== null && !Array.isArray(next)) cur = next as Record<string, unknown>;
    else throw invalid(`The query parameter "${keys.join('.')}" conflicts with another.`);
  }
  cur[keys[keys.length - 1]] = value;
}
