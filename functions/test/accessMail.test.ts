// The mail of access and decisions, each written with its change or not at all: an access request to every approved
// Admin, an approval or a revocation to the person, a portal referral's decision to its referrer; users-setLanguage;
// the templates' escaping and languages.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailDocument, Study } from '@trialdesk/shared';
import { auth, db } from '../src/common/firebase.js';
import { renderMail } from '../src/mail/templates.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  expectError,
  issuesOf,
  newReference,
  newStudy,
  newUser,
  persona,
  unique,
  useProject,
  type Persona,
} from './helpers.js';

useProject('access-mail');

let admin: Persona;
let frAdmin: Persona;
let editor: Persona;

const mailTo = async (email: string) =>
  (await db().collection('mail').where('to', 'array-contains', email).get()).docs.map((d) => d.data() as MailDocument);
const mailCount = async () => (await db().collection('mail').count().get()).data().count;

beforeAll(async () => {
  [admin, frAdmin, editor] = await Promise.all([persona('admin'), persona('admin', '-fr'), persona('editor')]);
  await db().collection('users').doc(frAdmin.uid).update({ language: 'fr' });
});

/** A signed-in person without a record, with a name on their account. */
async function newcomer(name: string): Promise<Persona> {
  const p = await persona('noClaims', unique('-'));
  await auth().updateUser(p.uid, { displayName: name });
  return p;
}

