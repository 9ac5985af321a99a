// The Firestore emulator's route tables: each gRPC method of the Firestore v1 service, and each REST endpoint of the
// emulator, to the route that answers it (routes/).
import type { ServerDuplexStream, UntypedServiceImplementation } from '@grpc/grpc-js';
import { ListenService, type ListenRequest } from './listen.js';
import { clearDatabase, loadRules, ping, type RestRoute } from './routes/admin.js';
import { batchWrite, commit, writeStream, type WriteStreamRequest } from './routes/commits.js';
import { beginTransaction, rollback } from './routes/consistency.js';
import { ruleCoverage, ruleCoverageHtml } from './routes/coverage.js';
import {
  batchGetDocuments,
  createDocument,
  deleteDocument,
  getDocument,
  listCollectionIds,
  listDocuments,
  updateDocument,
} from './routes/documents.js';
import { compileChecked, partitionQuery, runAggregationQuery, runQuery } from './routes/queries.js';
import { firestoreRest } from './routes/rest.js';
import { serverStream, unary } from './routes/rpc.js';
import { registerEventarcTrigger, registerLegacyTrigger } from './routes/triggers.js';
import type { EmulatorState } from './state.js';

export function createHandlers(state: EmulatorState): UntypedServiceImplementation {
  // Real-time listeners (listen.ts): targets compiled as RunQuery compiles queries, callers checked by the rules.
  const listen = (state.listen ??= new ListenService(
    state.store,
    state,
    (db, parent, sq) => compileChecked(state, db, parent, sq),
    state.logError,
  ));
  return {
    GetDocument: unary(state, getDocument),
    BatchGetDocuments: serverStream(state, batchGetDocuments),
    BeginTransaction: unary(state, beginTransaction),
    Commit: unary(state, commit),
    Rollback: unary(state, rollback),
    RunQuery: serverStream(state, runQuery),
    RunAggregationQuery: serverStream(state, runAggregationQuery),
    BatchWrite: unary(state, batchWrite),
    ListDocuments: unary(state, listDocuments),
    ListCollectionIds: unary(state, listCollectionIds),
    PartitionQuery: unary(state, partitionQuery),
    CreateDocument: unary(state, createDocument),
    UpdateDocument: unary(state, updateDocument),
    DeleteDocument: unary(state, deleteDocument),
    Listen: (call: ServerDuplexStream<ListenRequest, object>) => listen.serve(call),
    Write: (call: ServerDuplexStream<WriteStreamRequest, object>) => writeStream(state, call),
  };
}

/** The REST endpoints (http.ts): the first whose method and path match serves the request; 404 when none does. */
export const REST_ROUTES: { methods: string[]; path: RegExp; serve: RestRoute }[] = [
  { methods: ['GET'], path: /^\/$/, serve: ping },
  // Where @firebase/rules-unit-testing loads a project's Firestore rules: `{rules: {files: [{content}]}}`.
  { methods: ['PUT', 'POST'], path: /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/, serve: loadRules },
  // The rule coverage report of a project since its rules were loaded, as JSON and as a page (routes/coverage.ts).
  { methods: ['GET'], path: /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage$/, serve: ruleCoverage },
  { methods: ['GET'], path: /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage\.html$/, serve: ruleCoverageHtml },
  {
    methods: ['DELETE'],
    path: /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/,
    serve: clearDatabase,
  },
  // Where a Functions emulator registers the Firestore triggers it serves (routes/triggers.ts).
  { methods: ['POST'], path: /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/, serve: registerEventarcTrigger },
  { methods: ['PUT'], path: /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/([^/]+)$/, serve: registerLegacyTrigger },
  // Firestore's REST API, each HTTP method on `/v1/…/documents{…}` to the gRPC method it is bound to (routes/rest.ts).
  ...(['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method) => ({
    methods: [method],
    path: /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents(.*)$/,
    serve: firestoreRest(method),
  })),
];
