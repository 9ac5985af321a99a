// The referral portal's callables: the recruiting studies, a referral (Pending reference, count, audit, access log,
// mail to the study's contact and followers), the refusals (not recruiting, criteria changed, already referred, the
// daily limit, race-free), the referrer's own list, and a referrer's token on staff callables.
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERRALS_PER_DAY, type MailDocument, type Study } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import { teamDay } from '../src/referrals/service.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  expectError,
  newContact,
  newReference,
  newStudy,
  persona,
  unique,
  useProject,
  type Persona,
} from './helpers.js';

useProject('referrals');

let editor: Persona;
let admin: Persona;
let referrer: Persona;
let study: Study;

const CRITERIA = {
  inclusionCriteria: '- Adults 18 to 75\n- Myocardial infarction within 12 weeks',
  exclusionCriteria: '1. Unstable angina',
};

/** A referrer (approved role User) of an organisation, writing in `language` (fixture: the record set directly). */
async function referrerPersona(suffix: string, language: 'en' | 'fr' = 'en'): Promise<Persona> {
  const p = await persona('user', suffix);
  await db().collection('users').doc(p.uid).update({ organisation: 'Clinique du Parc', language });
  return p;
}

/** A valid referral of a new patient to `studyId`. */
const referral = (studyId: string, over: Record<string, unknown> = {}) => ({
  studyId,
  patientId: unique('RAW-'),
  birthYear: 1961,
  sex: 'female',
  note: 'Seen in clinic last week.',
  consentToContact: true,
  phone: '514-555-0100',
  ...over,
});

/** Every mail document, oldest first. */
async function mailDocs(): Promise<(MailDocument & { id: string })[]> {
  const snap = await db().collection('mail').get();
  return snap.docs
    .map((d) => ({ id: d.id, ...(d.data() as MailDocument) }))
    .sort(
      (a, b) => (a.createdAt as { toMillis(): number }).toMillis() - (b.createdAt as { toMillis(): number }).toMillis(),
    );
}
const mailTo = async (email: string) => (await mailDocs()).filter((m) => m.to.includes(email));

beforeAll(async () => {
  [editor, admin, referrer] = await Promise.all([persona('editor'), persona('admin'), referrerPersona('')]);
  const contact = await newContact(editor);
  study = await newStudy(editor, {
    title: 'Cardiac rehabilitation after infarction',
    conditions: ['Myocardial infarction', 'Heart failure'],
    contactId: contact.id,
    ...CRITERIA,
  });
});

describe('referrals-studies', () => {
  it('lists recruiting studies only, their public fields only, searched by title, condition and specialty', async () => {
    const own = unique('zq');
    const [recruiting, withdrawn] = await Promise.all([
      newStudy(editor, {
        title: `Sleep apnea ${own}`,
        conditions: ['Obstructive sleep apnoea'],
        specialty: 'Pulmonology',
        summary: 'CPAP adherence.',
      }),
      newStudy(editor, { title: `Sleep apnea ${own} closed`, status: 'Withdrawn', specialty: 'Pulmonology' }),
    ]);
    const search = async (words: string) =>
      (await call('referrals-studies', { page: 1, pageSize: 50, search: words }, referrer)).items.map((s) => s.id);
    expect(await search(own)).toEqual([recruiting.id]);
    expect(await search('obstructive sleep')).toContain(recruiting.id);
    // The specialty in either language.
    expect(await search('pulmonolog')).toContain(recruiting.id);
    expect(await search('pneumolog')).toContain(recruiting.id);
    expect(await search('pulmonolog')).not.toContain(withdrawn.id);
    const page = await call('referrals-studies', { page: 1, pageSize: 50, search: own }, referrer);
    expect(page.total).toBe(1);
    expect(page.items[0]).toEqual({
      id: recruiting.id,
      version: 1,
      title: `Sleep apnea ${own}`,
      summary: 'CPAP adherence.',
      conditions: ['Obstructive sleep apnoea'],
      specialty: 'Pulmonology',
      inclusionCriteria: '',
      exclusionCriteria: '',
      startDate: null,
      endDate: null,
    });
  });

  it('with an id, answers that study alone while it recruits', async () => {
    const closed = await newStudy(editor, { status: 'Completed' });
    const one = await call('referrals-studies', { page: 1, pageSize: 10, id: study.id }, referrer);
    expect(one).toMatchObject({ total: 1, items: [{ id: study.id, title: study.title }] });
    for (const id of [closed.id, 'noSuchStudy']) {
      const none = await call('referrals-studies', { page: 1, pageSize: 10, id }, referrer);
      expect(none).toMatchObject({ total: 0, items: [] });
    }
  });

  it('finds a study by a condition added later (the tokens follow an update)', async () => {
    const own = unique('cond');
    const created = await newStudy(editor, { title: 'Renal study' });
    await call('studies-update', { id: created.id, version: 1, conditions: [`Nephropathy ${own}`] }, editor);
    const page = await call('referrals-studies', { page: 1, pageSize: 10, search: own }, referrer);
    expect(page.items.map((s) => s.id)).toEqual([created.id]);
  });
});

