// The referral portal's demo data: the Editor follows two studies, the demo referrer (user@trialdesk.test) refers
// patients through `referrals-create`, and the Editor decides some on the triage screen's callable with a message;
// the mail these write (referral received, decisions) is sent by the mail trigger like any other (docs/mail.md).
import { Timestamp } from 'firebase-admin/firestore';
import { criteriaLines, type ReferralCreate, type Study } from '@trialdesk/shared';
import { db } from '@trialdesk/functions/common/firebase';
import { REFERENCES } from '@trialdesk/functions/references/service';
import { mapLimit, type Client } from './client.js';
import { DEMO_REFERRALS, FOLLOWED_STUDIES, type DemoReferral } from './seed-data.js';

const DAY_MS = 86_400_000;

/** The study of each title the demo referrals and follows name (a typo in the data fails the seed, loudly). */
function studyNamed(studies: Study[], title: string): Study {
  const study = studies.find((s) => s.title === title);
  if (!study) throw new Error(`seed: no demo study is titled "${title}"`);
  return study;
}

/** What the referrer sends for one demo referral: their checklist as far as they know, when they answered it. */
function referralRequest(referral: DemoReferral, study: Study, phone: string): ReferralCreate {
  const inclusion = criteriaLines(study.inclusionCriteria);
  const exclusion = criteriaLines(study.exclusionCriteria);
  return {
    studyId: study.id,
    patientId: referral.patientId,
    birthYear: referral.birthYear,
    sex: referral.sex,
    note: referral.note,
    consentToContact: true,
    phone,
    ...(referral.checklist
      ? {
          checklist: {
            inclusion: inclusion.map((_, i) => (i === inclusion.length - 1 ? 'unknown' : 'met')),
            exclusion: exclusion.map(() => 'notMet'),
          },
        }
      : {}),
  };
}

/**
 * The coordinator's decision on one referral, as the triage screen sends it: the study's criteria answered (an
 * acceptance meets them all; a rejection finds the exclusion it names met), the reason, the message to the referrer.
 */
async function decide(editor: Client, id: string, decision: NonNullable<DemoReferral['decision']>): Promise<void> {
  const reference = await editor.call('references-get', { id });
  const study = await editor.call('studies-get', { id: reference.studyId });
  await editor.call('references-triage', {
    id,
    version: reference.version,
    studyVersion: study.version,
    decision: decision.status,
    inclusion: criteriaLines(study.inclusionCriteria).map(() => ({ answer: 'met', note: '' })),
    exclusion: criteriaLines(study.exclusionCriteria).map((_, i) =>
      i === decision.exclusionMet
        ? { answer: 'met', note: 'Found in the hospital record at screening.' }
        : { answer: 'notMet', note: '' },
    ),
    reason: decision.reason ?? null,
    message: decision.message,
  });
}

/**
 * Seeds the portal's demo: follows, referrals and decisions through the callables as the Editor and the referrer,
 * then moves the referrals back over the last three weeks (the portal makes each one now; demo data only, written
 * with the Admin SDK). `phone`: the referrer's, given with each referral. Answers how many referrals it made.
 */
export async function seedReferrals(
  editor: Client,
  referrer: Client,
  studies: Study[],
  phone: string,
): Promise<number> {
  for (const title of FOLLOWED_STUDIES)
    await editor.call('studies-follow', { id: studyNamed(studies, title).id, follow: true });
  // One at a time, oldest first: the portal's list orders them by when they were made.
  const made: { id: string; referral: DemoReferral }[] = [];
  for (const referral of [...DEMO_REFERRALS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const answer = await referrer.call(
      'referrals-create',
      referralRequest(referral, studyNamed(studies, referral.study), phone),
    );
    made.push({ id: answer.id, referral });
  }
  await mapLimit(
    made.filter(({ referral }) => referral.decision),
    4,
    ({ id, referral }) => decide(editor, id, referral.decision!),
  );
  const now = Date.now();
  const batch = db().batch();
  for (const { id, referral } of made) {
    // Made that many days ago; decided a day or two later, never in the future.
    const createdAt = Math.min(now - referral.daysAgo * DAY_MS, now - 60_000);
    const decidedAt = Math.min(createdAt + (1 + (referral.daysAgo % 2)) * DAY_MS, now - 30_000);
    batch.update(db().collection(REFERENCES).doc(id), {
      createdAt: Timestamp.fromMillis(createdAt),
      ...(referral.decision
        ? { decidedAt: Timestamp.fromMillis(decidedAt), decisionDays: (decidedAt - createdAt) / DAY_MS }
        : {}),
    });
  }
  await batch.commit();
  return made.length;
}
