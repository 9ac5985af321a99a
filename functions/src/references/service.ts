// References: list, read, create, update and delete, with duplicate detection and the studies' reference counts
// (triage decisions in triage.ts).
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  studiesKind,
  referencesKind,
  NOT_DUPLICATE_STATUS,
  referenceSchema,
  type ReferenceStatus,
  type DeleteResponse,
  type ListResponse,
  type Reference,
  type ReferenceCreate,
  type ReferenceListQuery,
  type ReferenceSort,
  type ReferenceUpdate,
  type ReferenceExport,
  type ReferenceValues,
  type ReferralDetails,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail, fieldIssue, grpcCode, GRPC_NOT_FOUND, invalidArgument, notFound } from '../common/errors.js';
import { db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { patientIdentity, type PatientIdentity } from '../common/patientId.js';
import { createStamp, expectVersion, iso, metaOf, pick, readBack, updateStamp } from '../common/records.js';
import { recordNames, writeExport } from '../common/exports.js';
import { peopleNames } from '../common/people.js';
import { queueDecided, referrerOf, studyTitleOf } from './referrerMail.js';

export const REFERENCES = referencesKind.collection;
/**
 * Public fields returned and audited: the schema's, then the server's; `patientIdHash` stays on the server, and
 * `decidedAt` is returned beside them (a timestamp, like the other stamps).
 */
export const FIELDS = [
  ...referenceSchema.keyof().options,
  'patientIdMasked',
  'productPatientId',
  'duplicateOf',
  'decidedBy',
  'triage',
] as const satisfies readonly (keyof Reference)[];
export type ReferenceFields = Pick<Reference, (typeof FIELDS)[number]>;

/** Statuses that end a referral's wait: the dashboard's "decided" (its median counts Accepted and Rejected). */
export const DECIDED: readonly ReferenceStatus[] = ['Accepted', 'Rejected', 'Duplicate'];
const DAY_MS = 86_400_000;

/** Whether a change of status is a decision a portal referral's referrer hears of: a new decided status. */
export const isNewDecision = (from: ReferenceStatus, to: ReferenceStatus) => from !== to && DECIDED.includes(to);

/**
 * When a reference leaves the undecided statuses, who decided and after how many days from its referral; when it
 * goes back, the decision and its checklist are cleared. Nothing when it stays on the same side.
 */
export function decisionChange(
  from: ReferenceStatus | null,
  to: ReferenceStatus,
  caller: Caller,
  referredAt: Timestamp | null,
): Record<string, unknown> {
  const wasDecided = from !== null && DECIDED.includes(from);
  if (DECIDED.includes(to) === wasDecided) return {};
  if (wasDecided) return { decidedAt: null, decidedBy: null, decisionDays: null, triage: null };
  const now = Timestamp.now();
  const days = referredAt ? Math.max(0, (now.toMillis() - referredAt.toMillis()) / DAY_MS) : 0;
  return { decidedAt: now, decidedBy: caller.uid, decisionDays: days };
}

export const referenceShape: QueryShape<ReferenceSort> = {
  collection: REFERENCES,
  filters: [
    { field: 'studyId', op: '==' },
    { field: 'patientIdHash', op: '==' },
    { field: 'status', op: '==' },
  ],
  sorts: {
    'createdAt:desc': { field: 'createdAt', direction: 'desc' },
    'createdAt:asc': { field: 'createdAt', direction: 'asc' },
    'updatedAt:desc': { field: 'updatedAt', direction: 'desc' },
  },
};

function toReference(snap: DocumentSnapshot, studyTitle: string | null): Reference {
  const data = snap.data() ?? {};
  const fields = pick(data, FIELDS) as ReferenceFields;
  return {
    ...metaOf(snap),
    ...fields,
    decidedBy: fields.decidedBy ?? null,
    triage: fields.triage ? { ...fields.triage, message: fields.triage.message ?? '' } : null,
    decidedAt: data.decidedAt ? iso(data.decidedAt) : null,
    refererId: data.refererId ?? null,
    referral: data.referral ?? null,
    studyTitle,
  };
}

/**
 * Titles of the given studies with one batched read, added to `known` (an export's pages share one map, so each
 * study is read once); a missing study maps to null.
 */
async function studyTitles(
  studyIds: string[],
  known = new Map<string, string | null>(),
): Promise<Map<string, string | null>> {
  const ids = [...new Set(studyIds)].filter((id) => !known.has(id));
  if (ids.length === 0) return known;
  const snaps = await db().getAll(...ids.map((id) => db().collection(studiesKind.collection).doc(id)));
  for (const snap of snaps) known.set(snap.id, snap.exists ? (snap.get('title') as string) : null);
  return known;
}

export async function withTitle(snap: DocumentSnapshot): Promise<Reference> {
  const titles = await studyTitles([snap.get('studyId')]);
  return toReference(snap, titles.get(snap.get('studyId')) ?? null);
}

/**
 * A reference read back after a write with its study's title, both in one read when the study is known (one round
 * trip instead of two; docs/benchmarks.md, "npm start"); not-found when it does not exist.
 */
async function readBackWithTitle(ref: DocumentReference, studyId: string): Promise<Reference> {
  const [snap, study] = await db().getAll(ref, db().collection(studiesKind.collection).doc(studyId));
  if (!snap.exists) throw notFound();
  // A reference moved meanwhile to another study: its own study's title.
  if (snap.get('studyId') !== studyId) return withTitle(snap);
  return toReference(snap, study.exists ? (study.get('title') as string) : null);
}

/**
 * The earliest other reference of the same patient (hash) in the study, read inside the transaction: a concurrent
 * create of the same patient changes this query's result, so one of the two transactions retries and sees the other.
 */
export async function earliestDuplicate(
  tx: Transaction,
  studyId: string,
  hash: string,
  self?: string,
): Promise<string | null> {
  const query = shapedQuery(referenceShape, { studyId, patientIdHash: hash }, 'createdAt:asc').limit(2);
  const snap = await tx.get(query);
  return snap.docs.find((d) => d.id !== self)?.id ?? null;
}

/**
 * referenceCount changes by a blind increment whose update fails when the study does not exist: no read of the
 * study, so concurrent reference changes do not contend on it, and the count stays exact.
 */
function countOn(tx: Transaction, studyId: string, delta: number): void {
  tx.update(db().collection(studiesKind.collection).doc(studyId), { referenceCount: FieldValue.increment(delta) });
}

/** Related studies must exist; read in the transaction so a concurrent study delete is noticed. */
async function assertRelatedStudiesExist(tx: Transaction, studyIds: string[]): Promise<void> {
  if (studyIds.length === 0) return;
  const snaps = await tx.getAll(...studyIds.map((id) => db().collection(studiesKind.collection).doc(id)));
  const missing = snaps.flatMap((snap, i) => (snap.exists ? [] : [fieldIssue(`studyIds.${i}`, 'validation.invalid')]));
  if (missing.length > 0) throw invalidArgument(missing);
}

/** A missing study surfaces as NOT_FOUND from the commit (the update's exists precondition). */
export async function inTransaction(update: (tx: Transaction) => Promise<void>): Promise<void> {
  try {
    await transaction(update);
  } catch (error) {
    if (grpcCode(error) === GRPC_NOT_FOUND) throw fail('not-found', 'studyNotFound');
    throw error;
  }
}

/** The references a list (or an export) asks for: the patient ID through its keyed hash, filters and sort. */
export const referencesQuery = (q: Omit<ReferenceListQuery, 'page' | 'pageSize'>) =>
  shapedQuery(
    referenceShape,
    {
      studyId: q.studyId,
      patientIdHash: q.patientId === undefined ? undefined : patientIdentity(q.patientId).patientIdHash,
      status: q.status,
    },
    q.sort ?? 'createdAt:desc',
  );

/** References with their studies' titles (one batched read per page). */
export async function toReferences(docs: DocumentSnapshot[], known?: Map<string, string | null>): Promise<Reference[]> {
  const titles = await studyTitles(
    docs.map((d) => d.get('studyId')),
    known,
  );
  return docs.map((d) => toReference(d, titles.get(d.get('studyId')) ?? null));
}

/**
 * A page of references. The pseudonymous patient ID only answers a search for one patient (which the access log
 * records as such): elsewhere it would let anyone match a patient's referrals across studies unlogged.
 */
export async function listReferences(q: ReferenceListQuery): Promise<ListResponse<Reference>> {
  const page = await runList(referenceShape.collection, referencesQuery(q), q, toReferences);
  if (q.patientId !== undefined) return page;
  return { ...page, items: page.items.map((reference) => ({ ...reference, productPatientId: null })) };
}

export async function getReference(id: string): Promise<Reference> {
  return withTitle(await readBack(db().collection(REFERENCES).doc(id)));
}

/** What a portal referral adds to a reference (null on one staff typed): docs/referrals.md. */
export interface ReferrerFields {
  refererId: string;
  referral: ReferralDetails;
}
/** The referrer's fields, audited with a portal referral's creation. */
const REFERRER_FIELDS = ['refererId', 'referral'] as const satisfies readonly (keyof ReferrerFields)[];

/** A new reference's stored fields: the values, the patient's identity (never the raw identifier), undecided. */
export const newReferenceFields = (
  values: ReferenceValues,
  identity: Omit<PatientIdentity, 'patientIdHash'>,
  duplicateOf: string | null,
): ReferenceFields => ({
  ...values,
  status: duplicateOf ? 'Duplicate' : values.status,
  ...identity,
  duplicateOf,
  decidedBy: null,
  triage: null,
});

/**
 * Adds a new reference to the transaction, with its study's count and its audit entry: staff's creation and a
 * referrer's through the portal (`referrer`) write it the same way. The transaction's reads come before.
 */
export function addReference(
  tx: Transaction,
  ref: DocumentReference,
  caller: Caller,
  fields: ReferenceFields,
  patientIdHash: string,
  referrer: ReferrerFields | null = null,
): void {
  const decision = decisionChange(null, fields.status, caller, Timestamp.now());
  const own = referrer ?? { refererId: null, referral: null };
  tx.create(ref, {
    decidedAt: null,
    decisionDays: null,
    ...fields,
    ...own,
    ...decision,
    patientIdHash,
    ...createStamp(caller),
  });
  countOn(tx, fields.studyId, 1);
  const changes = diff(null, fields, FIELDS);
  if (referrer) Object.assign(changes, diff(null, referrer, REFERRER_FIELDS));
  writeAudit(tx, caller, { action: 'create', entity: 'references', entityId: ref.id, changes });
}

export async function createReference(input: ReferenceCreate, caller: Caller): Promise<Reference> {
  const ref = db().collection(REFERENCES).doc();
  const { patientId, ...values } = input;
  const { patientIdHash, ...identity } = patientIdentity(patientId);
  await inTransaction(async (tx) => {
    await assertRelatedStudiesExist(tx, values.studyIds);
    const duplicateOf = await earliestDuplicate(tx, values.studyId, patientIdHash);
    addReference(tx, ref, caller, newReferenceFields(values, identity, duplicateOf), patientIdHash);
  });
  return readBackWithTitle(ref, values.studyId);
}

export async function updateReference(input: ReferenceUpdate, caller: Caller): Promise<Reference> {
  const { id, version, patientId, ...changes } = input;
  const ref = db().collection(REFERENCES).doc(id);
  const newIdentity = patientId === undefined ? null : patientIdentity(patientId);
  await inTransaction(async (tx) => {
    const current: DocumentData = expectVersion(await tx.get(ref), version);
    if (changes.studyIds) await assertRelatedStudiesExist(tx, changes.studyIds);
    const next: ReferenceFields & { patientIdHash: string } = {
      ...(pick(current, FIELDS) as ReferenceFields),
      patientIdHash: current.patientIdHash,
      ...changes,
      ...newIdentity,
    };
    const moved = next.studyId !== current.studyId;
    if (moved || next.patientIdHash !== current.patientIdHash) {
      next.duplicateOf = await earliestDuplicate(tx, next.studyId, next.patientIdHash, id);
      if (next.duplicateOf) next.status = 'Duplicate';
      else if (current.status === 'Duplicate' && changes.status === undefined) next.status = NOT_DUPLICATE_STATUS;
    }
    Object.assign(next, decisionChange(current.status, next.status, caller, current.createdAt ?? null));
    const changed = diff(current, next, FIELDS);
    // A different hash always changes productPatientId, so an empty diff means nothing changed.
    if (Object.keys(changed).length === 0) return;
    // A portal referral's referrer hears of a decision (read before the writes, as a transaction must).
    const referrer = isNewDecision(current.status, next.status) ? await referrerOf(tx, current) : null;
    if (referrer) {
      const studyTitle = await studyTitleOf(tx, next.studyId);
      queueDecided(tx, referrer, { ...next, studyTitle, message: '' });
    }
    tx.update(ref, { ...next, ...updateStamp(caller, version) });
    if (moved) {
      countOn(tx, current.studyId, -1);
      countOn(tx, next.studyId, 1);
    }
    writeAudit(tx, caller, { action: 'update', entity: 'references', entityId: id, changes: changed });
  });
  return withTitle(await readBack(ref));
}

export async function deleteReference(input: { id: string; version: number }, caller: Caller): Promise<DeleteResponse> {
  const ref = db().collection(REFERENCES).doc(input.id);
  await inTransaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), input.version);
    tx.delete(ref);
    countOn(tx, current.studyId, -1);
    writeAudit(tx, caller, {
      action: 'delete',
      entity: 'references',
      entityId: input.id,
      changes: diff(current, null, FIELDS),
    });
  });
  return { id: input.id };
}

