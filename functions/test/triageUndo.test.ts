// Triage's safeguards: the originals a duplicate may name (references-originals and the decision's own check), and
// taking a decision back (references-undoTriage: version, window, audit).
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { TRIAGE_UNDO_MINUTES, type Reference, type Study } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  newReference,
  newStudy,
  personas,
  unique,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('triageUndo');
let people: Record<PersonaKind, Persona>;
let study: Study;

beforeAll(async () => {
  people = await personas();
  study = await newStudy(people.editor, { inclusionCriteria: 'Adults', exclusionCriteria: 'Pregnancy' });
});

/** A decision on `reference` against `study`'s one inclusion (met) and one exclusion (not met). */
const decision = (reference: Reference, over: Record<string, unknown> = {}) => ({
  id: reference.id,
  version: reference.version,
  studyVersion: study.version,
  decision: 'Accepted',
  inclusion: [{ answer: 'met' }],
  exclusion: [{ answer: 'notMet' }],
  ...over,
});

/** A referral of `patientId` to `studyId`, then set to `status` through the edit form's update. */
async function referral(patientId: string, status: string | null, studyId = study.id): Promise<Reference> {
  const created = await newReference(people.editor, studyId, { patientId });
  if (status === null || created.status === status) return created;
  return call('references-update', { id: created.id, version: created.version, status }, people.editor);
}

describe('references-originals and the duplicate decision', () => {
  let patient: string;
  let rejected: Reference;
  let accepted: Reference;
  let current: Reference;
  let duplicate: Reference;
  let newer: Reference;
  let otherPatient: Reference;
  let otherStudy: Reference;

  beforeAll(async () => {
    patient = unique('DUP-');
    // In order of creation: two earlier decided referrals, a duplicate, the one in triage, then a newer one.
    rejected = await referral(patient, 'Rejected');
    accepted = await referral(patient, 'Accepted');
    duplicate = await referral(patient, null);
    current = await referral(patient, 'Pending');
    newer = await referral(patient, 'Pending');
    otherPatient = await referral(unique('DUP-'), null);
    otherStudy = await referral(patient, null, (await newStudy(people.editor)).id);
  });

  it('offers the earlier referrals of the same patient to the same study that are not duplicates, accepted first', async () => {
    expect(duplicate.status).toBe('Duplicate');
    const originals = await call('references-originals', { id: current.id }, people.editor);
    expect(originals.map((reference) => reference.id)).toEqual([accepted.id, rejected.id]);
    // Never the pseudonymous patient ID: this is no search by the patient's identifier.
    expect(originals.every((reference) => reference.productPatientId === null)).toBe(true);
    // The newer referral's originals include the one in triage (pending, so after the accepted one).
    const forNewer = await call('references-originals', { id: newer.id }, people.editor);
    expect(forNewer.map((reference) => reference.id)).toEqual([accepted.id, current.id, rejected.id]);
    // The first referral has none.
    expect(await call('references-originals', { id: rejected.id }, people.editor)).toEqual([]);
    const missing = await callError('references-originals', { id: 'missing-reference' }, people.editor);
    expect(missing).toMatchObject({ code: 'not-found', details: { key: 'errors.notFound' } });
  });

  it('the decision refuses any other original, and writes nothing', async () => {
    const before = await contentsOf();
    for (const original of [newer, duplicate, otherPatient, otherStudy, { id: 'missing-reference' }]) {
      const error = await callError(
        'references-triage',
        decision(current, { decision: 'Duplicate', duplicateOf: original.id }),
        people.editor,
      );
      expect(error).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.duplicateOriginalInvalid' } });
    }
    expect(await contentsOf()).toEqual(before);
    const self = await callError(
      'references-triage',
      decision(current, { decision: 'Duplicate', duplicateOf: current.id }),
      people.editor,
    );
    expect(self.code).toBe('invalid-argument');
    const result = await call(
      'references-triage',
      decision(current, { decision: 'Duplicate', duplicateOf: accepted.id }),
      people.editor,
    );
    expect(result).toMatchObject({ status: 'Duplicate', duplicateOf: accepted.id, triage: { decision: 'Duplicate' } });
  });
});

