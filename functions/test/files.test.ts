// files-download: a study document or the caller's own export reaches the browser only through the caller's standing
// at that moment, and the stored files carry no download token, so no link outlives it (docs/security.md, "Files").
// The endpoint is served over HTTP here by a plain Node server, against the built-in Firestore and Storage emulators.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { STORAGE_PATHS, type StudyDocument } from '@trialdesk/shared';
import { bucket } from '../src/common/firebase.js';
import { serveFile } from '../src/files/endpoint.js';
import { downloadOf } from '../src/files/service.js';
import {
  call,
  expectError,
  type CallError,
  idTokenOf,
  newDocument,
  PDF_BYTES,
  persona,
  unique,
  useProject,
  type Persona,
} from './helpers.js';

useProject('files');

let admin: Persona;
let editor: Persona;
let server: Server;
let base: string;
beforeAll(async () => {
  [admin, editor] = await Promise.all([persona('admin'), persona('editor')]);
  server = createServer((req, res) => void serveFile(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

const download = (path: string | null, as: Persona | null) =>
  fetch(`${base}/${path === null ? '' : `?path=${encodeURIComponent(path)}`}`, {
    headers: as ? { authorization: `Bearer ${idTokenOf(as)}` } : {},
  });

/** The error a download failed with: its status and the key the web translates. */
async function refusal(response: Response) {
  const body = (await response.json()) as { error: { status: string; details?: { key?: string } | unknown[] } };
  const details = body.error.details;
  return {
    http: response.status,
    status: body.error.status,
    key: Array.isArray(details) ? 'issues' : (details as { key?: string } | undefined)?.key,
  };
}

const tokenOf = async (path: string) =>
  ((await bucket().file(path).getMetadata())[0].metadata?.firebaseStorageDownloadTokens as string | undefined) ?? null;

/** What a download-token link of Cloud Storage for Firebase answers: the file to anyone, if the token is its own. */
const tokenLink = (path: string, token: string) =>
  fetch(`http://${inject('storageHost')}/v0/b/${bucket().name}/o/${encodeURIComponent(path)}?alt=media&token=${token}`);

describe('study documents', () => {
  it('reach approved staff with their bytes, type and file name; nobody else, and every refusal is logged', async () => {
    const doc = (await newDocument(editor, { name: 'Protocol v2' })) as StudyDocument;
    for (const as of [editor, admin]) {
      const response = await download(doc.current.path, as);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Protocol%20v2.pdf");
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    const since = new Date().toISOString();
    expect(await refusal(await download(doc.current.path, null))).toEqual({
      http: 401,
      status: 'UNAUTHENTICATED',
      key: 'errors.unauthenticated',
    });
    for (const kind of ['pending', 'user', 'noClaims'] as const) {
      const someone = await persona(kind, unique('-files-'));
      expect(await refusal(await download(doc.current.path, someone))).toEqual({
        http: 403,
        status: 'PERMISSION_DENIED',
        key: 'errors.permissionDenied',
      });
    }
    const log = await call('accessLog-list', { page: 1, pageSize: 10, action: 'refused', from: since }, admin);
    expect(log.items.map((entry) => [entry.callable, entry.outcome])).toEqual([
      ['files-download', 'permission-denied'],
      ['files-download', 'permission-denied'],
      ['files-download', 'permission-denied'],
      ['files-download', 'unauthenticated'],
    ]);
  });

  it('carry no download token: the one Storage gave the upload is removed when it is placed', async () => {
    // An upload through the Firebase API gets a token, as the web SDK's do.
    const path = `${STORAGE_PATHS.uploadFolder(editor.uid)}${unique('t')}.pdf`;
    await bucket()
      .file(path)
      .save(PDF_BYTES, {
        contentType: 'application/pdf',
        resumable: false,
        metadata: { metadata: { firebaseStorageDownloadTokens: 'the-upload-token' } },
      });
    const doc = (await call(
      'documents-create',
      { uploadPath: path, studyId: null, name: unique('Doc '), category: 'Protocol' },
      editor,
    )) as StudyDocument;
    expect(await tokenOf(doc.current.path)).toBeNull();
    expect((await tokenLink(doc.current.path, 'the-upload-token')).status).toBe(403);
    // A new version too.
    const next = `${STORAGE_PATHS.uploadFolder(editor.uid)}${unique('t')}.pdf`;
    await bucket()
      .file(next)
      .save(PDF_BYTES, { resumable: false, metadata: { metadata: { firebaseStorageDownloadTokens: 'token-2' } } });
    const versioned = (await call(
      'documents-addVersion',
      { id: doc.id, version: doc.version, uploadPath: next },
      editor,
    )) as StudyDocument;
    expect(await tokenOf(versioned.current.path)).toBeNull();
  });

  it('stop reaching a person once revoked, or deleted, whatever their token still says', async () => {
    const doc = (await newDocument(editor)) as StudyDocument;
    const leaving = await persona('editor', unique('-leaving-'));
    expect((await download(doc.current.path, leaving)).status).toBe(200);
    const revoked = await call('users-revoke', { id: leaving.uid, version: 1 }, admin);
    expect(await refusal(await download(doc.current.path, leaving))).toMatchObject({
      http: 403,
      key: 'errors.accessRevoked',
    });
    await call('users-delete', { id: leaving.uid, version: revoked.version }, admin);
    expect(await refusal(await download(doc.current.path, leaving))).toMatchObject({
      http: 403,
      key: 'errors.accessRevoked',
    });
  });
});

describe('exports', () => {
  it('reach their owner only, until their link minutes are over', async () => {
    const result = await call('studies-export', { language: 'en' }, editor);
    expect(await tokenOf(result.path)).toBeNull();
    const response = await download(result.path, editor);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await response.text()).split('\r\n')[0]).toContain('Title');
    expect(await refusal(await download(result.path, admin))).toMatchObject({
      http: 403,
      key: 'errors.permissionDenied',
    });
    // The link's end, without waiting 15 minutes: the rule the endpoint applies, at a later time.
    const written = Date.parse(String((await bucket().file(result.path).getMetadata())[0].timeCreated));
    const caller = { uid: editor.uid, email: editor.email, role: 'Editor' as const, approved: true, authTime: null };
    await expect(downloadOf(result.path, caller, written + 14 * 60_000)).resolves.toMatchObject({
      size: expect.any(Number),
    });
    const expired = downloadOf(result.path, caller, written + 15 * 60_000).then(
      () => Promise.reject(new Error('an expired export was served')),
      (error: CallError) => error,
    );
    await expectError(expired, 'failed-precondition', 'errors.exportExpired');
  });
});

describe('bad requests', () => {
  it('are refused with a translated error, and a missing file is not found', async () => {
    const bad = [
      null,
      'users/x',
      'uploads/editor/x.pdf',
      'studies/../users/x',
      'general/documents/a/b/c',
      'pictures/a/b',
    ];
    for (const path of bad) {
      expect(await refusal(await download(path, editor)), String(path)).toEqual({
        http: 400,
        status: 'INVALID_ARGUMENT',
        key: 'issues',
      });
    }
    expect(await refusal(await download('general/documents/none/none', editor))).toEqual({
      http: 404,
      status: 'NOT_FOUND',
      key: 'errors.notFound',
    });
    const post = await fetch(`${base}/?path=general%2Fdocuments%2Fa%2Fb`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idTokenOf(editor)}` },
    });
    expect(await refusal(post)).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT' });
  });
});
