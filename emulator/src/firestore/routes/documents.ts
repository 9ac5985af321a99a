// Routes reading documents by name or listing them: GetDocument, BatchGetDocuments, ListDocuments,
// ListCollectionIds, and the single-document writes (CreateDocument, UpdateDocument, DeleteDocument: each a Commit of
// one write, which the REST API's create, patch and delete call).
import { randomBytes } from 'node:crypto';
import type { Fields, Timestamp } from '../../common/firestore-value.js';
import { fieldValue, makeDoc, NAME_FIELD, type DocumentProto, type StoredDoc } from '../document.js';
import { invalid, notFound } from '../errors.js';
import { authorizeList, authorizeRead, requireAdmin, type Caller } from '../firestore-rules.js';
import { applyMask, joinPath, parseDatabase, parseDocumentName, parseFieldPath, parseName } from '../paths.js';
import type { EmulatorState } from '../state.js';
import { compareReferences, compareSegments, compareValues, tsFromMicros } from '../values.js';
import type { Write } from '../writes.js';
import { commit } from './commits.js';
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
    orderBy?: string;
  } & ReadConsistency,
  caller: Caller,
) {
  const p = parseName(req.parent, 'parent');
  if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
  const db = state.store.db(p.db);
  const at = readTimeOf(state, db, req);
  // Without a collection id, the documents of every collection directly under the parent (as Firestore lists them).
  const collectionIds = req.collectionId ? [req.collectionId] : db.collectionIds(p.path);
  // Each entry is keyed by its path below the parent (`collection/id`): document names order by their segments.
  const entries: { key: string; doc?: StoredDoc }[] = [];
  for (const collectionId of collectionIds) {
    const colPath = joinPath(p.path, collectionId);
    if (!caller.admin) await authorizeList(state, caller, db, colPath);
    const list =
      at === undefined ? db.collections.get(colPath)?.list : db.collectionsAt(p.path, collectionId, false, at)[0];
    for (const doc of list ?? []) entries.push({ key: joinPath(collectionId, doc.id), doc });
    if (req.showMissing) for (const id of db.missingParents(colPath)) entries.push({ key: joinPath(collectionId, id) });
  }
  if (req.showMissing) entries.sort((a, b) => compareReferences(a.key, b.key));
  // Ordered by fields, the page token is a position; in name order, the last document answered (robust to inserts).
  const order = parseListOrder(req.orderBy);
  const listed = order.length > 0 ? orderEntries(entries, order) : entries;
  const token = req.pageToken ? Buffer.from(req.pageToken, 'base64url').toString('utf8') : undefined;
  let start = 0;
  if (token !== undefined && order.length > 0) {
    if (!/^#\d+$/.test(token)) throw invalid(`Invalid page token "${req.pageToken}".`);
    start = Number(token.slice(1));
  } else if (token !== undefined) {
    while (start < listed.length && compareReferences(listed[start].key, token) <= 0) start++;
  }
  const size = req.pageSize && req.pageSize > 0 ? req.pageSize : listed.length;
  const page = listed.slice(start, start + size);
  const more = start + size < listed.length;
  const next = order.length > 0 ? `#${start + size}` : page[page.length - 1]?.key;
  return {
    documents: page.map((e) =>
      e.doc ? maskDoc(e.doc, req.mask) : { name: `${p.db}/documents/${joinPath(p.path, e.key)}` },
    ),
    nextPageToken: more ? Buffer.from(next).toString('base64url') : '',
  };
}

type ListOrder = { segs: string[] | null; desc: boolean }[];

/** ListDocuments' `orderBy`: `field [asc|desc]` separated by commas, as a query's ORDER BY in text. */
function parseListOrder(text: string | undefined): ListOrder {
  if (!text?.trim()) return [];
  return text.split(',').map((part) => {
    const m = /^\s*(\S+)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw invalid(`Invalid orderBy "${text}": expected "field [asc|desc], ...".`);
    const segs = m[1] === NAME_FIELD ? null : parseFieldPath(m[1]);
    return { segs, desc: m[2]?.toLowerCase() === 'desc' };
  });
}

/** As a query orders: documents lacking an ordered field are left out, ties broken by id in the last direction. */
function orderEntries(entries: { key: string; doc?: StoredDoc }[], order: ListOrder) {
  const docs = entries.filter((e) => e.doc && order.every((o) => fieldValue(e.doc!, o.segs) !== undefined));
  const lastDesc = order[order.length - 1].desc;
  return docs.sort((a, b) => {
    for (const o of order) {
      const c = compareValues(fieldValue(a.doc!, o.segs)!, fieldValue(b.doc!, o.segs)!);
      if (c !== 0) return o.desc ? -c : c;
    }
    return lastDesc ? -compareReferences(a.key, b.key) : compareReferences(a.key, b.key);
  });
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

type Precondition = { exists?: boolean; updateTime?: Timestamp };

/** A new document under `parent`: its `documentId`, or a random one; ALREADY_EXISTS if there is one. */
export async function createDocument(
  state: EmulatorState,
  req: {
    parent?: string;
    collectionId?: string;
    documentId?: string;
    document?: { name?: string; fields?: Fields };
    mask?: Mask;
  },
  caller: Caller,
) {
  const p = parseName(req.parent, 'parent');
  if (p.path !== '' && p.path.split('/').length % 2 !== 0) throw invalid(`Invalid parent "${req.parent}".`);
  if (!req.collectionId) throw invalid('CreateDocument requires a collection id.');
  if (req.document?.name) throw invalid('The document to create must not have a name: the parent and ids give it.');
  const name = `${p.db}/documents/${joinPath(joinPath(p.path, req.collectionId), req.documentId || autoId())}`;
  const write = { update: { name, fields: req.document?.fields ?? {} }, currentDocument: { exists: false } };
  return writeOne(state, write, caller, req.mask);
}

/** Sets the document, or with `updateMask` only the fields it lists (deleting those the document lacks). */
export async function updateDocument(
  state: EmulatorState,
  req: {
    document?: { name?: string; fields?: Fields };
    updateMask?: Mask;
    mask?: Mask;
    currentDocument?: Precondition;
  },
  caller: Caller,
) {
  if (!req.document) throw invalid('UpdateDocument requires a document.');
  const write = { update: req.document, updateMask: req.updateMask, currentDocument: req.currentDocument };
  return writeOne(state, write, caller, req.mask);
}

export async function deleteDocument(
  state: EmulatorState,
  req: { name?: string; currentDocument?: Precondition },
  caller: Caller,
) {
  const { db } = parseDocumentName(req.name);
  await commit(state, { database: db, writes: [{ delete: req.name, currentDocument: req.currentDocument }] }, caller);
  return {};
}

/** Commits one write, as Commit does (rules, events, the data folder), and answers the document it wrote. */
async function writeOne(state: EmulatorState, write: Write, caller: Caller, mask: Mask | undefined) {
  const name = write.update!.name;
  const { db, path } = parseDocumentName(name);
  const { commitTime } = await commit(state, { database: db, writes: [write] }, caller);
  // Read back: the stored form (timestamps truncated to microseconds), unless a later commit already removed it.
  const doc = state.store.db(db).get(path) ?? makeDoc(name!, path, write.update!.fields ?? {}, 0, 0);
  const proto = maskDoc(doc, mask);
  return doc.updateTime === 0 ? { ...proto, createTime: commitTime, updateTime: commitTime } : proto;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random 20-character id, as the SDKs make them. */
function autoId(): string {
  return Array.from(randomBytes(20), (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

/** Document ids in Firestore order (numeric ids first), the order of the collection's list. */
const compareIds = compareSegments;

function maskDoc(doc: StoredDoc, mask: Mask | undefined): DocumentProto {
  if (!mask) return doc.proto;
  return { ...doc.proto, fields: applyMask(doc.fields, (mask.fieldPaths ?? []).map(parseFieldPath)) };
}