describe('referrals-create', () => {
  it('makes a Pending reference of the caller, counted, audited, logged, and mails the contact and followers', async () => {
    const [frEditor, pendingEditor, otherReferrer] = await Promise.all([
      persona('editor', '-fr'),
      persona('pending', '-follows'),
      referrerPersona('-follows'),
    ]);
    await db().collection('users').doc(frEditor.uid).update({ language: 'fr' });
    const followed = await newStudy(editor, {
      title: 'Followed <b>study</b>',
      contactId: (await newContact(editor)).id,
      ...CRITERIA,
    });
    const contact = await call('studyContacts-get', { id: followed.contactId! }, editor);
    // Followers: an approved Editor writing in French, a pending one and a referrer (neither is mailed).
    await db()
      .collection('studies')
      .doc(followed.id)
      .update({ followers: [frEditor.uid, pendingEditor.uid, otherReferrer.uid] });
    const patientId = unique('AB-');
    const checklist = { inclusion: ['met', 'unknown'], exclusion: ['notMet'] };
    const result = await call('referrals-create', referral(followed.id, { patientId, checklist }), referrer);
    expect(result).toMatchObject({
      studyId: followed.id,
      studyTitle: 'Followed <b>study</b>',
      status: 'received',
      message: '',
      decidedAt: null,
    });
    expect(result.patientIdMasked).toMatch(/^\*+/);
    expect(result.patientIdMasked).not.toContain(patientId);

    const stored = (await db().collection('references').doc(result.id).get()).data()!;
    expect(stored).toMatchObject({
      studyId: followed.id,
      status: 'Pending',
      refererId: referrer.uid,
      referer: 'Test user (Clinique du Parc)',
      createdBy: referrer.uid,
      referral: {
        refererId: referrer.uid,
        name: 'Test user',
        organisation: 'Clinique du Parc',
        email: referrer.email,
        phone: '514-555-0100',
        birthYear: 1961,
        sex: 'female',
        note: 'Seen in clinic last week.',
        consentToContact: true,
        checklist: {
          inclusion: [
            { criterion: 'Adults 18 to 75', answer: 'met', note: '' },
            { criterion: 'Myocardial infarction within 12 weeks', answer: 'unknown', note: '' },
          ],
          exclusion: [{ criterion: 'Unstable angina', answer: 'notMet', note: '' }],
        },
      },
    });
    // Staff read it as any reference, with its referrer.
    const read = await call('references-get', { id: result.id }, editor);
    expect(read.refererId).toBe(referrer.uid);
    expect(read.referral?.organisation).toBe('Clinique du Parc');
    expect((await call('studies-get', { id: followed.id }, editor)).referenceCount).toBe(1);

    const [entry] = await auditOf(result.id);
    expect(entry).toMatchObject({ action: 'create', entity: 'references', actorUid: referrer.uid });
    expect(entry.changes.refererId).toEqual({ from: null, to: referrer.uid });
    expect(entry.changes.status).toEqual({ from: null, to: 'Pending' });
    const logged = await db().collection('accessLog').where('callable', '==', 'referrals-create').get();
    const actions = logged.docs.filter((d) => d.get('targetIds').includes(result.id)).map((d) => d.get('action'));
    expect(actions).toEqual(['writeReference']);

    // The study's contact (both languages) and the approved follower (French); not the others.
    const link = `http://127.0.0.1:5000/app/references/${result.id}`;
    const [toContact] = await mailTo(contact.email);
    expect(toContact).toMatchObject({ kind: 'referralReceived', link, delivery: { state: 'pending', attempts: 0 } });
    expect(toContact.message.text).toContain('Test user (Clinique du Parc) referred patient');
    expect(toContact.message.text).toContain('a adressé le patient');
    const [toFollower] = await mailTo(frEditor.email);
    expect(toFollower).toMatchObject({ kind: 'referralReceived', language: 'fr', link });
    expect(toFollower.message.subject).toBe(
      `Nouvelle référence à l’étude «\u00a0Followed <b>study</b>\u00a0»\u00a0: patient ${result.patientIdMasked}`,
    );
    expect(toFollower.message.html).toContain('Followed &lt;b&gt;study&lt;/b&gt;');
    expect(toFollower.message.html).not.toContain('<b>study');
    expect(await mailTo(pendingEditor.email)).toEqual([]);
    expect(await mailTo(otherReferrer.email)).toEqual([]);
  });

  it('cuts a long "name (organisation)" to the referer field’s limit, never inside a character', async () => {
    const long = await referrerPersona('-long');
    // "Test user (" is 11 characters: the emoji's two halves fall on either side of the 200th.
    const organisation = `${'a'.repeat(188)}\u{1F3E5}b`;
    await db().collection('users').doc(long.uid).update({ organisation });
    const made = await call('referrals-create', referral(study.id), long);
    const stored = (await db().collection('references').doc(made.id).get()).data()!;
    expect(stored.referer).toBe(`Test user (${'a'.repeat(188)}`);
    expect(stored.referral.organisation).toBe(organisation);
  });

  it('never stores, logs or mails the raw identifier, in any collection', async () => {
    const raw = unique('Zx9-');
    const result = await call('referrals-create', referral(study.id, { patientId: raw }), referrer);
    await call(
      'references-triage',
      {
        id: result.id,
        version: 1,
        studyVersion: study.version,
        decision: 'Rejected',
        inclusion: [{ answer: 'met' }, { answer: 'met' }],
        exclusion: [{ answer: 'met' }],
        reason: 'exclusionMet',
        message: 'Unstable angina excludes the patient.',
      },
      editor,
    );
    const everything = JSON.stringify(await contentsOf()).toUpperCase();
    const normalised = raw.toUpperCase().replace(/[\s-]/g, '');
    expect(everything).toContain(result.patientIdMasked.toUpperCase());
    expect(everything).not.toContain(raw.toUpperCase());
    expect(everything).not.toContain(normalised);
    const mail = JSON.stringify(await mailDocs()).toUpperCase();
    expect(mail).toContain(result.patientIdMasked.toUpperCase());
    expect(mail).not.toContain(normalised);
  });

  it('refuses a study that is missing or not recruiting, and answers that checklist misfits', async () => {
    const closed = await newStudy(editor, { status: 'Completed' });
    await expectError(
      callError('referrals-create', referral('missingStudy'), referrer),
      'not-found',
      'errors.studyNotFound',
    );
    await expectError(
      callError('referrals-create', referral(closed.id), referrer),
      'failed-precondition',
      'errors.studyNotRecruiting',
    );
    const before = await contentsOf(['accessLog']);
    await expectError(
      callError('referrals-create', referral(study.id, { checklist: { inclusion: ['met'], exclusion: [] } }), referrer),
      'failed-precondition',
      'errors.criteriaChanged',
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });

  it('answers alreadyReferred for a patient any reference names in the study, writing nothing else', async () => {
    const staffMade = await newReference(editor, study.id, { patientId: 'QX-778899' });
    const before = await contentsOf(['accessLog']);
    const error = await expectError(
      callError('referrals-create', referral(study.id, { patientId: 'qx 7788-99' }), referrer),
      'already-exists',
      'errors.alreadyReferred',
    );
    // Nothing of the other reference is revealed.
    expect(JSON.stringify(error)).not.toContain(staffMade.id);
    expect(await contentsOf(['accessLog'])).toEqual(before);
    // Logged for the Admins as the patient search it is.
    const logged = await db().collection('accessLog').where('callable', '==', 'referrals-create').get();
    expect(logged.docs.map((d) => d.data())).toContainEqual(
      expect.objectContaining({ action: 'searchPatientId', actorUid: referrer.uid, targetIds: [staffMade.id] }),
    );
    // Another study takes the same patient.
    const other = await newStudy(editor);
    await expect(
      call('referrals-create', referral(other.id, { patientId: 'QX-778899' }), referrer),
    ).resolves.toMatchObject({ status: 'received' });
  });
});

describe('the daily limit', () => {
  it(`allows ${REFERRALS_PER_DAY} referrals a day; the next is refused and writes nothing, no mail either`, async () => {
    const busy = await referrerPersona('-busy');
    for (let i = 0; i < REFERRALS_PER_DAY; i++) await call('referrals-create', referral(study.id), busy);
    const before = await contentsOf(['accessLog']);
    await expectError(
      callError('referrals-create', referral(study.id), busy),
      'resource-exhausted',
      'errors.referralLimit',
      { max: REFERRALS_PER_DAY },
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
    expect((await db().collection('referralDays').doc(busy.uid).get()).data()).toMatchObject({
      day: teamDay(),
      count: REFERRALS_PER_DAY,
    });
  });

  it('holds against concurrent referrals: exactly the ones left pass', async () => {
    const racer = await referrerPersona('-race');
    const left = 3;
    await db()
      .collection('referralDays')
      .doc(racer.uid)
      .set({ day: teamDay(), count: REFERRALS_PER_DAY - left });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => call('referrals-create', referral(study.id), racer)),
    );
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code: string }).code] : []));
    expect(passed).toHaveLength(left);
    expect(refused).toEqual(Array(8 - left).fill('resource-exhausted'));
    const made = await db().collection('references').where('refererId', '==', racer.uid).count().get();
    expect(made.data().count).toBe(left);
  });

  it('counts again from a new day on the team’s clock', async () => {
    const yesterday = await referrerPersona('-yesterday');
    await db().collection('referralDays').doc(yesterday.uid).set({ day: '2000-01-01', count: REFERRALS_PER_DAY });
    await call('referrals-create', referral(study.id), yesterday);
    expect((await db().collection('referralDays').doc(yesterday.uid).get()).data()).toMatchObject({
      day: teamDay(),
      count: 1,
    });
  });

  it('reads the day in the team’s time zone', () => {
    // 03:30 UTC is still the previous evening in Toronto (the default zone).
    expect(teamDay(new Date('2026-03-02T03:30:00Z'))).toBe('2026-03-01');
  });
});

