// Triage decisions: accept, reject, duplicate; the checklist against the study's criteria; the confirmation an
// accept against the checklist needs; two coordinators on one referral; nothing written by a refused decision.
import { beforeAll, describe, expect, it } from 'vitest';
import { criteriaLines, type Reference, type Study } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  newReference,
  newStudy,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('triage');
let people: Record<PersonaKind, Persona>;
let study: Study;

const CRITERIA = {
  inclusionCriteria: '- Adults 18 to 75\n- Myocardial infarction within 12 weeks\n\n* Able to walk 200 m',
  exclusionCriteria: '1. Unstable angina\n2) Pregnancy',
};

beforeAll(async () => {
  people = await personas();
  study = await newStudy(people.editor, { title: 'Cardiac rehab triage', ...CRITERIA });
});

type Answer = 'met' | 'notMet' | 'unknown';
const answers = (...list: Answer[]) => list.map((answer) => ({ answer, note: '' }));
/** A decision on `reference` with every inclusion met and every exclusion not met, unless `over` says otherwise. */
const decision = (reference: Reference, over: Record<string, unknown> = {}) => ({
  id: reference.id,
  version: reference.version,
  studyVersion: study.version,
  decision: 'Accepted',
  inclusion: answers('met', 'met', 'met'),
  exclusion: answers('notMet', 'notMet'),
  ...over,
});

