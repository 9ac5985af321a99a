// Study documents: an upload checked and moved into its study's folder (or General's), new versions with history,
// rename and recategorise, list and search, delete with every version; each change audited.
import { randomUUID } from 'node:crypto';
import type { DocumentData, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import {
  studiesKind,
  documentsKind,
  DOCUMENT_MIME_TYPES,
  documentFileName,
  LIMITS,
  searchKey,
  searchTokens,
  STORAGE_PATHS,
  type DeleteResponse,
  type DocumentCounts,
  type DocumentCountsQuery,
  type DocumentCreate,
  type DocumentListQuery,
  type DocumentSort,
  type DocumentUpdate,
  type DocumentVersion,
  type ListResponse,
  type StudyDocument,
  type StudyDocumentDetail,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { createStamp, expectVersion, metaOf, readBack, updateStamp } from '../common/records.js';
import { checkUpload, placeUpload, removeObject, type CheckedUpload } from '../common/uploads.js';

export const DOCUMENTS = documentsKind.collection;

/** Refuses, inside `tx`, to go on while the study's folder holds documents (a study is deleted only once empty). */
export async function assertNoDocuments(tx: Transaction, studyId: string): Promise<void> {
  const held = await tx.get(db().collection(DOCUMENTS).where('folder', '==', studyId).select());
  if (!held.empty) throw fail('failed-precondition', 'studyHasDocuments', { count: held.size });
}
/** The folder of General documents in the `folder` field (a study's folder is its id). */
const GENERAL = 'general';
/** Fields audited on rename and recategorise. */
const FIELDS = ['studyId', 'name', 'category'] as const;

export const documentShape: QueryShape<DocumentSort> = {
  collection: DOCUMENTS,
  filters: [
    { field: 'folder', op: '==' },
    { field: 'searchTokens', op: 'array-contains' },
    { field: 'category', op: '==' },
  ],
  sorts: {
    'updatedAt:desc': { field: 'updatedAt', direction: 'desc' },
    'updatedAt:asc': { field: 'updatedAt', direction: 'asc' },
    'name:asc': { field: 'nameSort', direction: 'asc' },
    'name:desc': { field: 'nameSort', direction: 'desc' },
    'size:desc': { field: 'size', direction: 'desc' },
    'size:asc': { field: 'size', direction: 'asc' },
  },
};

function toDocument(snap: DocumentSnapshot): StudyDocument {
  const data = snap.data() ?? {};
  const versions = data.versions as DocumentVersion[];
  return {
    ...metaOf(snap),
    studyId: data.studyId,
    name: data.name,
    category: data.category,
    current: versions[0],
    versionCount: versions.length,
  };
}

const toDetail = (snap: DocumentSnapshot): StudyDocumentDetail => ({
  ...toDocument(snap),
  versions: snap.get('versions') as DocumentVersion[],
});

/** Fields derived for filtering, search and sorting, stored beside the record. */
const internalFields = (name: string, studyId: string | null, size: number) => ({
  folder: studyId ?? GENERAL,
  searchTokens: searchTokens(name),
  nameSort: name.toLowerCase(),
  size,
});

/**
 * Moves a checked upload to its place in the folder, named for download; the caller's transaction records it (and
 * removes the object again if the record cannot be written).
 */
async function place(upload: CheckedUpload, studyId: string | null, documentId: string, name: string, caller: Caller) {
  const path = STORAGE_PATHS.documentVersion(studyId, documentId, randomUUID());
  const encoded = encodeURIComponent(documentFileName(name, upload.contentType));
  await placeUpload(upload, path, {
    contentDisposition: `attachment; filename*=UTF-8''${encoded}`,
    metadata: { documentId },
  });
  const version: Omit<DocumentVersion, 'number'> = {
    size: upload.size,
    contentType: upload.contentType,
    sha256: upload.sha256,
    path,
    uploadedAt: new Date().toISOString(),
    uploadedBy: caller.uid,
  };
  return version;
}

async function undoPlace(path: string, error: unknown): Promise<never> {
  await removeObject(path, 'documents: a failed write');
  throw error;
}

const checkDocumentUpload = (path: string, caller: Caller) =>
  checkUpload(path, caller, DOCUMENT_MIME_TYPES, LIMITS.uploadMaxBytes, 'fileTypeRefused');

export async function listDocuments(q: DocumentListQuery): Promise<ListResponse<StudyDocument>> {
  const folder = q.studyId === undefined ? undefined : (q.studyId ?? GENERAL);
  const query = shapedQuery(
    documentShape,
    { folder, searchTokens: searchKey(q.search) ?? undefined, category: q.category },
    q.sort ?? 'updatedAt:desc',
  );
  return runList(documentShape.collection, query, q, (docs) => docs.map(toDocument));
}

/** How many documents each folder asked for holds (General for `null`): one count aggregation per folder. */
export async function countDocuments({ studyIds }: DocumentCountsQuery): Promise<DocumentCounts> {
  const counts = await Promise.all(
    studyIds.map(async (studyId) => {
      const counted = await db()
        .collection(DOCUMENTS)
        .where('folder', '==', studyId ?? GENERAL)
        .count()
        .get();
      return counted.data().count;
    }),
  );
  return { counts };
}

export async function getDocument(id: string): Promise<StudyDocumentDetail> {
  return toDetail(await readBack(db().collection(DOCUMENTS).doc(id)));
}

export async function createDocument(input: DocumentCreate, caller: Caller): Promise<StudyDocumentDetail> {
  const upload = await checkDocumentUpload(input.uploadPath, caller);
  const ref = db().collection(DOCUMENTS).doc();
  if (input.studyId !== null && !(await db().collection(studiesKind.collection).doc(input.studyId).get()).exists) {
    throw fail('not-found', 'studyNotFound');
  }
  const placed = await place(upload, input.studyId, ref.id, input.name, caller);
  const version: DocumentVersion = { number: 1, ...placed };
  await transaction(async (tx) => {
    // Read again inside the transaction: a study deleted meanwhile must not get a document.
    if (input.studyId !== null && !(await tx.get(db().collection(studiesKind.collection).doc(input.studyId))).exists) {
      throw fail('not-found', 'studyNotFound');
    }
    const fields = { studyId: input.studyId, name: input.name, category: input.category };
    tx.create(ref, {
      ...fields,
      versions: [version],
      ...internalFields(input.name, input.studyId, version.size),
      ...createStamp(caller),
    });
    writeAudit(tx, caller, {
      action: 'create',
      entity: 'documents',
      entityId: ref.id,
      changes: { ...diff(null, fields, FIELDS), file: { from: null, to: auditedVersion(version) } },
    });
  }).catch((error: unknown) => undoPlace(version.path, error));
  return toDetail(await readBack(ref));
}

/** What the audit keeps of a version: enough to tell files apart, not the storage path. */
const auditedVersion = (v: DocumentVersion) => ({
  number: v.number,
  size: v.size,
  contentType: v.contentType,
  sha256: v.sha256,
});

export async function addDocumentVersion(
  input: { id: string; version: number; uploadPath: string },
  caller: Caller,
): Promise<StudyDocumentDetail> {
  const ref = db().collection(DOCUMENTS).doc(input.id);
  const before = expectVersion(await ref.get(), input.version);
  if ((before.versions as DocumentVersion[]).length >= LIMITS.documentVersionsMax) {
    throw fail('failed-precondition', 'documentVersionsFull', { max: LIMITS.documentVersionsMax });
  }
  const upload = await checkDocumentUpload(input.uploadPath, caller);
  const placed = await place(upload, before.studyId, input.id, before.name, caller);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), input.version);
    const versions = current.versions as DocumentVersion[];
    if (versions.length >= LIMITS.documentVersionsMax) {
      throw fail('failed-precondition', 'documentVersionsFull', { max: LIMITS.documentVersionsMax });
    }
    const next: DocumentVersion = { number: versions[0].number + 1, ...placed };
    tx.update(ref, {
      versions: [next, ...versions],
      size: next.size,
      ...updateStamp(caller, input.version),
    });
    writeAudit(tx, caller, {
      action: 'update',
      entity: 'documents',
      entityId: input.id,
      changes: { file: { from: auditedVersion(versions[0]), to: auditedVersion(next) } },
    });
  }).catch((error: unknown) => undoPlace(placed.path, error));
  return toDetail(await readBack(ref));
}

