// A Firestore managed export written by the tests, following the documented formats (leveldb's log_format.md for the
// files, Datastore's entity.proto for the records): what no committed export holds (subcollections, timestamps,
// references, points, bytes, empty arrays, records split across blocks), built in a temporary folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32c } from '../../src/common/crc32c.js';

function varint(n: bigint | number): Buffer {
  let value = BigInt.asUintN(64, BigInt(n));
  const bytes: number[] = [];
  do {
    const low = Number(value & 0x7fn);
    value >>= 7n;
    bytes.push(value ? low | 0x80 : low);
  } while (value);
  return Buffer.from(bytes);
}

const tag = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, n: bigint | number) => Buffer.concat([tag(field, 0), varint(n)]);
const bytes = (field: number, data: Buffer | string) => {
  const body = Buffer.from(data);
  return Buffer.concat([tag(field, 2), varint(body.length), body]);
};
const double = (field: number, n: number) => {
  const body = Buffer.alloc(8);
  body.writeDoubleLE(n);
  return Buffer.concat([tag(field, 1), body]);
};
const group = (field: number, ...parts: Buffer[]) => Buffer.concat([tag(field, 3), ...parts, tag(field, 4)]);

/** A value as an export holds one: a PropertyValue and the property's meaning. */
export type ExportValue =
  | { int: bigint | number }
  | { when: Date }
  | { bool: boolean }
  | { double: number }
  | { string: string }
  | { bytes: Buffer }
  | { point: [number, number] }
  | { ref: string[] }
  | { map: Record<string, ExportValue> }
  | { array: ExportValue[] }
  | { null: true };

const segment = (name: string) => (/^\d+$/.test(name) ? { id: BigInt(name) } : { name });

function propertyValue(value: ExportValue): { meaning?: number; body: Buffer } {
  if ('int' in value) return { body: int(1, value.int) };
  if ('when' in value) return { meaning: 7, body: int(1, BigInt(value.when.getTime()) * 1000n) };
  if ('bool' in value) return { body: int(2, value.bool ? 1 : 0) };
  if ('double' in value) return { body: double(4, value.double) };
  if ('string' in value) return { body: bytes(3, value.string) };
  if ('bytes' in value) return { meaning: 16, body: bytes(3, value.bytes) };
  if ('point' in value) return { meaning: 9, body: group(5, double(6, value.point[0]), double(7, value.point[1])) };
  if ('map' in value) return { meaning: 19, body: bytes(3, entity(null, value.map)) };
  if ('ref' in value) {
    const elements = [];
    for (let i = 0; i < value.ref.length; i += 2) {
      const id = segment(value.ref[i + 1]);
      elements.push(group(14, bytes(15, value.ref[i]), 'id' in id ? int(16, id.id!) : bytes(17, id.name!)));
    }
    return { body: group(12, bytes(13, 's~demo-export'), ...elements) };
  }
  return { body: Buffer.alloc(0) };
}

function property(name: string, value: ExportValue): Buffer[] {
  if ('array' in value && value.array.length === 0) {
    return [bytes(14, Buffer.concat([int(1, 24), bytes(3, name), int(4, 0), bytes(5, Buffer.alloc(0))]))];
  }
  const values = 'array' in value ? value.array : [value];
  return values.map((element) => {
    const { meaning, body } = propertyValue(element);
    const parts = [meaning === undefined ? Buffer.alloc(0) : int(1, meaning), bytes(3, name)];
    // Indexed properties are field 14, those excluded from indexes (`raw_property`) 15: both occur.
    const field = meaning === 19 ? 15 : 14;
    return bytes(field, Buffer.concat([...parts, int(4, 'array' in value ? 1 : 0), bytes(5, body)]));
  });
}

/** An EntityProto: its key (the document's path, none for a map) and properties. */
function entity(path: string[] | null, fields: Record<string, ExportValue>): Buffer {
  const parts: Buffer[] = [];
  if (path) {
    const elements = [];
    for (let i = 0; i < path.length; i += 2) {
      const id = segment(path[i + 1]);
      elements.push(group(1, bytes(2, path[i]), 'id' in id ? int(3, id.id!) : bytes(4, id.name!)));
    }
    parts.push(bytes(13, Buffer.concat([bytes(13, 's~demo-export'), bytes(14, Buffer.concat(elements))])));
    parts.push(bytes(16, Buffer.concat([elements[0]])));
  }
  for (const [name, value] of Object.entries(fields)) parts.push(...property(name, value));
  return Buffer.concat(parts);
}

const BLOCK = 32_768;

/** Records in the LevelDB log format: 32 KiB blocks, a record split (FIRST, MIDDLE, LAST) where it crosses one. */
export function logFile(records: Buffer[]): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (const record of records) {
    let rest = record;
    let firstPart = true;
    do {
      const left = BLOCK - (at % BLOCK);
      if (left < 7) {
        out.push(Buffer.alloc(left));
        at += left;
        continue;
      }
      const part = rest.subarray(0, left - 7);
      rest = rest.subarray(part.length);
      const type = firstPart ? (rest.length ? 2 : 1) : rest.length ? 3 : 4;
      const header = Buffer.alloc(7);
      const crc = crc32c(part, crc32c(Buffer.from([type])));
      header.writeUInt32LE(((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0, 0);
      header.writeUInt16LE(part.length, 4);
      header[6] = type;
      out.push(header, part);
      at += 7 + part.length;
      firstPart = false;
    } while (rest.length);
  }
  return Buffer.concat(out);
}

export interface ExportDocumentSpec {
  path: string[];
  fields: Record<string, ExportValue>;
}

/** Writes an export of `files` (each a list of documents) into `folder`, named as a nightly backup names it. */
export function writeExport(folder: string, files: ExportDocumentSpec[][]): void {
  const kinds = join(folder, 'all_namespaces', 'all_kinds');
  mkdirSync(kinds, { recursive: true });
  const names = files.map((_, i) => `output-${i}`);
  files.forEach((documents, i) => {
    writeFileSync(join(kinds, names[i]), logFile(documents.map((d) => entity(d.path, d.fields))));
  });
  const kindFiles = Buffer.concat([bytes(1, ''), ...names.map((name) => bytes(2, name))]);
  writeFileSync(join(kinds, 'all_namespaces_all_kinds.export_metadata'), bytes(2, kindFiles));
  const metadataPath = 'all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata';
  const overall = bytes(1, Buffer.concat([bytes(1, int(1, 2)), bytes(2, metadataPath)]));
  writeFileSync(join(folder, '2026-11-27.overall_export_metadata'), logFile([Buffer.from('3'), overall]));
}
