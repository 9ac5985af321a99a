// Triage of references: a decision on a pending referral, its undo, and the originals a duplicate may name.
import { FieldValue, Timestamp, type DocumentData, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  studiesKind,
  acceptNeedsConfirmation,
  criteriaLines,
  LIMITS,
  TRIAGE_UNDO_MINUTES,
  type ChecklistAnswer,
  type ChecklistItem,
  type Reference,
  type ReferenceOriginals,
  type ReferenceStatus,
  type ReferenceTriage,
  type ReferenceUndoTriage,
  type TriageRecord,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { fail, fieldIssue, invalidArgument, notFound, staleVersion } from '../common/errors.js';
import { db } from '../common/firebase.js';
import { shapedQuery } from '../common/list.js';
import { pick, readBack, updateStamp } from '../common/records.js';
import {
  DECIDED,
  decisionChange,
  FIELDS,
  inTransaction,
  REFERENCES,
  referenceShape,
  toReferences,
  withTitle,
  type ReferenceFields,
} from './service.js';
import { queueDecided, referrerOf } from './referrerMail.js';

/**
 * What a decision changed that its undo cannot derive: the `duplicateOf` the referral had before (a Duplicate
 * decision replaces it). Stored on the server only, beside the decision; an undo removes it.
 */
const BEFORE_DECISION = 'beforeDecision';

/** The checklist as stored: each answer beside the criterion's text it answered. */
const checklist = (lines: string[], answers: ChecklistAnswer[]): ChecklistItem[] =>
  lines.map((criterion, i) => ({ criterion, answer: answers[i].answer, note: answers[i].note }));

/** Created strictly before: Timestamps' `valueOf()` sorts as their instants do, to the nanosecond. */
const createdBefore = (a: DocumentData, b: DocumentData) =>
  a.createdAt instanceof Timestamp && b.createdAt instanceof Timestamp && a.createdAt.valueOf() < b.createdAt.valueOf();

/**
 * Can `original` be the referral `reference` duplicates: another, earlier referral of the same patient (keyed hash)
 * to the same study, not a duplicate itself.
 */
function isOriginalOf(reference: DocumentSnapshot, original: DocumentSnapshot): boolean {
  const [r, o] = [reference.data(), original.data()];
  if (!r || !o || reference.id === original.id) return false;
  return (
    o.studyId === r.studyId && o.patientIdHash === r.patientIdHash && o.status !== 'Duplicate' && createdBefore(o, r)
  );
}

/**
 * The likeliest original first: the patient's accepted referral (their place in the study), then one still waiting,
 * then the others; the most recent first within each (docs/architecture.md, "Triage").
 */
const ORIGINAL_RANK: Record<ReferenceStatus, number> = {
  Accepted: 0,
  Pending: 1,
  Rejected: 2,
  Unknown: 3,
  Duplicate: 4,
};
const byLikeliness = (a: DocumentSnapshot, b: DocumentSnapshot) =>
  ORIGINAL_RANK[a.get('status') as ReferenceStatus] - ORIGINAL_RANK[b.get('status') as ReferenceStatus] ||
  (b.get('createdAt') as Timestamp).toMillis() - (a.get('createdAt') as Timestamp).toMillis();

/** The patient's referrals to one study read to find the originals: one patient's, so a handful in practice. */
const ORIGINALS_READ = 100;

/**
 * The referrals `id` may be marked a duplicate of, likeliest first. The pseudonymous patient ID stays out, as in a
 * list that was not a search for the patient (docs/security.md).
 */
export async function referenceOriginals({ id }: ReferenceOriginals): Promise<Reference[]> {
  const snap = await db().collection(REFERENCES).doc(id).get();
  if (!snap.exists) throw notFound();
  // Oldest first: the originals are created before this referral, so they come first in this order.
  const same = await shapedQuery(
    referenceShape,
    { studyId: snap.get('studyId'), patientIdHash: snap.get('patientIdHash') },
    'createdAt:asc',
  )
    .limit(ORIGINALS_READ)
    .get();
  const originals = same.docs.filter((doc) => isOriginalOf(snap, doc)).sort(byLikeliness);
  return (await toReferences(originals)).map((reference) => ({ ...reference, productPatientId: null }));
}

/**
 * A triage decision: only on a pending reference (a second coordinator deciding the same one gets `alreadyDecided`),
 * at the version read, against the study's criteria as they were answered, with the confirmation an accept against
 * the checklist needs; a duplicate names one of its originals (`isOriginalOf`). The decision, its checklist and
 * reason are saved, stamped and audited in one transaction.
 */
export async function triageReference(input: ReferenceTriage, caller: Caller): Promise<Reference> {
  const ref = db().collection(REFERENCES).doc(input.id);
  await inTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const current = snap.data();
    if (!snap.exists || !current) throw notFound();
    if (current.status !== 'Pending') {
      throw fail('failed-precondition', DECIDED.includes(current.status) ? 'alreadyDecided' : 'notPending');
    }
    if (current.version !== input.version) throw staleVersion();
    // A message goes to a portal referral's referrer: a reference staff typed has nobody to tell.
    if (input.message !== '' && typeof current.refererId !== 'string') {
      throw invalidArgument([fieldIssue('message', 'validation.invalid')]);
    }
    const study = await tx.get(db().collection(studiesKind.collection).doc(current.studyId));
    if (!study.exists) throw fail('not-found', 'studyNotFound');
    const inclusion = criteriaLines(study.get('inclusionCriteria') ?? '').slice(0, LIMITS.criteriaLinesMax);
    const exclusion = criteriaLines(study.get('exclusionCriteria') ?? '').slice(0, LIMITS.criteriaLinesMax);
    const answersFit = input.inclusion.length === inclusion.length && input.exclusion.length === exclusion.length;
    if (study.get('version') !== input.studyVersion || !answersFit)
      throw fail('failed-precondition', 'criteriaChanged');
    const againstChecklist = acceptNeedsConfirmation(input);
    if (input.decision === 'Accepted' && againstChecklist && !input.confirmed) {
      throw fail('failed-precondition', 'acceptUnconfirmed');
    }
    if (input.duplicateOf !== null) {
      const original = await tx.get(db().collection(REFERENCES).doc(input.duplicateOf));
      if (!isOriginalOf(snap, original)) throw fail('failed-precondition', 'duplicateOriginalInvalid');
    }
    const triage: TriageRecord = {
      decision: input.decision,
      inclusion: checklist(inclusion, input.inclusion),
      exclusion: checklist(exclusion, input.exclusion),
      reason: input.reason,
      reasonNote: input.reasonNote,
      confirmed: input.decision === 'Accepted' && againstChecklist,
      message: input.message,
    };
    const next: ReferenceFields = {
      ...(pick(current, FIELDS) as ReferenceFields),
      status: input.decision,
      duplicateOf: input.duplicateOf ?? current.duplicateOf ?? null,
      triage,
    };
    Object.assign(next, decisionChange(current.status, next.status, caller, current.createdAt ?? null));
    const before = { duplicateOf: current.duplicateOf ?? null };
    // The referrer hears of the decision with the message as written (read before the writes).
    const referrer = await referrerOf(tx, current);
    if (referrer) queueDecided(tx, referrer, { ...next, studyTitle: study.get('title'), message: input.message });
    tx.update(ref, { ...next, [BEFORE_DECISION]: before, ...updateStamp(caller, input.version) });
    writeAudit(tx, caller, {
      action: 'update',
      entity: 'references',
      entityId: input.id,
      changes: diff(current, next, FIELDS),
    });
  });
  return withTitle(await readBack(ref));
}