describe('referrals-list', () => {
  it('lists the caller’s own referrals only, newest first, with the status in plain words and the message', async () => {
    const [mine, theirs] = await Promise.all([referrerPersona('-mine'), referrerPersona('-theirs')]);
    const first = await call('referrals-create', referral(study.id), mine);
    const second = await call('referrals-create', referral(study.id), mine);
    const foreign = await call('referrals-create', referral(study.id), theirs);
    await newReference(editor, study.id);
    await call(
      'references-triage',
      {
        id: first.id,
        version: 1,
        studyVersion: study.version,
        decision: 'Accepted',
        inclusion: [{ answer: 'met' }, { answer: 'met' }],
        exclusion: [{ answer: 'notMet' }],
        message: 'We will call the patient on Monday.',
      },
      editor,
    );
    const page = await call('referrals-list', { page: 1, pageSize: 10 }, mine);
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(page.items[1]).toMatchObject({
      status: 'accepted',
      message: 'We will call the patient on Monday.',
      studyTitle: study.title,
    });
    expect(Object.keys(page.items[1]).sort()).toEqual(
      ['createdAt', 'decidedAt', 'id', 'message', 'patientIdMasked', 'status', 'studyId', 'studyTitle'].sort(),
    );
    const theirsPage = await call('referrals-list', { page: 1, pageSize: 10 }, theirs);
    expect(theirsPage.items.map((r) => r.id)).toEqual([foreign.id]);
  });
});