/** The decision's columns of an export: the triage answers, reason and note (the decider and original as ids). */
const decisionColumns = (reference: Reference) => ({
  inclusion: reference.triage?.inclusion ?? [],
  exclusion: reference.triage?.exclusion ?? [],
  reason: reference.triage?.reason ?? null,
  reasonNote: reference.triage?.reasonNote || null,
});

/**
 * Its export: every reference the list's filters match (EXPORT_MAX_ROWS at most, or a test's smaller `maxRows`); the
 * readable one names the decider and the original of a duplicate (its masked patient ID and study) instead of ids.
 */
export function exportReferences({ language, format, ...q }: ReferenceExport, caller: Caller, maxRows?: number) {
  // The studies' titles, the deciders and the originals, read once each across the export's pages.
  const titles = new Map<string, string | null>();
  const deciders = peopleNames();
  const originals = recordNames(REFERENCES, (original) => ({
    masked: String(original.patientIdMasked ?? ''),
    studyId: String(original.studyId ?? ''),
  }));
  const rows = async (docs: DocumentSnapshot[], asked: typeof format) => {
    const references = await toReferences(docs, titles);
    if (asked === 'machine') return references.map((reference) => ({ ...reference, ...decisionColumns(reference) }));
    const [decider, original] = await Promise.all([
      deciders(references.map((reference) => reference.decidedBy)),
      originals(references.map((reference) => reference.duplicateOf)),
    ]);
    const originalStudies = references.map((reference) => original(reference.duplicateOf)?.studyId ?? '');
    await studyTitles(originalStudies.filter(Boolean), titles);
    const originalLabel = (id: string | null) => {
      const found = original(id);
      return found ? `${found.masked} (${titles.get(found.studyId) ?? found.studyId})` : id;
    };
    return references.map((reference) => ({
      ...reference,
      ...decisionColumns(reference),
      duplicateOfLabel: originalLabel(reference.duplicateOf),
      decidedByName: reference.decidedBy ? (decider(reference.decidedBy) ?? reference.decidedBy) : null,
    }));
  };
  return writeExport(
    { resource: 'references', query: referencesQuery(q), rows },
    { language, format },
    caller,
    maxRows,
  );
}
