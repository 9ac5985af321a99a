// Reading Firestore managed exports: two committed real ones (test/fixtures/exports/README.md says where they come
// from), one written by the tests for what those lack, and damaged ones, refused naming the file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionForm, readExport, type ExportedDocument } from '../../src/firestore/export-reader.js';
import { logFile, writeExport } from './export-writer.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/exports/', import.meta.url));
const DATABASE = 'projects/p/databases/(default)';
const temporary = mkdtempSync(join(tmpdir(), 'export-reader-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function countsOf(documents: ExportedDocument[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { path } of documents) counts[collectionForm(path)] = (counts[collectionForm(path)] ?? 0) + 1;
  return counts;
}

const byPath = (documents: ExportedDocument[], path: string) => documents.find((d) => d.path.join('/') === path);

/** A copy of a fixture to damage. */
function copyOf(fixture: string): string {
  const folder = mkdtempSync(join(temporary, `${fixture}-`));
  cpSync(join(FIXTURES, fixture), folder, { recursive: true });
  return folder;
}

describe('a managed export from Google (Datastore mode, 2020)', () => {
  const contents = readExport(join(FIXTURES, 'sdk-dashboard'), DATABASE);

  it('reads every entity of its files, records split across blocks included', () => {
    expect(contents.metadata).toBe('2020-08-05T16-49-42_93625.overall_export_metadata');
    expect(contents.files).toEqual(['all_namespaces/all_kinds/output-0', 'all_namespaces/all_kinds/output-1']);
    expect(countsOf(contents.documents)).toEqual({ Platform: 4, Release: 39, SDK: 85, SDKReleaseMetadata: 401 });
  });

  it('gives numeric ids as Firestore shows them, and strings, integers, maps and nulls', () => {
    expect(byPath(contents.documents, 'Platform/__id5632499082330112__')?.fields).toEqual({
      name: { stringValue: 'Web' },
    });
    const kinds = new Set<string>();
    const walk = (value: object) => {
      for (const [kind, inner] of Object.entries(value)) {
        kinds.add(kind);
        if (kind === 'mapValue') Object.values((inner as { fields: object }).fields).forEach(walk);
        if (kind === 'arrayValue') ((inner as { values?: object[] }).values ?? []).forEach(walk);
      }
    };
    for (const document of contents.documents) Object.values(document.fields).forEach(walk);
    expect([...kinds].sort()).toEqual(['arrayValue', 'integerValue', 'mapValue', 'nullValue', 'stringValue']);
  });
});

describe('an export of the Firestore emulator (written on Windows)', () => {
  it('follows its metadata’s backslashed path and reads arrays', () => {
    const { documents } = readExport(join(FIXTURES, 'engvoca'), DATABASE);
    expect(countsOf(documents)).toEqual({ EngVoca: 3 });
    expect(byPath(documents, 'EngVoca/a')?.fields).toEqual({
      string: { stringValue: 'a' },
      isOdap: { booleanValue: false },
      korean: { arrayValue: { values: [{ stringValue: '에이' }] } },
      isMem: { booleanValue: true },
    });
  });
});

describe('an export written to the documented format', () => {
  const folder = join(temporary, 'written');
  const long = 'x'.repeat(80_000);
  writeExport(folder, [
    [
      {
        path: ['studies', 's1'],
        fields: {
          title: { string: 'Heart failure registry' },
          count: { int: -42n },
          ratio: { double: 0.5 },
          open: { bool: true },
          createdAt: { when: new Date('2026-11-27T07:30:00.123Z') },
          before1970: { when: new Date('1969-12-31T23:59:59.500Z') },
          site: { point: [45.5, -73.6] },
          contact: { ref: ['studyContacts', 'c1'] },
          picture: { bytes: Buffer.from([0, 1, 255]) },
          tags: { array: [{ string: 'a' }, { int: 1 }] },
          none: { array: [] },
          removed: { null: true },
          address: { map: { city: { string: 'Montréal' }, floors: { array: [{ int: 3 }] } } },
          notes: { string: long },
        },
      },
      { path: ['studies', 's1', 'history', 'h1'], fields: { version: { int: 1 } } },
      { path: ['studies', 's2', 'history', '7'], fields: {} },
    ],
    [{ path: ['studyContacts', 'c1'], fields: { name: { string: 'Dr Roy' } } }],
  ]);

  it('reads subcollections, numeric ids and every value type', () => {
    const { documents, files } = readExport(folder, DATABASE);
    expect(files).toHaveLength(2);
    expect(countsOf(documents)).toEqual({ studies: 1, 'studies/*/history': 2, studyContacts: 1 });
    expect(byPath(documents, 'studies/s2/history/__id7__')).toBeDefined();
    expect(byPath(documents, 'studies/s1')?.fields).toEqual({
      title: { stringValue: 'Heart failure registry' },
      count: { integerValue: '-42' },
      ratio: { doubleValue: 0.5 },
      open: { booleanValue: true },
      createdAt: { timestampValue: { seconds: String(Date.parse('2026-11-27T07:30:00Z') / 1000), nanos: 123_000_000 } },
      before1970: { timestampValue: { seconds: '-1', nanos: 500_000_000 } },
      site: { geoPointValue: { latitude: 45.5, longitude: -73.6 } },
      contact: { referenceValue: `${DATABASE}/documents/studyContacts/c1` },
      picture: { bytesValue: Buffer.from([0, 1, 255]) },
      tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
      none: { arrayValue: {} },
      removed: { nullValue: 'NULL_VALUE' },
      address: {
        mapValue: {
          fields: {
            city: { stringValue: 'Montréal' },
            floors: { arrayValue: { values: [{ integerValue: '3' }] } },
          },
        },
      },
      notes: { stringValue: long },
    });
  });
});

describe('a damaged export', () => {
  it('refuses a record whose checksum fails, naming the file and the byte', () => {
    const folder = copyOf('sdk-dashboard');
    const file = join(folder, 'all_namespaces/all_kinds/output-0');
    const bytes = readFileSync(file);
    bytes[100_000] ^= 0x01;
    writeFileSync(file, bytes);
    expect(() => readExport(folder, DATABASE)).toThrow(
      /^all_namespaces\/all_kinds\/output-0: a record that fails its checksum at byte \d+: the file is damaged/,
    );
  });

  it('refuses a file cut short', () => {
    const folder = copyOf('sdk-dashboard');
    const file = join(folder, 'all_namespaces/all_kinds/output-0');
    writeFileSync(file, readFileSync(file).subarray(0, 50_000));
    expect(() => readExport(folder, DATABASE)).toThrow(/^all_namespaces\/all_kinds\/output-0: a record (longer|cut)/);
  });

  it('refuses a missing output file, naming the metadata that lists it', () => {
    const folder = copyOf('engvoca');
    rmSync(join(folder, 'all_namespaces/all_kinds/output-0'));
    expect(() => readExport(folder, DATABASE)).toThrow(
      'all_namespaces/all_kinds/output-0: missing (named by all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata)',
    );
  });

  it('refuses a folder that holds no export', () => {
    const folder = copyOf('engvoca');
    rmSync(join(folder, 'firestore_export.overall_export_metadata'));
    expect(() => readExport(folder, DATABASE)).toThrow(/no \*\.overall_export_metadata file: give the folder/);
  });

  it('refuses records that are not entities', () => {
    const folder = copyOf('engvoca');
    // A well-formed log file whose record is not an EntityProto: a checksum cannot catch that.
    writeFileSync(join(folder, 'all_namespaces/all_kinds/output-0'), logFile([Buffer.from([0xff, 0xff, 0xff])]));
    expect(() => readExport(folder, DATABASE)).toThrow(
      /^all_namespaces\/all_kinds\/output-0: .*: not a document of a Firestore export/,
    );
  });
});
