// The Firestore v1 service definition, loaded from @google-cloud/firestore's bundled .proto files.
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSync, type MethodDefinition, type ServiceDefinition } from '@grpc/proto-loader';
import type { DocumentProto } from './document.js';

const require = createRequire(import.meta.url);
const protosDir = path.join(path.dirname(require.resolve('@google-cloud/firestore/package.json')), 'build', 'protos');

const definition = loadSync('google/firestore/v1/firestore.proto', {
  includeDirs: [protosDir],
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
});

export const firestoreService = definition['google.firestore.v1.Firestore'] as ServiceDefinition;

const getDocument = firestoreService.GetDocument as MethodDefinition<unknown, DocumentProto>;

/** Binary Document encoding, used by the persistence log. */
export const encodeDocument = (doc: DocumentProto): Buffer => getDocument.responseSerialize(doc);
export const decodeDocument = (buf: Buffer): DocumentProto => getDocument.responseDeserialize(buf);