describe('a referrer on staff callables', () => {
  it('reads their own standing, and is refused every staff callable', async () => {
    await expect(call('users-me', {}, referrer)).resolves.toMatchObject({
      uid: referrer.uid,
      claims: { role: 'User', isRoleApproved: true },
    });
    for (const [name, data] of [
      ['references-list', { page: 1, pageSize: 10 }],
      ['studies-get', { id: study.id }],
      ['studies-follow', { id: study.id, follow: true }],
      ['references-triage', { id: 'x', version: 1, studyVersion: 1, decision: 'Accepted' }],
    ] as const) {
      await expectError(callError(name, data, referrer), 'permission-denied', 'errors.permissionDenied');
    }
  });

  it('staff are not referrers: the portal refuses them with notReferrer', async () => {
    for (const who of [editor, admin]) {
      await expectError(
        callError('referrals-list', { page: 1, pageSize: 10 }, who),
        'permission-denied',
        'errors.notReferrer',
      );
    }
  });

  it('a referrer whose record no longer grants it is refused at once, told which', async () => {
    const revoked = await referrerPersona('-revoked');
    await call('referrals-list', { page: 1, pageSize: 10 }, revoked);
    const user = await call('users-get', { id: revoked.uid }, admin);
    await call('users-revoke', { id: revoked.uid, version: user.version }, admin);
    await expectError(
      callError('referrals-list', { page: 1, pageSize: 10 }, revoked),
      'permission-denied',
      'errors.accessRevoked',
    );
  });
});

