// The referral portal's service: the recruiting studies' public fields, a referrer's new referral (a Pending reference
// written as staff's are, with its mail) and the referrer's own referrals (docs/referrals.md).
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  criteriaLines,
  LIMITS,
  REFERRAL_STATUS_OF,
  REFERRALS_PER_DAY,
  referenceSchema,
  STAFF_ROLES,
  studiesKind,
  type ChecklistItem,
  type CriterionAnswer,
  type ListResponse,
  type Reference,
  type Referral,
  type ReferralCreate,
  type ReferralDetails,
  type ReferralListQuery,
  type ReferralStudiesQuery,
  type ReferralStudy,
  type Role,
} from '@trialdesk/shared';
import { recordAccess } from '../common/accessLog.js';
import { USERS, type Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { db } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { patientIdentity } from '../common/patientId.js';
import { readBack } from '../common/records.js';
import { teamTimeZone } from '../common/timeZone.js';
import { queueMail, type Recipient } from '../mail/queue.js';
import {
  addReference,
  earliestDuplicate,
  inTransaction,
  newReferenceFields,
  REFERENCES,
  toReferences,
} from '../references/service.js';
import { studiesQuery } from '../studies/service.js';
import { CONTACTS } from '../studyContacts/service.js';

/**
 * Each referrer's referrals of the day: `referralDays/{uid}` → { day: 'YYYY-MM-DD' on the team's clock, count },
 * read and written in each referral's transaction, so concurrent referrals cannot pass the limit. Server-only.
 */
export const REFERRAL_DAYS = 'referralDays';

/** The portal's list: the caller's own references, newest first. */
export const referralShape: QueryShape<'createdAt:desc'> = {
  collection: REFERENCES,
  filters: [{ field: 'refererId', op: '==' }],
  sorts: { 'createdAt:desc': { field: 'createdAt', direction: 'desc' } },
};

/** What the portal reads of a study: its public fields only. */
const STUDY_FIELDS = [
  'title',
  'summary',
  'conditions',
  'specialty',
  'inclusionCriteria',
  'exclusionCriteria',
  'startDate',
  'endDate',
  'version',
] as const;

function toReferralStudy(snap: DocumentSnapshot): ReferralStudy {
  const data = snap.data() ?? {};
  return {
    id: snap.id,
    version: data.version,
    title: data.title,
    summary: data.summary ?? '',
    conditions: data.conditions ?? [],
    specialty: data.specialty,
    inclusionCriteria: data.inclusionCriteria ?? '',
    exclusionCriteria: data.exclusionCriteria ?? '',
    startDate: data.startDate ?? null,
    endDate: data.endDate ?? null,
  };
}

/**
 * The recruiting studies by title, searched by the words of their title, conditions and specialty; with `id`, that
 * study alone when it recruits (an empty page otherwise: a study that does not recruit is not the portal's).
 */
export async function listReferralStudies(q: ReferralStudiesQuery): Promise<ListResponse<ReferralStudy>> {
  if (q.id !== undefined) {
    const snap = await db().collection(studiesKind.collection).doc(q.id).get();
    const items = snap.exists && snap.get('status') === 'Recruiting' ? [toReferralStudy(snap)] : [];
    return { items, total: items.length, page: q.page, pageSize: q.pageSize };
  }
  const query = studiesQuery({ search: q.search, status: 'Recruiting', sort: 'title:asc' });
  return runList(studiesKind.collection, query, q, (docs) => docs.map(toReferralStudy), STUDY_FIELDS);
}

/** A reference as its referrer sees it: never the workflow's words, the decider or anything of other referrals. */
export function toReferral(reference: Reference): Referral {
  return {
    id: reference.id,
    studyId: reference.studyId,
    studyTitle: reference.studyTitle,
    patientIdMasked: reference.patientIdMasked,
    createdAt: reference.createdAt,
    status: REFERRAL_STATUS_OF[reference.status],
    message: reference.triage?.message ?? '',
    decidedAt: reference.decidedAt,
  };
}

/** The caller's own referrals, newest first (a page of references whose `refererId` is theirs). */
export async function listReferrals(q: ReferralListQuery, caller: Caller): Promise<ListResponse<Referral>> {
  const query = shapedQuery(referralShape, { refererId: caller.uid }, 'createdAt:desc');
  return runList(REFERENCES, query, q, async (docs) => (await toReferences(docs)).map(toReferral));
}

/** Today on the team's clock: the day the limit counts in. */
export function teamDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: teamTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The referrer's checklist as stored: each answer beside the criterion it answered; criteriaChanged if it misfits. */
function checklistOf(study: DocumentSnapshot, answers: ReferralCreate['checklist']): ReferralDetails['checklist'] {
  if (answers === undefined) return null;
  const lines = (field: string) => criteriaLines(study.get(field) ?? '').slice(0, LIMITS.criteriaLinesMax);
  const [inclusion, exclusion] = [lines('inclusionCriteria'), lines('exclusionCriteria')];
  if (answers.inclusion.length !== inclusion.length || answers.exclusion.length !== exclusion.length)
    throw fail('failed-precondition', 'criteriaChanged');
  const items = (criteria: string[], given: CriterionAnswer[]): ChecklistItem[] =>
    criteria.map((criterion, i) => ({ criterion, answer: given[i], note: '' }));
  return { inclusion: items(inclusion, answers.inclusion), exclusion: items(exclusion, answers.exclusion) };
}

/** Who hears of a new referral: the study's contact (language unknown) and the approved staff who follow it. */
async function referralRecipients(tx: Transaction, study: DocumentSnapshot): Promise<Recipient[]> {
  const contactId = study.get('contactId') as string | null | undefined;
  const followers = (study.get('followers') as string[] | undefined) ?? [];
  const refs = [
    ...(contactId ? [db().collection(CONTACTS).doc(contactId)] : []),
    ...followers.map((uid) => db().collection(USERS).doc(uid)),
  ];
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  const contact = contactId ? snaps.shift() : undefined;
  const recipients: Recipient[] = contact?.exists ? [{ email: contact.get('email'), language: null }] : [];
  for (const user of snaps) {
    const staff = (STAFF_ROLES as readonly Role[]).includes(user.get('role')) && user.get('roleApproved') === true;
    if (staff) recipients.push({ email: user.get('email'), language: user.get('language') ?? 'en' });
  }
  return recipients;
}

/**
 * "Dr Anne Roy (Clinique du Parc)": the reference's `referer` text, cut to its limit between characters (never inside
 * a surrogate pair, which the schema would refuse).
 */
function refererText(name: string, organisation: string): string {
  let text = '';
  for (const character of organisation ? `${name} (${organisation})` : name) {
    if (text.length + character.length > LIMITS.refererMax) break;
    text += character;
  }
  return text.trim();
}

/**
 * A referral: the study must exist and recruit; the referrer's referrals of the day stay within REFERRALS_PER_DAY;
 * a patient already referred to the study (any reference of the same keyed hash) is answered `alreadyReferred` and
 * nothing is written (the answer is logged as the patient search it is). The reference (Pending, the caller as its
 * referrer), the study's count, its audit entry, the day's count and the mail to the study's contact and followers
 * are written in one transaction. The raw identifier is hashed and masked here and stored nowhere.
 */
export async function createReferral(input: ReferralCreate, caller: Caller): Promise<Referral> {
  const ref = db().collection(REFERENCES).doc();
  const { patientIdHash, ...identity } = patientIdentity(input.patientId);
  const day = teamDay();
  let original: string | null = null;
  try {
    await inTransaction(async (tx) => {
      original = null;
      const studyRef = db().collection(studiesKind.collection).doc(input.studyId);
      const dayRef = db().collection(REFERRAL_DAYS).doc(caller.uid);
      const [study, today, user] = await tx.getAll(studyRef, dayRef, db().collection(USERS).doc(caller.uid));
      if (!study.exists) throw fail('not-found', 'studyNotFound');
      if (study.get('status') !== 'Recruiting') throw fail('failed-precondition', 'studyNotRecruiting');
      const count = today.get('day') === day ? ((today.get('count') as number | undefined) ?? 0) : 0;
      if (count >= REFERRALS_PER_DAY) throw fail('resource-exhausted', 'referralLimit', { max: REFERRALS_PER_DAY });
      const checklist = checklistOf(study, input.checklist);
      original = await earliestDuplicate(tx, input.studyId, patientIdHash);
      if (original) throw fail('already-exists', 'alreadyReferred');
      const recipients = await referralRecipients(tx, study);
      // The name and organisation as the referrer's users record has them now (authorise read it exists).
      const name = `${user.get('firstName') ?? ''} ${user.get('lastName') ?? ''}`.trim();
      const organisation = (user.get('organisation') as string | undefined) ?? '';
      const referral: ReferralDetails = {
        refererId: caller.uid,
        name,
        organisation,
        email: user.get('email') ?? caller.email ?? '',
        phone: input.phone,
        birthYear: input.birthYear,
        sex: input.sex,
        checklist,
        note: input.note,
        consentToContact: true,
      };
      const values = referenceSchema.parse({ studyId: input.studyId, referer: refererText(name, organisation) });
      addReference(tx, ref, caller, newReferenceFields(values, identity, null), patientIdHash, {
        refererId: caller.uid,
        referral,
      });
      tx.set(dayRef, { day, count: count + 1, updatedAt: Timestamp.now() });
      queueMail(tx, 'referralReceived', recipients, {
        referenceId: ref.id,
        studyTitle: study.get('title'),
        patientIdMasked: identity.patientIdMasked,
        referrerName: name,
        organisation,
      });
    });
  } catch (error) {
    // An already-referred answer tells the caller this patient is known to the study: a patient search, logged.
    if (original)
      await recordAccess({
        action: 'searchPatientId',
        patientIdMasked: identity.patientIdMasked,
        targets: [{ id: original, label: identity.patientIdMasked }],
        actorUid: caller.uid,
        actorEmail: caller.email,
        callable: 'referrals-create',
        outcome: 'allowed',
      });
    throw error;
  }
  return toReferral((await toReferences([await readBack(ref)]))[0]);
}
