// Study contacts: list, read, create, update and delete, each change audited in its own transaction.
import type { DocumentData, DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import {
  studyContactsKind,
  searchKey,
  searchTokens,
  studyContactSchema,
  type DeleteResponse,
  type ListResponse,
  type StudyContact,
  type StudyContactCreate,
  type StudyContactListQuery,
  type StudyContactSort,
  type StudyContactUpdate,
  type StudyContactValues,
  type StudyContactExport,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import { fail } from '../common/errors.js';
import type { Caller } from '../common/auth.js';
import { db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { createStamp, expectVersion, metaOf, pick, readBack, updateStamp } from '../common/records.js';
import { writeExport } from '../common/exports.js';

export const CONTACTS = studyContactsKind.collection;
/** Public fields returned and audited: the schema's; search and sort fields stay on the server. */
const FIELDS = studyContactSchema.keyof().options;

export const contactShape: QueryShape<StudyContactSort> = {
  collection: CONTACTS,
  filters: [
    { field: 'searchTokens', op: 'array-contains' },
    { field: 'isTrialContact', op: '==' },
  ],
  sorts: {
    'lastName:asc': { field: 'lastNameSort', direction: 'asc' },
    'lastName:desc': { field: 'lastNameSort', direction: 'desc' },
    'email:asc': { field: 'emailLower', direction: 'asc' },
    'email:desc': { field: 'emailLower', direction: 'desc' },
    'createdAt:desc': { field: 'createdAt', direction: 'desc' },
  },
};

export function toContact(snap: DocumentSnapshot): StudyContact {
  return { ...metaOf(snap), ...(pick(snap.data() ?? {}, FIELDS) as StudyContactValues) };
}

/** Fields derived for search and sorting, stored beside the record. */
function internalFields(c: StudyContactValues) {
  return {
    searchTokens: searchTokens(c.email, c.firstName, c.lastName, c.displayName),
    emailLower: c.email.toLowerCase(),
    lastNameSort: c.lastName.toLowerCase(),
  };
}

export const withDisplayName = (c: StudyContactValues): StudyContactValues => ({
  ...c,
  displayName: c.displayName || `${c.firstName} ${c.lastName}`,
});

/** The contacts a list (or an export) asks for: its search, filter and sort. */
export const contactsQuery = (q: Omit<StudyContactListQuery, 'page' | 'pageSize'>) =>
  shapedQuery(
    contactShape,
    { searchTokens: searchKey(q.search) ?? undefined, isTrialContact: q.isTrialContact },
    q.sort ?? 'lastName:asc',
  );

export async function listContacts(q: StudyContactListQuery): Promise<ListResponse<StudyContact>> {
  return runList(contactShape.collection, contactsQuery(q), q, (docs) => docs.map(toContact));
}

export async function getContact(id: string): Promise<StudyContact> {
  return toContact(await readBack(db().collection(CONTACTS).doc(id)));
}

/**
 * Adds a new contact and its audit entry to `tx`; its display name is the one it is saved with. A study import
 * creates the contact a record names this way, in the study's own transaction.
 */
export function addContact(
  tx: Transaction,
  input: StudyContactCreate,
  caller: Caller,
): { ref: DocumentReference; displayName: string } {
  const ref = db().collection(CONTACTS).doc();
  const fields = withDisplayName(input);
  tx.create(ref, { ...fields, ...internalFields(fields), ...createStamp(caller) });
  writeAudit(tx, caller, {
    action: 'create',
    entity: 'studyContacts',
    entityId: ref.id,
    changes: diff(null, fields, FIELDS),
  });
  return { ref, displayName: fields.displayName };
}

/** The contacts whose e-mail is `email`, whatever its case (a contact's is kept as typed, and lowercased beside). */
export const contactsByEmail = (email: string) =>
  db().collection(CONTACTS).where('emailLower', '==', email.toLowerCase()).limit(1);

export async function createContact(input: StudyContactCreate, caller: Caller): Promise<StudyContact> {
  const { ref } = await transaction(async (tx) => addContact(tx, input, caller));
  return toContact(await readBack(ref));
}

export async function updateContact(input: StudyContactUpdate, caller: Caller): Promise<StudyContact> {
  const { id, version, ...changes } = input;
  const ref = db().collection(CONTACTS).doc(id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), version);
    const next = withDisplayName({ ...(pick(current, FIELDS) as StudyContactValues), ...changes });
    const changed = diff(current, next, FIELDS);
    if (Object.keys(changed).length === 0) return;
    tx.update(ref, { ...next, ...internalFields(next), ...updateStamp(caller, version) });
    writeAudit(tx, caller, { action: 'update', entity: 'studyContacts', entityId: id, changes: changed });
  });
  return toContact(await readBack(ref));
}

export async function deleteContact(input: { id: string; version: number }, caller: Caller): Promise<DeleteResponse> {
  const ref = db().collection(CONTACTS).doc(input.id);
  await transaction(async (tx) => {
    const current: DocumentData = expectVersion(await tx.get(ref), input.version);
    // A study must not be left naming a contact that no longer exists.
    const inUse = (await tx.get(db().collection('studies').where('contactId', '==', input.id).count())).data().count;
    if (inUse > 0) throw fail('failed-precondition', 'contactInUse', { count: inUse });
    tx.delete(ref);
    writeAudit(tx, caller, {
      action: 'delete',
      entity: 'studyContacts',
      entityId: input.id,
      changes: diff(current, null, FIELDS),
    });
  });
  return { id: input.id };
}

/** Its export: every contact the list's filters match (EXPORT_MAX_ROWS at most, or a test's smaller `maxRows`). */
export const exportContacts = ({ language, format, ...q }: StudyContactExport, caller: Caller, maxRows?: number) =>
  writeExport(
    { resource: 'studyContacts', query: contactsQuery(q), rows: (docs) => docs.map(toContact) },
    { language, format },
    caller,
    maxRows,
  );