describe('studies-follow', () => {
  it('adds and removes the caller, leaving the version, stamps and audit alone', async () => {
    const followed = await newStudy(editor);
    const storedBefore = (await db().collection('studies').doc(followed.id).get()).data()!;
    const on = await call('studies-follow', { id: followed.id, follow: true }, editor);
    expect(on.followers).toEqual([editor.uid]);
    await call('studies-follow', { id: followed.id, follow: true }, editor);
    const both = await call('studies-follow', { id: followed.id, follow: true }, admin);
    expect(both.followers).toEqual([editor.uid, admin.uid]);
    expect(both.version).toBe(1);
    const listed = await call('studies-list', { page: 1, pageSize: 10, search: followed.title }, editor);
    expect(listed.items.find((s) => s.id === followed.id)?.followers).toEqual([editor.uid, admin.uid]);
    const off = await call('studies-follow', { id: followed.id, follow: false }, editor);
    expect(off.followers).toEqual([admin.uid]);
    const storedAfter = (await db().collection('studies').doc(followed.id).get()).data()!;
    expect(storedAfter.updatedAt).toEqual(storedBefore.updatedAt);
    expect(storedAfter.version).toBe(1);
    expect((await auditOf(followed.id)).map((e) => e.action)).toEqual(['create']);
    await expectError(callError('studies-follow', { id: 'noSuchStudy', follow: true }, editor), 'not-found');
  });
});
