// The Storage emulator's HTTP API and its route table: the Firebase Storage REST API of the `firebase/storage` web SDK
// (rules checked on every request), the Cloud Storage JSON API of `firebase-admin/storage` (trusted, as in
// production), and the emulator's own endpoints (rules loading for `@firebase/rules-unit-testing`). Protocol notes:
// docs/architecture.md, "Storage emulator".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, HttpError, sendError } from './http.js';
import * as firebase from './routes/firebase.js';
import * as gcs from './routes/gcs.js';
import * as acl from './routes/gcs-acl.js';
import * as firebaseUploads from './routes/uploads-firebase.js';
import { formParams, formUpload } from './routes/uploads-form.js';
import * as gcsUploads from './routes/uploads-gcs.js';
import { internalParams, notFound, reset, setRules } from './routes/internal.js';
import { route, type TableRoute } from './routes/route.js';
import type { StorageState } from './state.js';
import { UploadSessions } from './uploads.js';

/** The routes, in order: the first that serves a request's path (and, with `passOn`, its method) answers it. */
const ROUTES: TableRoute[] = [
  route({ params: internalParams('setRules'), methods: { PUT: setRules, POST: setRules }, passOn: true }),
  route({ params: internalParams('reset'), methods: { POST: reset }, passOn: true }),
  route({ params: internalParams(), methods: { '*': notFound } }),
  // Uploads (docs/architecture.md, "Storage emulator"): before the object routes, which pass on what is not theirs.
  route({
    params: firebaseUploads.uploadParams,
    methods: { POST: firebaseUploads.upload, PUT: firebaseUploads.upload },
    passOn: true,
  }),
  route({ params: gcsUploads.uploadParams, methods: { '*': gcsUploads.upload } }),
  route({ params: formParams, methods: { POST: formUpload } }),
  route({ params: firebase.bucketParams, methods: { GET: firebase.listObjects } }),
  route({
    params: firebase.objectParams,
    methods: {
      GET: firebase.getObject,
      POST: firebase.changeToken,
      PATCH: firebase.updateObject,
      PUT: firebase.updateObject,
      DELETE: firebase.deleteObject,
    },
  }),
  route({ params: gcs.bucketParams, methods: { GET: gcs.getBucket }, passOn: true }),
  route({ params: gcs.objectsParams, methods: { GET: gcs.listObjects } }),
  route({
    params: gcs.objectParams,
    methods: { GET: gcs.getObject, PATCH: gcs.updateObject, PUT: gcs.updateObject, DELETE: gcs.deleteObject },
  }),
  route({
    params: acl.aclParams,
    methods: { GET: acl.readAcl, POST: acl.insertAcl, PUT: acl.updateAcl, PATCH: acl.updateAcl, DELETE: acl.deleteAcl },
  }),
  route({ params: gcs.operationParams, methods: { POST: gcs.copyObject } }),
  route({ params: gcs.legacyParams, methods: { GET: gcs.legacyDownload }, passOn: true }),
];

export function createStorageHandler(state: StorageState) {
  const uploads = new UploadSessions(state);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      // Segments stay encoded: an object name is one segment with its slashes as %2F.
      const parts = url.pathname.split('/').filter(Boolean);
      const exchange = { state, uploads, req, res, url };
      for (const serve of ROUTES) if (await serve(exchange, parts)) return;
      throw new HttpError(404, 'Not found.');
    } catch (error) {
      if (!(error instanceof HttpError))
        state.logError?.(`unexpected error: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendError(req, res, error instanceof HttpError ? error : new HttpError(500, message));
      // A refused upload may still be sending its body: drain it so the client reads the answer.
      req.resume();
    }
  };
}
