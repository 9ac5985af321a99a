// Studies: list, read, create, update and delete, each change audited in its own transaction.
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  studiesKind,
  EXPORT_LANGUAGES,
  VALUE_LABELS,
  searchKey,
  searchTokens,
  studySchema,
  type DeleteResponse,
  type Specialty,
  type ListResponse,
  type Study,
  type StudyCreate,
  type StudyListQuery,
  type StudySort,
  type StudyUpdate,
  type StudyValues,
  type StudyExport,
  type StudyFollow,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail, fieldIssue, grpcCode, GRPC_NOT_FOUND, invalidArgument, notFound } from '../common/errors.js';
import { db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { createStamp, expectVersion, META_FIELDS, metaOf, pick, readBack, updateStamp } from '../common/records.js';
import { CONTACTS } from '../studyContacts/service.js';
import { recordNames, writeExport } from '../common/exports.js';

/** Public fields returned and audited: the schema's (referenceCount is the server's, returned beside them). */
const FIELDS = studySchema.keyof().options;
/** What an import saves and audits: the study's fields and what it keeps of the registry record. */
export const IMPORTED_FIELDS = [...FIELDS, 'nctId', 'registryStatus', 'registryVerifiedAt'] as const;

export const studyShape: QueryShape<StudySort> = {
  collection: studiesKind.collection,
  filters: [
    { field: 'searchTokens', op: 'array-contains' },
    { field: 'status', op: '==' },
    { field: 'specialty', op: '==' },
  ],
  sorts: {
    'updatedAt:desc': { field: 'updatedAt', direction: 'desc' },
    'updatedAt:asc': { field: 'updatedAt', direction: 'asc' },
    'title:asc': { field: 'titleSort', direction: 'asc' },
    'title:desc': { field: 'titleSort', direction: 'desc' },
    'startDate:desc': { field: 'startDate', direction: 'desc' },
    'startDate:asc': { field: 'startDate', direction: 'asc' },
  },
};

export function toStudy(snap: DocumentSnapshot): Study {
  const data = snap.data() ?? {};
  return {
    ...metaOf(snap),
    ...(pick(data, FIELDS) as StudyValues),
    nctId: data.nctId ?? null,
    registryStatus: data.registryStatus ?? null,
    registryVerifiedAt: data.registryVerifiedAt ?? null,
    referenceCount: data.referenceCount ?? 0,
    followers: data.followers ?? [],
  };
}

/**
 * Where each NCT number's study is: `registryIds/{nctId}` → { studyId }, written in the study's transactions so two
 * imports of one record make one study (docs/registry.md, "The import"). Server-only, as every collection.
 */
export const REGISTRY_IDS = 'registryIds';

/** Specialties whose words name no field of medicine: a search for "other" should not find them. */
const UNNAMED_SPECIALTIES: readonly Specialty[] = ['Unknown', 'Other'];

/**
 * Fields derived for search and sorting, stored beside the record: the words of the title, the conditions and the
 * specialty (in English and French; staff and the referral portal search by them, docs/referrals.md), and an
 * imported study's NCT number (found as "NCT01234567", "nct0123" or its digits).
 */
export const internalFields = (
  study: Pick<StudyValues, 'title' | 'conditions' | 'specialty'>,
  nctId: string | null = null,
) => ({
  searchTokens: searchTokens(
    study.title,
    ...study.conditions,
    ...(UNNAMED_SPECIALTIES.includes(study.specialty)
      ? []
      : EXPORT_LANGUAGES.map((language) => VALUE_LABELS[language].specialty[study.specialty])),
    ...(nctId ? [nctId, nctId.slice(3)] : []),
  ),
  titleSort: study.title.toLowerCase(),
});

/** A study may only name an existing contact; read inside the transaction so a deleted contact is seen. */
async function assertContactExists(tx: Transaction, contactId: string | null): Promise<void> {
  if (contactId === null) return;
  const contact = await tx.get(db().collection(CONTACTS).doc(contactId));
  if (!contact.exists) throw invalidArgument([fieldIssue('contactId', 'validation.invalid')]);
}

/** The studies a list (or an export) asks for: its search, filters and sort. */
export const studiesQuery = (q: Omit<StudyListQuery, 'page' | 'pageSize'>) =>
  shapedQuery(
    studyShape,
    { searchTokens: searchKey(q.search) ?? undefined, status: q.status, specialty: q.specialty },
    q.sort ?? 'updatedAt:desc',
  );

/**
 * What a list page reads of each study: the fields toStudy returns. The search tokens (about 150 a study, 2 KB) stay
 * in the database; reading and decoding them was most of a page's cost.
 */
const LIST_FIELDS = [...IMPORTED_FIELDS, 'referenceCount', 'followers', ...META_FIELDS];

export async function listStudies(q: StudyListQuery): Promise<ListResponse<Study>> {
  return runList(studyShape.collection, studiesQuery(q), q, (docs) => docs.map(toStudy), LIST_FIELDS);
}

export async function getStudy(id: string): Promise<Study> {
  return toStudy(await readBack(db().collection(studiesKind.collection).doc(id)));
}

export async function createStudy(input: StudyCreate, caller: Caller): Promise<Study> {
  const ref = db().collection(studiesKind.collection).doc();
  await transaction(async (tx) => {
    await assertContactExists(tx, input.contactId);
    tx.create(ref, { ...input, referenceCount: 0, ...internalFields(input), ...createStamp(caller) });
    writeAudit(tx, caller, {
      action: 'create',
      entity: 'studies',
      entityId: ref.id,
      changes: diff(null, input, FIELDS),
    });
  });
  return toStudy(await readBack(ref));
}

export async function updateStudy(input: StudyUpdate, caller: Caller): Promise<Study> {
  const { id, version, ...changes } = input;
  const ref = db().collection(studiesKind.collection).doc(id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), version);
    const next = { ...(pick(current, FIELDS) as StudyValues), ...changes };
    // The schema checks the dates only when both are sent; the stored one counts too.
    if (next.startDate && next.endDate && next.endDate < next.startDate) {
      throw invalidArgument([fieldIssue('endDate', 'validation.endBeforeStart')]);
    }
    if (changes.contactId !== undefined && changes.contactId !== current.contactId) {
      await assertContactExists(tx, changes.contactId);
    }
    const changed = diff(current, next, FIELDS);
    if (Object.keys(changed).length === 0) return;
    tx.update(ref, { ...next, ...internalFields(next, current.nctId ?? null), ...updateStamp(caller, version) });
    writeAudit(tx, caller, { action: 'update', entity: 'studies', entityId: id, changes: changed });
  });
  return toStudy(await readBack(ref));
}