describe('users-requestAccess', () => {
  it('records a referrer’s request and mails every approved Admin in their language, once', async () => {
    const pendingAdmin = await newUser(admin, { role: 'Admin', roleApproved: false });
    const someone = await newcomer('Anne Roy');
    const first = await call(
      'users-requestAccess',
      { role: 'User', organisation: 'Clinique du Parc', language: 'fr' },
      someone,
    );
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({
      role: 'User',
      roleApproved: false,
      organisation: 'Clinique du Parc',
      language: 'fr',
      firstName: 'Anne',
      lastName: 'Roy',
    });
    const [toAdmin] = await mailTo(admin.email);
    expect(toAdmin).toMatchObject({
      kind: 'accessRequested',
      language: 'en',
      link: 'http://127.0.0.1:5000/app/users?approval=pending',
    });
    expect(toAdmin.message.text).toContain(
      `Anne Roy (${someone.email}) asked for access to TrialDesk as a referring clinician, from Clinique du Parc.`,
    );
    const [toFrAdmin] = await mailTo(frAdmin.email);
    expect(toFrAdmin.language).toBe('fr');
    expect(toFrAdmin.message.subject).toBe('Demande d’accès d’Anne Roy');
    expect(toFrAdmin.message.text).toContain('en tant que clinicien référent (organisation\u00a0: Clinique du Parc).');
    expect(await mailTo(pendingAdmin.email)).toEqual([]);
    expect(await mailTo(editor.email)).toEqual([]);
    // Idempotent: a second request changes nothing and mails nobody.
    const before = await contentsOf(['accessLog']);
    const again = await call('users-requestAccess', { role: 'Editor', organisation: '', language: 'en' }, someone);
    expect(again).toMatchObject({ created: false, user: { role: 'User' } });
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });

  it('asks a referrer for their organisation, and writes nothing without it', async () => {
    const someone = await newcomer('Paul Gagnon');
    const before = await contentsOf(['accessLog']);
    const error = await callError('users-requestAccess', { role: 'User', language: 'en' }, someone);
    expect(issuesOf(error)).toEqual([expect.objectContaining({ path: 'organisation', key: 'validation.required' })]);
    await expectError(
      callError('users-requestAccess', { role: 'Admin', organisation: 'X' }, someone),
      'invalid-argument',
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('users-approve and users-revoke', () => {
  it('mail the person: approval with the portal’s link for a referrer, the back office’s for staff; revocation', async () => {
    const someone = await newcomer('Luc Côté');
    const { user } = await call(
      'users-requestAccess',
      { role: 'User', organisation: 'CLSC Nord', language: 'fr' },
      someone,
    );
    const approved = await call('users-approve', { id: user.id, version: user.version }, admin);
    const [approval] = await mailTo(someone.email);
    expect(approval).toMatchObject({ kind: 'accessApproved', language: 'fr', link: 'http://127.0.0.1:5000/refer' });
    expect(approval.message.text).toContain('adresser des patients');
    // Approving again changes nothing the person would hear of.
    const again = await call('users-approve', { id: user.id, version: approved.version }, admin);
    expect(await mailTo(someone.email)).toHaveLength(1);
    await call('users-revoke', { id: user.id, version: again.version }, admin);
    const revocation = (await mailTo(someone.email)).find((m) => m.kind === 'accessRevoked');
    expect(revocation).toMatchObject({ language: 'fr', link: 'http://127.0.0.1:5000/refer/login' });

    const staff = await newUser(admin, { roleApproved: false });
    await call('users-approve', { id: staff.id, version: 1 }, admin);
    expect(await mailTo(staff.email)).toEqual([
      expect.objectContaining({ kind: 'accessApproved', language: 'en', link: 'http://127.0.0.1:5000/app' }),
    ]);
  });

  it('a refused approval writes no mail', async () => {
    const staff = await newUser(admin, { roleApproved: false });
    const count = await mailCount();
    await expectError(
      callError('users-approve', { id: staff.id, version: 7 }, admin),
      'failed-precondition',
      'errors.staleVersion',
    );
    expect(await mailCount()).toBe(count);
  });
});

describe('users-setLanguage', () => {
  it('sets the record’s language without a new version or audit entry; a person without a record changes nothing', async () => {
    const someone = await newcomer('Marie Roy');
    const { user } = await call('users-requestAccess', { role: 'Editor', organisation: '', language: 'en' }, someone);
    const me = await call('users-setLanguage', { language: 'fr' }, someone);
    expect(me.user).toMatchObject({ language: 'fr', version: user.version, updatedAt: user.updatedAt });
    expect((await auditOf(someone.uid)).map((e) => e.action)).toEqual(['requestAccess']);
    const nobody = await newcomer('Sans Dossier');
    const before = await contentsOf(['accessLog']);
    await expect(call('users-setLanguage', { language: 'fr' }, nobody)).resolves.toMatchObject({ user: null });
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('a decision on a portal referral', () => {
  let study: Study;
  let referrer: Persona;
  const answers = { inclusion: [{ answer: 'met' }], exclusion: [{ answer: 'notMet' }] };
  const referral = (over: Record<string, unknown> = {}) => ({
    studyId: study.id,
    patientId: unique('PT-'),
    birthYear: 1950,
    sex: 'male',
    consentToContact: true,
    phone: '418-555-0199',
    ...over,
  });

  beforeAll(async () => {
    referrer = await persona('user');
    await db().collection('users').doc(referrer.uid).update({ language: 'fr', organisation: 'GMF Centre' });
    study = await newStudy(editor, { inclusionCriteria: 'Adults', exclusionCriteria: 'Pregnancy' });
  });

  it('triage mails the referrer in their language with the message as written, the masked ID and the link', async () => {
    const made = await call('referrals-create', referral(), referrer);
    const message = 'Nous appellerons le patient lundi.\n<Merci> & bonne journée';
    await call(
      'references-triage',
      { id: made.id, version: 1, studyVersion: study.version, decision: 'Accepted', ...answers, message },
      editor,
    );
    const [decided] = await mailTo(referrer.email);
    expect(decided).toMatchObject({
      kind: 'referralDecided',
      language: 'fr',
      link: 'http://127.0.0.1:5000/refer/referrals',
    });
    expect(decided.message.subject).toBe(
      `Votre référence du patient ${made.patientIdMasked} à l’étude «\u00a0${study.title}\u00a0»`,
    );
    expect(decided.message.text).toContain('a été acceptée par l’équipe de l’étude');
    expect(decided.message.text).toContain(message);
    expect(decided.message.html).toContain('Nous appellerons le patient lundi.<br>\n&lt;Merci&gt; &amp; bonne journée');
  });

  it('a status decided through references-update mails too; other edits and failed decisions do not', async () => {
    const made = await call('referrals-create', referral(), referrer);
    const count = await mailCount();
    const edited = await call('references-update', { id: made.id, version: 1, referer: 'Dr Tremblay' }, editor);
    expect(await mailCount()).toBe(count);
    await expectError(
      callError(
        'references-triage',
        { id: made.id, version: 1, studyVersion: study.version, decision: 'Rejected', ...answers, reason: 'declined' },
        editor,
      ),
      'failed-precondition',
      'errors.staleVersion',
    );
    expect(await mailCount()).toBe(count);
    await call('references-update', { id: made.id, version: edited.version, status: 'Rejected' }, editor);
    const mails = (await mailTo(referrer.email)).filter((m) => m.message.text.includes(made.patientIdMasked));
    expect(mails).toEqual([expect.objectContaining({ kind: 'referralDecided' })]);
    expect(mails[0].message.text).toContain('n’est pas admissible à cette étude');
  });

  it('a message on a reference staff typed is refused on its field, and nothing is written', async () => {
    const typed = await newReference(editor, study.id);
    const before = await contentsOf(['accessLog']);
    const error = await callError(
      'references-triage',
      { id: typed.id, version: 1, studyVersion: study.version, decision: 'Accepted', ...answers, message: 'Hello' },
      editor,
    );
    expect(issuesOf(error)).toEqual([expect.objectContaining({ path: 'message', key: 'validation.invalid' })]);
    expect(await contentsOf(['accessLog'])).toEqual(before);
    // Without a message it is decided as always, and nobody is mailed.
    await call(
      'references-triage',
      { id: typed.id, version: 1, studyVersion: study.version, decision: 'Accepted', ...answers },
      editor,
    );
    expect(await mailCount()).toBe(Object.keys(before.documents).filter((path) => path.startsWith('mail/')).length);
  });
});

describe('the templates', () => {
  const params = {
    referenceId: 'r1',
    studyTitle: 'Étude <script>alert(1)</script> "A&B"',
    patientIdMasked: '******1234',
    referrerName: 'Anne Roy',
    organisation: 'Clinique d’Anjou',
  };

  it('escape HTML, keep the text as written, and write both languages for an unknown one', () => {
    const both = renderMail('referralReceived', null, params, 'https://app.example/app/references/r1?x=1&y=2');
    expect(both.html).not.toContain('<script>');
    expect(both.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;A&amp;B&quot;');
    expect(both.html).toContain('href="https://app.example/app/references/r1?x=1&amp;y=2"');
    expect(both.text).toContain('Étude <script>alert(1)</script> "A&B"');
    expect(both.subject).toBe(
      'New referral to Étude <script>alert(1)</script> "A&B": patient ******1234 / ' +
        'Nouvelle référence à l’étude «\u00a0Étude <script>alert(1)</script> "A&B"\u00a0»\u00a0: patient ******1234',
    );
    expect(both.text.indexOf('referred patient')).toBeLessThan(both.text.indexOf('a adressé le patient'));
    expect(both.html).toContain('<div lang="en">');
    expect(both.html).toContain('<div lang="fr">');
    const fr = renderMail('referralReceived', 'fr', params, 'https://app.example/x');
    expect(fr.text).toContain('«\u00a0Étude');
    expect(fr.text).toContain('Ouvrir la référence\u00a0: https://app.example/x');
    expect(fr.text).not.toContain('referred');
  });
});