/**
 * Takes a triage decision back, at the version the decision produced (any change since refuses it:
 * `staleVersion`), within TRIAGE_UNDO_MINUTES of it: the referral is pending again, as it was before the decision,
 * and the undo is audited as its own change (`undoDecision`).
 */
export async function undoTriage(input: ReferenceUndoTriage, caller: Caller): Promise<Reference> {
  const ref = db().collection(REFERENCES).doc(input.id);
  await inTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const current = snap.data();
    if (!snap.exists || !current) throw notFound();
    if (current.version !== input.version) throw staleVersion();
    const before = current[BEFORE_DECISION] as { duplicateOf: string | null } | undefined;
    if (!before || !current.triage || current.status !== current.triage.decision) {
      throw fail('failed-precondition', 'notUndoable');
    }
    const decidedAt = current.decidedAt as Timestamp | null;
    if (!decidedAt || Date.now() - decidedAt.toMillis() > TRIAGE_UNDO_MINUTES * 60_000) {
      throw fail('failed-precondition', 'undoExpired', { minutes: TRIAGE_UNDO_MINUTES });
    }
    const next: ReferenceFields = {
      ...(pick(current, FIELDS) as ReferenceFields),
      status: 'Pending',
      duplicateOf: before.duplicateOf,
    };
    // Back to Pending: who decided, when and the checklist are cleared.
    Object.assign(next, decisionChange(current.status, next.status, caller, current.createdAt ?? null));
    tx.update(ref, { ...next, [BEFORE_DECISION]: FieldValue.delete(), ...updateStamp(caller, input.version) });
    writeAudit(tx, caller, {
      action: 'undoDecision',
      entity: 'references',
      entityId: input.id,
      changes: diff(current, next, FIELDS),
    });
  });
  return withTitle(await readBack(ref));
}
