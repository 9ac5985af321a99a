// The Firestore v1 service definition, loaded from @google-cloud/firestore's bundled .proto files.
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSync, type MethodDefinition, type ServiceDefinition } from '@grpc/proto-loader';
import type { DocumentProto } from './document.js';
import { fieldsOf } from './protobuf-wire.js';

const require = createRequire(import.meta.url);
const protosDir = path.join(path.dirname(require.resolve('@google-cloud/firestore/package.json')), 'build', 'protos');

/** Every message and enum of the service, by full name (json-values.ts maps them to and from proto3 JSON). */
export const definition = loadSync('google/firestore/v1/firestore.proto', {
  includeDirs: [protosDir],
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
});

export const firestoreService = definition['google.firestore.v1.Firestore'] as ServiceDefinition;

/** The length-delimited occurrences of field `field` in a protobuf message (other fields are skipped). */
const bytesOf = (buf: Uint8Array, field: number): Uint8Array[] =>
  fieldsOf(buf).flatMap((part) => (part.field === field && part.bytes ? [part.bytes] : []));

/**
 * The web SDK's transactions send `Write.verify` (field 5: a document read and not written, checked by its
 * precondition only), which the published protos lack, so it would be dropped silently. Commit (writes: field 2)
 * and the Write stream (writes: field 3) read it from the bytes themselves.
 */
for (const [name, writesField] of [
  ['Commit', 2],
  ['Write', 3],
] as const) {
  const method = firestoreService[name] as MethodDefinition<{ writes?: { verify?: string }[] }, unknown>;
  const decode = method.requestDeserialize;
  method.requestDeserialize = (buf: Buffer) => {
    const req = decode(buf);
    if (!req.writes?.length) return req;
    bytesOf(buf, writesField).forEach((raw, i) => {
      const verify = bytesOf(raw, 5)[0];
      if (verify && req.writes![i]) req.writes![i].verify = Buffer.from(verify).toString('utf8');
    });
    return req;
  };
}

const getDocument = firestoreService.GetDocument as MethodDefinition<unknown, DocumentProto>;

/** Binary Document encoding, used by the persistence log. */
export const encodeDocument = (doc: DocumentProto): Buffer => getDocument.responseSerialize(doc);
export const decodeDocument = (buf: Buffer): DocumentProto => getDocument.responseDeserialize(buf);
