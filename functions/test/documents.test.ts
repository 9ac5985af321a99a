// Study documents and pictures: uploads checked (owner, size, type from the bytes) and moved into place, versions
// with history, rename, list and search, delete with every file, pictures; each change audited. Against the
// built-in Firestore and Storage emulators.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@trialdesk/shared';
import { bucket, db } from '../src/common/firebase.js';
import { removeStaleUploads } from '../src/common/uploads.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  expectError,
  newDocument,
  newStudy,
  PDF_BYTES,
  persona,
  unique,
  uploadAs,
  useProject,
  type Persona,
} from './helpers.js';

useProject('documents');

let admin: Persona;
let editor: Persona;
beforeAll(async () => {
  [admin, editor] = await Promise.all([persona('admin'), persona('editor')]);
});

const exists = async (path: string) => (await bucket().file(path).exists())[0];
const bytesOf = async (path: string) => (await bucket().file(path).download())[0];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
/** A DOCX is a ZIP holding word/document.xml (the bytes a signature check reads). */
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('word/document.xml')]);

describe('documents-create', () => {
  it("moves the caller's upload into the study's folder and records name, category, size, type, SHA-256, who and when", async () => {
    const study = await newStudy(editor);
    const uploadPath = await uploadAs(editor);
    const doc = await call(
      'documents-create',
      { uploadPath, studyId: study.id, name: 'Protocol v1', category: 'Protocol' },
      editor,
    );
    expect(doc).toMatchObject({
      studyId: study.id,
      name: 'Protocol v1',
      category: 'Protocol',
      versionCount: 1,
      createdBy: editor.uid,
      current: {
        number: 1,
        size: PDF_BYTES.length,
        contentType: 'application/pdf',
        sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
        uploadedBy: editor.uid,
      },
    });
    expect(doc.current.path).toMatch(new RegExp(`^studies/${study.id}/documents/${doc.id}/`));
    expect(await exists(uploadPath)).toBe(false);
    expect((await bytesOf(doc.current.path)).equals(PDF_BYTES)).toBe(true);
    const [meta] = await bucket().file(doc.current.path).getMetadata();
    expect(meta.contentDisposition).toBe("attachment; filename*=UTF-8''Protocol%20v1.pdf");
    expect(await auditOf(doc.id)).toMatchObject([
      {
        action: 'create',
        entity: 'documents',
        actorUid: editor.uid,
        changes: { name: { to: 'Protocol v1' }, file: { to: { number: 1, size: PDF_BYTES.length } } },
      },
    ]);
  });

  it('files General documents under general/', async () => {
    const doc = await newDocument(editor, { studyId: null });
    expect(doc.studyId).toBeNull();
    expect(doc.current.path).toMatch(/^general\/documents\//);
  });

  it('records the type the bytes are, whatever the name and the declared type say', async () => {
    const png = await call(
      'documents-create',
      {
        uploadPath: await uploadAs(editor, PNG, 'application/pdf', 'scan.pdf'),
        studyId: null,
        name: 'Scan',
        category: 'Other',
      },
      editor,
    );
    expect(png.current.contentType).toBe('image/png');
    const docx = await call(
      'documents-create',
      {
        uploadPath: await uploadAs(editor, DOCX, 'application/octet-stream', 'consent.docx'),
        studyId: null,
        name: 'Consent',
        category: 'ConsentForm',
      },
      editor,
    );
    expect(docx.current.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const csv = await call(
      'documents-create',
      {
        uploadPath: await uploadAs(editor, Buffer.from('site,count\nMTL,4\n'), 'text/csv', 'sites.csv'),
        studyId: null,
        name: 'Sites',
        category: 'Other',
      },
      editor,
    );
    expect(csv.current.contentType).toBe('text/csv');
  });

  it('refuses a file of another type, an empty or too large file, a missing upload, or another person’s, changing nothing', async () => {
    // The access log gains the refusal of another person's upload; nothing else changes.
    const before = await contentsOf(['accessLog']);
    const exe = await uploadAs(editor, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'application/pdf', 'x.pdf');
    const request = (uploadPath: string) => ({ uploadPath, studyId: null, name: 'Bad', category: 'Other' });
    await expectError(
      callError('documents-create', request(exe), editor),
      'invalid-argument',
      'errors.fileTypeRefused',
    );
    expect(await exists(exe)).toBe(true);
    const empty = await uploadAs(editor, Buffer.alloc(0));
    await expectError(callError('documents-create', request(empty), editor), 'invalid-argument', 'errors.fileEmpty');
    const big = await uploadAs(editor, Buffer.concat([PDF_BYTES, Buffer.alloc(LIMITS.uploadMaxBytes)]));
    await expectError(callError('documents-create', request(big), editor), 'invalid-argument', 'errors.fileTooLarge');
    await expectError(
      callError('documents-create', request(`uploads/${editor.uid}/none.pdf`), editor),
      'not-found',
      'errors.uploadMissing',
    );
    const admins = await uploadAs(admin);
    await expectError(
      callError('documents-create', request(admins), editor),
      'permission-denied',
      'errors.uploadNotYours',
    );
    expect(await exists(admins)).toBe(true);
    await expectError(
      callError('documents-create', { ...request(await uploadAs(editor)), studyId: 'no-such-study' }, editor),
      'not-found',
      'errors.studyNotFound',
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('versions, rename, list, delete', () => {
  it('a new upload becomes the next version; the history keeps every file, newest first', async () => {
    const doc = await newDocument(editor);
    const second = Buffer.concat([PDF_BYTES, Buffer.from('% amendment 1\n')]);
    const v2 = await call(
      'documents-addVersion',
      { id: doc.id, version: 1, uploadPath: await uploadAs(editor, second) },
      editor,
    );
    expect(v2.versionCount).toBe(2);
    expect(v2.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(v2.current.size).toBe(second.length);
    expect((await bytesOf(v2.versions[1].path)).equals(PDF_BYTES)).toBe(true);
    expect((await bytesOf(v2.versions[0].path)).equals(second)).toBe(true);
    // A second upload made against the version already replaced is refused, and its file is not kept.
    await expectError(
      callError('documents-addVersion', { id: doc.id, version: 1, uploadPath: await uploadAs(editor) }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    expect((await call('documents-get', { id: doc.id }, editor)).versionCount).toBe(2);
    const [files] = await bucket().getFiles({ prefix: `general/documents/${doc.id}/` });
    expect(files).toHaveLength(2);
  });

  it('renames and recategorises with the version check, audited', async () => {
    const doc = await newDocument(editor);
    const renamed = await call(
      'documents-update',
      { id: doc.id, version: 1, name: 'Consent form (FR)', category: 'ConsentForm' },
      editor,
    );
    expect(renamed).toMatchObject({ name: 'Consent form (FR)', category: 'ConsentForm', version: 2 });
    expect((await auditOf(doc.id)).at(-1)).toMatchObject({
      action: 'update',
      changes: { name: { to: 'Consent form (FR)' } },
    });
    await expectError(
      callError('documents-update', { id: doc.id, version: 1, name: 'Late' }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
  });

  it("lists a folder's documents, searched by name, in pages with the total, sorted by size", async () => {
    const study = await newStudy(editor);
    const tag = unique('Brochure');
    for (let i = 0; i < 5; i++) {
      await newDocument(editor, {
        studyId: study.id,
        name: `${tag} part ${i}`,
        uploadPath: await uploadAs(editor, Buffer.concat([PDF_BYTES, Buffer.alloc(i * 10)])),
      });
    }
    await newDocument(editor, { studyId: study.id, name: 'Ethics approval' });
    const all = await call('documents-list', { page: 1, pageSize: 10, studyId: study.id }, editor);
    expect(all.total).toBe(6);
    const found = await call(
      'documents-list',
      { page: 1, pageSize: 10, studyId: study.id, search: tag, sort: 'size:desc' },
      editor,
    );
    expect(found.total).toBe(5);
    expect(found.items.map((d) => d.name)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} part ${i}`));
    expect(found.items[0]).not.toHaveProperty('versions');
    const past = await call('documents-list', { page: 2, pageSize: 10, studyId: study.id, search: tag }, editor);
    expect(past).toMatchObject({ items: [], total: 5, page: 2 });
  });

  it("counts each folder's documents in the order asked, General as null; more folders than a page is refused", async () => {
    const [full, empty] = [await newStudy(editor), await newStudy(editor)];
    for (let i = 0; i < 3; i++) await newDocument(editor, { studyId: full.id });
    const [before] = (await call('documents-counts', { studyIds: [null] }, editor)).counts;
    await newDocument(editor, { studyId: null });
    expect(await call('documents-counts', { studyIds: [empty.id, null, full.id] }, editor)).toEqual({
      counts: [0, before + 1, 3],
    });
    await expectError(
      callError('documents-counts', { studyIds: Array.from({ length: 101 }, () => full.id) }, editor),
      'invalid-argument',
    );
  });

  it('an Admin deletes a document with every version file', async () => {
    const doc = await newDocument(editor);
    const v2 = await call(
      'documents-addVersion',
      { id: doc.id, version: 1, uploadPath: await uploadAs(editor) },
      editor,
    );
    await call('documents-delete', { id: doc.id, version: 2 }, admin);
    for (const v of v2.versions) expect(await exists(v.path)).toBe(false);
    expect((await db().collection('documents').doc(doc.id).get()).exists).toBe(false);
    expect((await auditOf(doc.id)).at(-1)).toMatchObject({ action: 'delete', changes: { versions: { from: 2 } } });
  });
});

describe('users-setPicture', () => {
  it('sets one’s own picture to a URL that serves it, replaces it, and removes it', async () => {
    const me = await persona('editor', unique('-pic'));
    const first = await call(
      'users-setPicture',
      { id: me.uid, version: 1, uploadPath: await uploadAs(me, PNG, 'image/png', 'p.png') },
      me,
    );
    expect(first.picture).toMatch(/^http:\/\/.+pictures%2F.+\.png\?alt=media&token=/);
    const served = await fetch(first.picture);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const firstPath = decodeURIComponent(/\/o\/([^?]+)/.exec(first.picture)![1]);
    const second = await call(
      'users-setPicture',
      { id: me.uid, version: 2, uploadPath: await uploadAs(me, PNG, 'image/png', 'q.png') },
      me,
    );
    expect(second.picture).not.toBe(first.picture);
    expect(await exists(firstPath)).toBe(false);
    const none = await call('users-setPicture', { id: me.uid, version: 3, uploadPath: null }, me);
    expect(none.picture).toBe('');
  });

  it("an Admin sets another person's picture; an Editor may not; a PDF is not a picture", async () => {
    const other = await persona('editor', unique('-other'));
    const set = await call(
      'users-setPicture',
      { id: other.uid, version: 1, uploadPath: await uploadAs(admin, PNG, 'image/png', 'o.png') },
      admin,
    );
    expect(set.picture).toContain('pictures%2F' + other.uid);
    await expectError(
      callError('users-setPicture', { id: other.uid, version: 2, uploadPath: null }, editor),
      'permission-denied',
      'errors.permissionDenied',
    );
    await expectError(
      callError('users-setPicture', { id: other.uid, version: 2, uploadPath: await uploadAs(admin) }, admin),
      'invalid-argument',
      'errors.pictureTypeRefused',
    );
  });
});

describe('the hourly cleanup', () => {
  it('removes the uploads no callable placed within a day, and only those', async () => {
    const stale = await uploadAs(editor);
    const fresh = await uploadAs(admin);
    const placed = await newDocument(editor);
    // An hour short of a day after the uploads: nothing goes; a day and an hour after: the stale ones go.
    const made = Date.now();
    expect(await removeStaleUploads(new Date(made + 23 * 3_600_000))).toBe(0);
    expect(await exists(stale)).toBe(true);
    expect(await removeStaleUploads(new Date(made + 25 * 3_600_000))).toBeGreaterThanOrEqual(2);
    expect(await exists(stale)).toBe(false);
    expect(await exists(fresh)).toBe(false);
    expect(await exists(placed.current.path)).toBe(true);
  });
});