/**
 * The caller starts or stops following a study (they are e-mailed each portal referral to it, docs/referrals.md). A
 * personal preference, not a change of the study: its version and update stamp stay, so nobody's edit of the study
 * is refused as stale, and no audit entry is written. arrayUnion and arrayRemove make repeating it harmless.
 */
export async function followStudy(input: StudyFollow, caller: Caller): Promise<Study> {
  const ref = db().collection(studiesKind.collection).doc(input.id);
  const change = input.follow ? FieldValue.arrayUnion(caller.uid) : FieldValue.arrayRemove(caller.uid);
  try {
    await ref.update({ followers: change });
  } catch (error) {
    if (grpcCode(error) === GRPC_NOT_FOUND) throw notFound();
    throw error;
  }
  return getStudy(input.id);
}

/**
 * Deletes a study that nothing names any more. `mustBeEmpty` checks, in the same transaction, what other folders keep
 * of the study (its documents): the callable passes it, since those folders build on this one.
 */
export async function deleteStudy(
  input: { id: string; version: number },
  caller: Caller,
  mustBeEmpty: (tx: Transaction, studyId: string) => Promise<void> = async () => {},
): Promise<DeleteResponse> {
  const ref = db().collection(studiesKind.collection).doc(input.id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), input.version);
    // referenceCount changes in the same transactions as the references, so reading it here is exact.
    const count = current.referenceCount ?? 0;
    if (count > 0) throw fail('failed-precondition', 'studyHasReferences', { count });
    await mustBeEmpty(tx, input.id);
    tx.delete(ref);
    // Its NCT number is free again: importing that record makes a new study.
    if (current.nctId) tx.delete(db().collection(REGISTRY_IDS).doc(current.nctId));
    writeAudit(tx, caller, {
      action: 'delete',
      entity: 'studies',
      entityId: input.id,
      changes: diff(current, null, IMPORTED_FIELDS),
    });
  });
  return { id: input.id };
}

/**
 * Its export: every study the list's filters match (EXPORT_MAX_ROWS at most, or a test's smaller `maxRows`); the
 * readable one names the study contact (each read once per export) instead of giving its id.
 */
export function exportStudies({ language, format, ...q }: StudyExport, caller: Caller, maxRows?: number) {
  const contacts = recordNames(
    CONTACTS,
    (contact) => String(contact.displayName ?? '') || `${contact.firstName ?? ''} ${contact.lastName ?? ''}`.trim(),
  );
  const rows = async (docs: DocumentSnapshot[], asked: typeof format) => {
    const studies = docs.map(toStudy);
    if (asked === 'machine') return studies;
    const contact = await contacts(studies.map((study) => study.contactId));
    return studies.map((study) => ({ ...study, contactName: contact(study.contactId) ?? study.contactId }));
  };
  return writeExport({ resource: 'studies', query: studiesQuery(q), rows }, { language, format }, caller, maxRows);
}
