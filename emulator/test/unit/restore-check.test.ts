// `npm run restore-check -- <folder>`, run as a person runs it: a real export and one with subcollections loaded into
// the built-in emulator and counted back; a damaged one refused with the file named and nothing printed as counted.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeExport } from './export-writer.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/exports/', import.meta.url));
const temporary = mkdtempSync(join(tmpdir(), 'restore-check-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function restoreCheck(folder: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'restore-check', '--', folder], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run restore-check', () => {
  it('loads a real export and prints each collection’s count', async () => {
    const { code, stdout, stderr } = await restoreCheck(join(FIXTURES, 'sdk-dashboard'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '2020-08-05T16-49-42_93625.overall_export_metadata: 2 files, 529 documents, loaded',
      'collection          documents',
      'Platform                    4',
      'Release                    39',
      'SDK                        85',
      'SDKReleaseMetadata        401',
      '',
    ]);
  });

  it('counts subcollections by their path form', async () => {
    const folder = join(temporary, 'written');
    writeExport(folder, [
      [
        { path: ['studies', 's1'], fields: { title: { string: 'A' }, at: { when: new Date() } } },
        { path: ['studies', 's1', 'history', 'h1'], fields: { version: { int: 1 } } },
        { path: ['studies', 's2', 'history', '7'], fields: { contact: { ref: ['studyContacts', 'c1'] } } },
        { path: ['studyContacts', 'c1', 'history', 'h1'], fields: { picture: { bytes: Buffer.from([1, 2]) } } },
      ],
    ]);
    const { code, stdout } = await restoreCheck(folder);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(1)).toEqual([
      'collection               documents',
      'studies                          1',
      'studies/*/history                2',
      'studyContacts/*/history          1',
      '',
    ]);
  });

  it('fails when the emulator holds other counts than the export (a document exported twice)', async () => {
    const folder = join(temporary, 'twice');
    const study = { path: ['studies', 's1'], fields: { title: { string: 'A' } } };
    writeExport(folder, [[study], [study]]);
    const { code, stdout, stderr } = await restoreCheck(folder);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('restore-check: studies: 2 documents in the export, 1 in the emulator\n');
  });

  it('stops on a damaged file with a message naming it', async () => {
    const folder = mkdtempSync(join(temporary, 'damaged-'));
    cpSync(join(FIXTURES, 'sdk-dashboard'), folder, { recursive: true });
    const file = join(folder, 'all_namespaces/all_kinds/output-0');
    const bytes = readFileSync(file);
    bytes[200_000] ^= 0x40;
    writeFileSync(file, bytes);
    const { code, stdout, stderr } = await restoreCheck(folder);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^restore-check: all_namespaces\/all_kinds\/output-0: a record that fails its checksum at byte \d+: the file is damaged or not part of a Firestore export\n$/,
    );
  });
});
