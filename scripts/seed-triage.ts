// The staff references' demo history: some pending ones decided on the triage screen's callable, then all moved back
// over the last six months (docs/decisions.md, "Demo history is moved back in time").
import { Timestamp } from 'firebase-admin/firestore';
import { criteriaLines, REJECT_REASONS, type CriterionAnswer, type Reference, type Study } from '@trialdesk/shared';
import { db } from '@trialdesk/functions/common/firebase';
import { REFERENCES as REFERENCES_COLLECTION } from '@trialdesk/functions/references/service';
import { mapLimit, type Client } from './client.js';

/** Pending referrals decided on the triage screen's callable, with their checklists and reasons. */
const TRIAGED = 30;
/** The demo's history: referrals over the last six months, the undecided ones among the latest weeks. */
const HISTORY_DAYS = 182;
const PENDING_DAYS = 35;
const DAY_MS = 86_400_000;

/**
 * Decides some pending referrals through `references-triage`, as a coordinator on the triage screen would: the
 * checklist answered from the study's criteria, most accepted, some rejected with a reason.
 */
export async function triageSome(
  admin: Client,
  references: Reference[],
  studies: Study[],
  rand: () => number,
  concurrency: number,
): Promise<Map<string, Reference>> {
  const byId = new Map(studies.map((study) => [study.id, study]));
  const pending = references.filter((r) => r.status === 'Pending').slice(0, TRIAGED);
  const decided = await mapLimit(pending, concurrency, (reference, i) => {
    const study = byId.get(reference.studyId)!;
    const reject = i % 3 === 2;
    const answer = (kind: 'inclusion' | 'exclusion') => (line: string, index: number) => {
      const fails = reject && index === 0;
      const value: CriterionAnswer =
        kind === 'inclusion' ? (fails ? 'notMet' : rand() < 0.15 ? 'unknown' : 'met') : fails ? 'met' : 'notMet';
      return { answer: value, note: fails ? `Checked with the referring physician (${line.slice(0, 30)})` : '' };
    };
    const reason = reject ? REJECT_REASONS[Math.floor(rand() * (REJECT_REASONS.length - 1))] : null;
    return admin.call('references-triage', {
      id: reference.id,
      version: reference.version,
      studyVersion: study.version,
      decision: reject ? 'Rejected' : 'Accepted',
      inclusion: criteriaLines(study.inclusionCriteria).map(answer('inclusion')),
      exclusion: criteriaLines(study.exclusionCriteria).map(answer('exclusion')),
      reason,
      reasonNote: reject ? 'Discussed at the weekly triage meeting.' : '',
    });
  });
  return new Map(decided.map((reference) => [reference.id, reference]));
}

/**
 * Moves the demo referrals back over the last six months (the API makes every referral now, as it should), oldest
 * first in creation order so duplicates stay after their originals; a decision follows its referral by 0 to 3
 * weeks, and the undecided ones are recent. Demo data only: written with the Admin SDK.
 */
export async function spreadOverMonths(references: Reference[], rand: () => number): Promise<void> {
  const now = Date.now();
  // Duplicates go last with the undecided: after their originals, whichever side those are on.
  const recent = (r: Reference) => r.decidedAt === null || r.status === 'Duplicate';
  const batch = db().batch();
  const place = (list: Reference[], spanDays: number, end: number) =>
    list.forEach((reference, i) => {
      const span = spanDays * DAY_MS;
      const created = Math.min(end - span + ((i + rand() * 0.8) / list.length) * span, now - 60_000);
      const update: Record<string, unknown> = { createdAt: Timestamp.fromMillis(created) };
      if (!recent(reference)) {
        // Most decisions within days, a few after weeks.
        const decided = Math.min(created + (rand() * rand() * 21 + rand()) * DAY_MS, now - 30_000);
        update.decidedAt = Timestamp.fromMillis(decided);
        update.decisionDays = (decided - created) / DAY_MS;
      }
      batch.update(db().collection(REFERENCES_COLLECTION).doc(reference.id), update);
    });
  place(
    references.filter((r) => !recent(r)),
    HISTORY_DAYS,
    now - 7 * DAY_MS,
  );
  place(references.filter(recent), PENDING_DAYS, now);
  await batch.commit();
}
