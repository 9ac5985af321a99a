// Reads a Firestore managed export (what `gcloud firestore export` and the nightly backup write): the folder's
// `<name>.overall_export_metadata`, the export metadata it names, and their `output-N` files: LevelDB log files whose
// records are Datastore EntityProto messages, one document each (docs/operations.md, "Backups and restore").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Fields, Value } from '../common/firestore-value.js';
import { crc32c } from '../common/crc32c.js';
import { fieldsOf, message, type WireField } from './protobuf-wire.js';

/** A document of the export: its path's segments (collection, id, collection, id, ...) and its fields. */
export interface ExportedDocument {
  path: string[];
  fields: Fields;
}

/** An export that cannot be read: names the file and what is wrong with it. */
export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

// The LevelDB log format (leveldb's doc/log_format.md): 32 KiB blocks of records, each with a 7-byte header
// (masked CRC-32C of type and data, little-endian length, type); a record too long for its block is split.
const BLOCK = 32_768;
const HEADER = 7;
const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;
const MASK_DELTA = 0xa282ead8;

/** The CRC-32C the log stores: rotated and offset, so a CRC of data holding CRCs stays meaningful. */
const masked = (crc: number) => ((((crc >>> 15) | (crc << 17)) >>> 0) + MASK_DELTA) >>> 0;

/** The records of one log file, each checked against its checksum. */
export function logRecords(bytes: Uint8Array, file: string): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Uint8Array[] = [];
  let parts: Uint8Array[] | null = null;
  let at = 0;
  const damaged = (what: string) =>
    new ExportFormatError(`${file}: ${what} at byte ${at}: the file is damaged or not part of a Firestore export`);
  while (at < bytes.length) {
    const left = BLOCK - (at % BLOCK);
    // Fewer bytes than a header left in the block: zeros up to the next one.
    if (left < HEADER) {
      at += left;
      continue;
    }
    if (bytes.length - at < HEADER) throw damaged('a truncated record header');
    const length = view.getUint16(at + 4, true);
    const type = bytes[at + 6];
    // A block's zero-filled tail (a writer's preallocated space): nothing more in this block.
    if (type === 0 && length === 0) {
      at += left;
      continue;
    }
    if (HEADER + length > left || at + HEADER + length > bytes.length) throw damaged('a record longer than its block');
    const data = bytes.subarray(at + HEADER, at + HEADER + length);
    if (masked(crc32c(data, crc32c(bytes.subarray(at + 6, at + 7)))) !== view.getUint32(at, true)) {
      throw damaged('a record that fails its checksum');
    }
    if (type === FULL && parts === null) records.push(data);
    else if (type === FIRST && parts === null) parts = [data];
    else if (type === MIDDLE && parts !== null) parts.push(data);
    else if (type === LAST && parts !== null) {
      records.push(Buffer.concat([...parts, data]));
      parts = null;
    } else throw damaged(`a record of type ${type} out of place`);
    at += HEADER + length;
  }
  if (parts !== null) throw damaged('a record cut short at the end');
  return records;
}

// Datastore's EntityProto (storage_onestore_v3's entity.proto): the field numbers an export uses.
const ENTITY = { key: 13, property: 14, rawProperty: 15 };
const REFERENCE = { app: 13, path: 14, namespace: 20, database: 23 };
const PATH_ELEMENT = { group: 1, type: 2, id: 3, name: 4 };
const PROPERTY = { meaning: 1, name: 3, multiple: 4, value: 5 };
const PROPERTY_VALUE = { int64: 1, boolean: 2, string: 3, double: 4, point: 5, user: 8, reference: 12 };
const POINT = { x: 6, y: 7 };
const USER_EMAIL = 9;
const REFERENCE_VALUE = { app: 13, element: 14, namespace: 20, database: 23 };
const REFERENCE_ELEMENT = { type: 15, id: 16, name: 17 };
// Property.Meaning values Firestore's exports set.
const MEANING = { gdWhen: 7, geoPoint: 9, blob: 14, byteString: 16, entityProto: 19, emptyList: 24 };

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const first = (fields: WireField[], n: number) => fields.find((f) => f.field === n);

