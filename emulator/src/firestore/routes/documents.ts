// Routes reading documents by name or listing them: GetDocument, BatchGetDocuments, ListDocuments,
// ListCollectionIds, and the single-document writes firebase-admin does not use (it commits instead).
import type { DocumentProto, StoredDoc } from '../document.js';
import { invalid, notFound, unimplemented } from '../errors.js';
import { authorizeList, authorizeRead, requireAdmin, type Caller } from '../firestore-rules.js';
import { applyMask, joinPath, parseDatabase, parseDocumentName, parseFieldPath, parseName } from '../paths.js';
import type { EmulatorState } from '../state.js';
import { tsFromMicros, compareSegments } from '../values.js';
import { readDoc, readTimeOf, readTransaction, type ReadConsistency } from './consistency.js';

type Mask = { fieldPaths?: string[] };

export async function getDocument(
  state: EmulatorState,
  req: { name?: string; mask?: Mask } & ReadConsistency,
  caller: Caller,
) {
  const { db: dbName, path } = parseDocumentName(req.name);
  const db = state.store.db(dbName);
  const at = readTimeOf(state, db, req);
  const { tx } = readTransaction(state, db, req);
  const doc = readDoc(db, path, at);
  if (!caller.admin) await authorizeRead(state, caller, db, path, doc);
  if (tx) state.txs.recordRead(tx, path, doc?.updateTime ?? 0);
  if (!doc) throw notFound(`Document "${req.name}" not found.`);
  return maskDoc(doc, req.mask);
}

export async function batchGetDocuments(
  state: EmulatorState,
  req: { database?: string; documents?: string[]; mask?: Mask } & ReadConsistency,
  caller: Caller,
) {
  const db = state.store.db(parseDatabase(req.database));
  const paths = (req.documents ?? []).map((n) => parseDocumentName(n, db.name).path);
  // Every document is checked before any is answered: one refusal refuses the request.
  const at = readTimeOf(state, db, req);
  if (!caller.admin) {
    for (const path of paths) await authorizeRead(state, caller, db, path, readDoc(db, path, at));
  }
  const { tx, newId } = readTransaction(state, db, req);
  const readTime = tsFromMicros(at ?? state.store.nextTime());
  const out: object[] = paths.map((path, i) => {
    const doc = readDoc(db, path, at);
    if (tx) state.txs.recordRead(tx, path, doc?.updateTime ?? 0);
    return doc ? { found: maskDoc(doc, req.mask), readTime } : { missing: req.documents![i], readTime };
  });
  if (newId) {
    if (out.length === 0) return [{ transaction: newId, readTime }];
    Object.assign(out[0], { transaction: newId });
  }
  return out;
}

export async function listDocuments(
  state: EmulatorState,
  req: {
    parent?: string;
    collectionId?: string;
    pageSize?: number;
    pageToken?: string;
    mask?: Mask;
    showMissing?: boolean;
  } & ReadConsistency,
  caller: Caller,
) {
  const p = parseName(req.parent, 'parent');
  if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
  if (!req.collectionId) throw invalid('ListDocuments requires a collection id.');
  const db = state.store.db(p.db);
  const colPath = joinPath(p.path, req.collectionId);
  if (!caller.admin) await authorizeList(state, caller, db, colPath);
  const at = readTimeOf(state, db, req);
  const list =
    at === undefined ? db.collections.get(colPath)?.list : db.collectionsAt(p.path, req.collectionId, false, at)[0];
  const entries: { id: string; doc?: StoredDoc }[] = (list ?? []).map((doc) => ({ id: doc.id, doc }));
  if (req.showMissing) {
    for (const id of db.missingParents(colPath)) entries.push({ id });
    entries.sort((a, b) => compareIds(a.id, b.id));
  }
  const after = req.pageToken ? Buffer.from(req.pageToken, 'base64url').toString('utf8') : undefined;
  let start = 0;
  if (after !== undefined) while (start < entries.length && compareIds(entries[start].id, after) <= 0) start++;
  const size = req.pageSize && req.pageSize > 0 ? req.pageSize : entries.length;
  const page = entries.slice(start, start + size);
  const more = start + size < entries.length;
  return {
    documents: page.map((e) =>
      e.doc ? maskDoc(e.doc, req.mask) : { name: `${p.db}/documents/${joinPath(colPath, e.id)}` },
    ),
    nextPageToken: more ? Buffer.from(page[page.length - 1].id).toString('base64url') : '',
  };
}

// Client SDKs cannot list collection ids; Firestore serves it to server credentials only.
export function listCollectionIds(
  state: EmulatorState,
  req: { parent?: string; pageSize?: number; pageToken?: string },
  caller: Caller,
) {
  requireAdmin(caller);
  const p = parseName(req.parent, 'parent');
  if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
  const ids = state.store.db(p.db).collectionIds(p.path);
  const start = req.pageToken ? ids.findIndex((id) => compareIds(id, req.pageToken!) > 0) : 0;
  const from = start < 0 ? ids.length : start;
  const size = req.pageSize && req.pageSize > 0 ? req.pageSize : ids.length;
  const page = ids.slice(from, from + size);
  return { collectionIds: page, nextPageToken: from + size < ids.length ? page[page.length - 1] : '' };
}

export function createDocument(): never {
  throw unimplemented('CreateDocument is not used by firebase-admin and not supported by this emulator.');
}
export function updateDocument(): never {
  throw unimplemented('UpdateDocument is not used by firebase-admin and not supported by this emulator; use Commit.');
}
export function deleteDocument(): never {
  throw unimplemented('DeleteDocument is not used by firebase-admin and not supported by this emulator; use Commit.');
}

/** Document ids in Firestore order (numeric ids first), the order of the collection's list. */
const compareIds = compareSegments;

function maskDoc(doc: StoredDoc, mask: Mask | undefined): DocumentProto {
  if (!mask) return doc.proto;
  return { ...doc.proto, fields: applyMask(doc.fields, (mask.fieldPaths ?? []).map(parseFieldPath)) };
}