export async function updateDocument(input: DocumentUpdate, caller: Caller): Promise<StudyDocumentDetail> {
  const { id, version, ...changes } = input;
  const ref = db().collection(DOCUMENTS).doc(id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), version);
    const next = { studyId: current.studyId, name: current.name, category: current.category, ...changes };
    const changed = diff(current, next, FIELDS);
    if (Object.keys(changed).length === 0) return;
    const size = (current.versions as DocumentVersion[])[0].size;
    tx.update(ref, { ...next, ...internalFields(next.name, next.studyId, size), ...updateStamp(caller, version) });
    writeAudit(tx, caller, { action: 'update', entity: 'documents', entityId: id, changes: changed });
  });
  return toDetail(await readBack(ref));
}

export async function deleteDocument(input: { id: string; version: number }, caller: Caller): Promise<DeleteResponse> {
  const ref = db().collection(DOCUMENTS).doc(input.id);
  const removed = await transaction(async (tx) => {
    const current: DocumentData = expectVersion(await tx.get(ref), input.version);
    tx.delete(ref);
    const versions = current.versions as DocumentVersion[];
    writeAudit(tx, caller, {
      action: 'delete',
      entity: 'documents',
      entityId: input.id,
      changes: { ...diff(current, null, FIELDS), versions: { from: versions.length, to: null } },
    });
    return versions;
  });
  // The record is gone, so nobody reaches the files any more; each is removed (a failure is logged, not shown).
  await Promise.all(removed.map((v) => removeObject(v.path, 'documents-delete')));
  return { id: input.id };
}