/** A path element's id: its name, or a numeric id as Firestore shows one (`__id<n>__`). */
function elementId(name: WireField | undefined, id: WireField | undefined): string {
  if (name?.bytes) return text(name.bytes);
  if (id?.varint !== undefined) return `__id${BigInt.asIntN(64, id.varint)}__`;
  throw new ExportFormatError('a key element without a name or an id');
}

function keyPath(reference: WireField[]): string[] {
  return reference
    .filter((f) => f.field === REFERENCE.path)
    .flatMap((path) => message(path).filter((f) => f.field === PATH_ELEMENT.group))
    .flatMap((element) => {
      const parts = element.group ?? [];
      const type = first(parts, PATH_ELEMENT.type);
      if (!type?.bytes) throw new ExportFormatError('a key element without a kind');
      return [text(type.bytes), elementId(first(parts, PATH_ELEMENT.name), first(parts, PATH_ELEMENT.id))];
    });
}

/** One PropertyValue as a Firestore value, by the property's meaning. */
function valueOf(value: WireField[], meaning: number, database: string): Value {
  const int64 = first(value, PROPERTY_VALUE.int64);
  const string = first(value, PROPERTY_VALUE.string);
  const point = first(value, PROPERTY_VALUE.point);
  const reference = first(value, PROPERTY_VALUE.reference);
  const double = first(value, PROPERTY_VALUE.double);
  const boolean = first(value, PROPERTY_VALUE.boolean);
  const user = first(value, PROPERTY_VALUE.user);
  if (int64?.varint !== undefined) {
    const n = BigInt.asIntN(64, int64.varint);
    if (meaning !== MEANING.gdWhen) return { integerValue: n.toString() };
    // Microseconds since the epoch (an export keeps Firestore's timestamps to the microsecond).
    const seconds = n / 1_000_000n - (n % 1_000_000n < 0n ? 1n : 0n);
    return { timestampValue: { seconds: seconds.toString(), nanos: Number(n - seconds * 1_000_000n) * 1000 } };
  }
  if (string?.bytes) {
    if (meaning === MEANING.entityProto) return { mapValue: { fields: entity(string.bytes, database).fields } };
    if (meaning === MEANING.blob || meaning === MEANING.byteString) return { bytesValue: Buffer.from(string.bytes) };
    return { stringValue: text(string.bytes) };
  }
  if (double?.fixed64) return { doubleValue: Buffer.from(double.fixed64).readDoubleLE(0) };
  if (boolean?.varint !== undefined) return { booleanValue: boolean.varint !== 0n };
  if (point?.group) {
    const coordinate = (n: number) => Buffer.from(first(point.group!, n)?.fixed64 ?? new Uint8Array(8)).readDoubleLE(0);
    return { geoPointValue: { latitude: coordinate(POINT.x), longitude: coordinate(POINT.y) } };
  }
  if (reference?.group) {
    const path = reference.group
      .filter((f) => f.field === REFERENCE_VALUE.element)
      .flatMap((element) => {
        const parts = element.group ?? [];
        const type = first(parts, REFERENCE_ELEMENT.type);
        if (!type?.bytes) throw new ExportFormatError('a reference element without a kind');
        return [text(type.bytes), elementId(first(parts, REFERENCE_ELEMENT.name), first(parts, REFERENCE_ELEMENT.id))];
      });
    return { referenceValue: `${database}/documents/${path.join('/')}` };
  }
  // A legacy Datastore user: its e-mail, the one part Firestore could show.
  if (user?.group) return { stringValue: text(first(user.group, USER_EMAIL)?.bytes ?? new Uint8Array()) };
  return meaning === MEANING.emptyList ? { arrayValue: {} } : { nullValue: 'NULL_VALUE' };
}