describe('references-undoTriage', () => {
  it('puts the referral back to pending as it was, audited as its own change; it can be decided again', async () => {
    const reference = await newReference(people.editor, study.id);
    const accepted = await call('references-triage', decision(reference), people.editor);
    const undone = await call('references-undoTriage', { id: reference.id, version: accepted.version }, people.admin);
    expect(undone).toMatchObject({
      status: 'Pending',
      version: accepted.version + 1,
      decidedAt: null,
      decidedBy: null,
      triage: null,
      duplicateOf: null,
    });
    const stored = (await db().collection('references').doc(reference.id).get()).data()!;
    expect(stored.decisionDays).toBeNull();
    expect(stored).not.toHaveProperty('beforeDecision');
    const last = (await auditOf(reference.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'undoDecision',
      actorUid: people.admin.uid,
      changes: { status: { from: 'Accepted', to: 'Pending' }, decidedBy: { from: people.editor.uid, to: null } },
    });
    expect(last.changes.triage.to).toBeNull();
    const again = await call(
      'references-triage',
      decision(undone, { decision: 'Rejected', reason: 'declined' }),
      people.editor,
    );
    expect(again).toMatchObject({ status: 'Rejected', version: undone.version + 1 });
  });

  it("restores a duplicate's original as it was before the decision", async () => {
    const patient = unique('UNDO-');
    const original = await referral(patient, 'Accepted');
    const reopened = await referral(patient, 'Pending');
    // Reopened from Duplicate by the edit form: pending, still naming the original it was made a duplicate of.
    expect(reopened.duplicateOf).toBe(original.id);
    const other = await referral(unique('UNDO-'), null);
    const rejected = await call(
      'references-triage',
      decision(other, { decision: 'Rejected', reason: 'declined' }),
      people.editor,
    );
    const duplicated = await call(
      'references-triage',
      decision(reopened, { decision: 'Duplicate', duplicateOf: original.id }),
      people.editor,
    );
    expect(duplicated.duplicateOf).toBe(original.id);
    const undone = await call('references-undoTriage', { id: reopened.id, version: duplicated.version }, people.editor);
    expect(undone).toMatchObject({ status: 'Pending', duplicateOf: original.id });
    const undoneOther = await call('references-undoTriage', { id: other.id, version: rejected.version }, people.editor);
    expect(undoneOther).toMatchObject({ status: 'Pending', duplicateOf: null, triage: null });
  });

  it('refuses a stale version, an undo past its window and what no triage decided, writing nothing', async () => {
    const reference = await newReference(people.editor, study.id);
    const accepted = await call('references-triage', decision(reference), people.editor);
    const edited = await call(
      'references-update',
      { id: reference.id, version: accepted.version, referer: 'Dr Tremblay' },
      people.editor,
    );
    const before = await contentsOf();
    const stale = await callError(
      'references-undoTriage',
      { id: reference.id, version: accepted.version },
      people.editor,
    );
    expect(stale).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.staleVersion' } });
    expect(await contentsOf()).toEqual(before);

    const late = await call('references-triage', decision(await newReference(people.editor, study.id)), people.editor);
    const past = Timestamp.fromMillis(Date.now() - (TRIAGE_UNDO_MINUTES + 1) * 60_000);
    await db().collection('references').doc(late.id).update({ decidedAt: past });
    const lateBefore = await contentsOf();
    const expired = await callError('references-undoTriage', { id: late.id, version: late.version }, people.editor);
    expect(expired).toMatchObject({
      code: 'failed-precondition',
      details: { key: 'errors.undoExpired', params: { minutes: TRIAGE_UNDO_MINUTES } },
    });
    expect(await contentsOf()).toEqual(lateBefore);

    // Decided by the edit form, or still pending: nothing to take back.
    const byForm = await call(
      'references-update',
      { id: edited.id, version: edited.version, status: 'Pending' },
      people.editor,
    );
    const rejectedByForm = await call(
      'references-update',
      { id: byForm.id, version: byForm.version, status: 'Rejected' },
      people.editor,
    );
    const pending = await newReference(people.editor, study.id);
    for (const target of [rejectedByForm, pending]) {
      const error = await callError('references-undoTriage', { id: target.id, version: target.version }, people.editor);
      expect(error).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.notUndoable' } });
    }
  });
});