describe('references-triage', () => {
  it('the checklist has one item per criterion line, without bullets', () => {
    expect(criteriaLines(study.inclusionCriteria)).toEqual([
      'Adults 18 to 75',
      'Myocardial infarction within 12 weeks',
      'Able to walk 200 m',
    ]);
    expect(criteriaLines(study.exclusionCriteria)).toEqual(['Unstable angina', 'Pregnancy']);
  });

  it('accepts: the status, the checklist with its criteria, who and when, audited', async () => {
    const reference = await newReference(people.editor, study.id);
    const before = Date.now();
    const inclusion = [{ answer: 'met', note: 'Age 64' }, ...answers('met', 'unknown')];
    const result = await call('references-triage', decision(reference, { inclusion }), people.editor);
    expect(result).toMatchObject({ status: 'Accepted', version: 2, decidedBy: people.editor.uid });
    expect(Date.parse(result.decidedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(result.triage).toEqual({
      decision: 'Accepted',
      inclusion: [
        { criterion: 'Adults 18 to 75', answer: 'met', note: 'Age 64' },
        { criterion: 'Myocardial infarction within 12 weeks', answer: 'met', note: '' },
        { criterion: 'Able to walk 200 m', answer: 'unknown', note: '' },
      ],
      exclusion: [
        { criterion: 'Unstable angina', answer: 'notMet', note: '' },
        { criterion: 'Pregnancy', answer: 'notMet', note: '' },
      ],
      reason: null,
      reasonNote: '',
      confirmed: false,
      // No message: a reference staff typed has no referrer to write to.
      message: '',
    });
    // The edit screen reads the same decision back.
    expect(await call('references-get', { id: reference.id }, people.admin)).toMatchObject({
      status: 'Accepted',
      triage: result.triage,
      decidedAt: result.decidedAt,
    });
    const stored = (await db().collection('references').doc(reference.id).get()).data()!;
    expect(typeof stored.decisionDays).toBe('number');
    const audit = await auditOf(reference.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      actorUid: people.editor.uid,
      changes: { status: { from: 'Pending', to: 'Accepted' }, decidedBy: { from: null, to: people.editor.uid } },
    });
    expect(audit.at(-1)!.changes.triage.to).toEqual(result.triage);
  });

  it('rejects with a reason from the list; "other" needs its text; a reason needs a rejection', async () => {
    const reference = await newReference(people.editor, study.id);
    for (const [over, path] of [
      [{ decision: 'Rejected' }, 'reason'],
      [{ decision: 'Rejected', reason: 'other' }, 'reasonNote'],
      [{ decision: 'Rejected', reason: 'because' }, 'reason'],
      [{ decision: 'Accepted', reason: 'declined' }, 'reason'],
    ] as const) {
      const error = await callError('references-triage', decision(reference, over), people.editor);
      expect(error.code).toBe('invalid-argument');
      expect((error.details as { path: string }[]).map((issue) => issue.path)).toContain(path);
    }
    const result = await call(
      'references-triage',
      decision(reference, { decision: 'Rejected', reason: 'other', reasonNote: 'Moved to Gaspé' }),
      people.editor,
    );
    expect(result).toMatchObject({ status: 'Rejected', triage: { reason: 'other', reasonNote: 'Moved to Gaspé' } });
  });

  it('accepting with an inclusion not met or an exclusion met needs the confirmation', async () => {
    for (const over of [{ inclusion: answers('met', 'notMet', 'met') }, { exclusion: answers('notMet', 'met') }]) {
      const reference = await newReference(people.editor, study.id);
      const before = await contentsOf();
      const error = await callError('references-triage', decision(reference, over), people.editor);
      expect(error).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.acceptUnconfirmed' } });
      expect(await contentsOf()).toEqual(before);
      const confirmed = await call(
        'references-triage',
        decision(reference, { ...over, confirmed: true }),
        people.editor,
      );
      expect(confirmed).toMatchObject({ status: 'Accepted', triage: { confirmed: true } });
    }
    // Rejecting against the same answers needs nothing.
    const reference = await newReference(people.editor, study.id);
    const rejected = await call(
      'references-triage',
      decision(reference, { decision: 'Rejected', reason: 'exclusionMet', exclusion: answers('met', 'notMet') }),
      people.editor,
    );
    expect(rejected.status).toBe('Rejected');
  });

  it('refuses answers to criteria that changed since they were read, and a decided or changed referral', async () => {
    const own = await newStudy(people.editor, CRITERIA);
    const reference = await newReference(people.editor, own.id);
    const onOwn = { studyVersion: own.version };
    const short = await callError(
      'references-triage',
      decision(reference, { ...onOwn, exclusion: answers('notMet') }),
      people.editor,
    );
    expect(short).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.criteriaChanged' } });
    const changed = await call(
      'studies-update',
      { id: own.id, version: own.version, exclusionCriteria: 'Unstable angina\nPregnant or nursing' },
      people.admin,
    );
    const stale = await callError('references-triage', decision(reference, onOwn), people.editor);
    expect(stale).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.criteriaChanged' } });

    const edited = await call('references-update', { id: reference.id, version: 1, referer: 'Dr Côté' }, people.admin);
    const old = await callError(
      'references-triage',
      decision(reference, { studyVersion: changed.version }),
      people.editor,
    );
    expect(old).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.staleVersion' } });

    await call('references-triage', decision(edited, { studyVersion: changed.version }), people.editor);
    const again = await callError(
      'references-triage',
      decision(edited, {
        studyVersion: changed.version,
        version: edited.version + 1,
        decision: 'Rejected',
        reason: 'declined',
      }),
      people.admin,
    );
    expect(again).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.alreadyDecided' } });

    const unknown = await newReference(people.editor, own.id, { status: 'Unknown' });
    const notPending = await callError(
      'references-triage',
      decision(unknown, { studyVersion: changed.version }),
      people.editor,
    );
    expect(notPending).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.notPending' } });
  });

  it('two coordinators deciding one referral at once: one decision stands, the other is told it is decided', async () => {
    for (let round = 0; round < 3; round++) {
      const reference = await newReference(people.editor, study.id);
      const outcomes = await Promise.allSettled([
        call('references-triage', decision(reference), people.editor),
        call('references-triage', decision(reference, { decision: 'Rejected', reason: 'declined' }), people.admin),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toMatchObject({ code: 'failed-precondition', details: { key: 'errors.alreadyDecided' } });
      const stored = await call('references-get', { id: reference.id }, people.admin);
      expect(stored.version).toBe(2);
      expect((await auditOf(reference.id)).filter((entry) => entry.action === 'update')).toHaveLength(1);
    }
  });

  it('a status edited back to Pending clears the decision; edited to a decision, it is stamped', async () => {
    const reference = await newReference(people.editor, study.id);
    const accepted = await call('references-triage', decision(reference), people.editor);
    const reopened = await call(
      'references-update',
      { id: reference.id, version: accepted.version, status: 'Pending' },
      people.admin,
    );
    expect(reopened).toMatchObject({ status: 'Pending', decidedAt: null, decidedBy: null, triage: null });
    const rejected = await call(
      'references-update',
      { id: reference.id, version: reopened.version, status: 'Rejected' },
      people.admin,
    );
    expect(rejected).toMatchObject({ status: 'Rejected', decidedBy: people.admin.uid, triage: null });
    expect(rejected.decidedAt).not.toBeNull();
  });
});