/** An EntityProto's key path and fields; `database` (`projects/{p}/databases/{d}`) roots its references. */
function entity(bytes: Uint8Array, database: string): ExportedDocument {
  const fields = fieldsOf(bytes);
  const key = first(fields, ENTITY.key);
  const values: Fields = {};
  for (const property of fields.filter((f) => f.field === ENTITY.property || f.field === ENTITY.rawProperty)) {
    const parts = message(property);
    const name = first(parts, PROPERTY.name);
    if (!name?.bytes) throw new ExportFormatError('a property without a name');
    const meaning = Number(first(parts, PROPERTY.meaning)?.varint ?? 0n);
    const value = first(parts, PROPERTY.value);
    const converted = valueOf(value ? message(value) : [], meaning, database);
    const field = text(name.bytes);
    // An array is its elements, one property each, marked `multiple`.
    if (first(parts, PROPERTY.multiple)?.varint) {
      const list = (values[field] ??= { arrayValue: { values: [] } }).arrayValue!;
      if (!converted.arrayValue) (list.values ??= []).push(converted);
    } else values[field] = converted;
  }
  return { path: key ? keyPath(message(key)) : [], fields: values };
}

/** One record of an output file as a document. */
export function documentOf(record: Uint8Array, database: string): ExportedDocument {
  const document = entity(record, database);
  if (document.path.length === 0) throw new ExportFormatError('an entity without a key');
  return document;
}

/** The strings of `fields` numbered `n` (a metadata file's file names). */
const strings = (fields: WireField[], n: number) =>
  fields.filter((f) => f.field === n && f.bytes).map((f) => text(f.bytes!));

/** The output files an export metadata file names (its second field: the kind and its files). */
function outputFiles(metadataFile: string): string[] {
  return fieldsOf(readFileSync(metadataFile))
    .filter((f) => f.field === 2)
    .flatMap((files) => strings(message(files), 2))
    .map((name) => join(dirname(metadataFile), name));
}

export interface ExportContents {
  /** The overall metadata file, relative to the folder. */
  metadata: string;
  /** The output files read, relative to the folder. */
  files: string[];
  documents: ExportedDocument[];
}

/**
 * Every document of the export in `folder`. `database` (`projects/{p}/databases/{d}`) roots reference values. Throws
 * an ExportFormatError naming the file when the folder holds no export, a file is missing or a record is damaged.
 */
export function readExport(folder: string, database: string): ExportContents {
  if (!existsSync(folder)) throw new ExportFormatError(`${folder}: no such folder`);
  const overall = readdirSync(folder).filter((name) => name.endsWith('.overall_export_metadata'));
  if (overall.length !== 1) {
    throw new ExportFormatError(
      `${folder}: ${overall.length ? 'more than one' : 'no'} *.overall_export_metadata file: give the folder of one export (gs://<bucket>/<date>, copied with gcloud storage cp -r)`,
    );
  }
  const metadata = join(folder, overall[0]);
  // Its first record is one byte (`3` in every export seen: a version), then the metadata.
  const records = logRecords(readFileSync(metadata), overall[0]).filter((record) => record.length > 1);
  const metadataFiles = records.flatMap((record) =>
    fieldsOf(record)
      .filter((f) => f.field === 1)
      // Written on Windows by the Firestore emulator with backslashes.
      .flatMap((kind) => strings(message(kind), 2).map((name) => join(folder, ...name.split(/[\\/]/)))),
  );
  if (metadataFiles.length === 0) throw new ExportFormatError(`${overall[0]}: names no export metadata file`);
  const files: string[] = [];
  const documents: ExportedDocument[] = [];
  for (const metadataFile of metadataFiles) {
    if (!existsSync(metadataFile)) {
      throw new ExportFormatError(`${relative(folder, metadataFile)}: missing (named by ${overall[0]})`);
    }
    for (const file of outputFiles(metadataFile)) {
      const name = relative(folder, file);
      if (!existsSync(file))
        throw new ExportFormatError(`${name}: missing (named by ${relative(folder, metadataFile)})`);
      files.push(name);
      for (const record of logRecords(readFileSync(file), name)) {
        try {
          documents.push(documentOf(record, database));
        } catch (error) {
          if (!(error instanceof ExportFormatError || error instanceof RangeError)) throw error;
          throw new ExportFormatError(`${name}: ${error.message}: not a document of a Firestore export`);
        }
      }
    }
  }
  return { metadata: overall[0], files, documents };
}

// A document's collection as a path form, its documents' ids as `*`: `studies`, `studies/*/history`.
export function collectionForm(path: readonly string[]): string {
  return path
    .slice(0, -1)
    .map((segment, i) => (i % 2 === 0 ? segment : '*'))
    .join('/');
}
