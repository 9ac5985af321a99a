// A portal referral's decision told to its referrer by e-mail, in the decision's transaction (docs/referrals.md,
// "Mail"); a reference staff typed has no referrer and causes none.
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { REFERRAL_STATUS_OF, studiesKind, type ReferenceStatus } from '@trialdesk/shared';
import { USERS } from '../common/auth.js';
import { db } from '../common/firebase.js';
import { queueMail, type Recipient } from '../mail/queue.js';

/**
 * The referrer of a stored reference as a recipient, read in the transaction (before its writes): null for a
 * reference staff typed, or a referrer who is no longer an approved referrer (no patient's news to a revoked account).
 */
export async function referrerOf(tx: Transaction, reference: DocumentData): Promise<Recipient | null> {
  if (typeof reference.refererId !== 'string') return null;
  const user = await tx.get(db().collection(USERS).doc(reference.refererId));
  if (user.get('role') !== 'User' || user.get('roleApproved') !== true) return null;
  return { email: user.get('email'), language: user.get('language') ?? 'en' };
}

/** The study's title for the message, read in the transaction (the id when the study is gone). */
export async function studyTitleOf(tx: Transaction, studyId: string): Promise<string> {
  const study = await tx.get(db().collection(studiesKind.collection).doc(studyId));
  return (study.get('title') as string | undefined) ?? studyId;
}

/** Queues `referralDecided` to the referrer: the status in plain words, the coordinator's message as written. */
export function queueDecided(
  tx: Transaction,
  referrer: Recipient,
  decided: { studyTitle: string; patientIdMasked: string; status: ReferenceStatus; message: string },
): void {
  queueMail(tx, 'referralDecided', [referrer], {
    studyTitle: decided.studyTitle,
    patientIdMasked: decided.patientIdMasked,
    status: REFERRAL_STATUS_OF[decided.status],
    message: decided.message,
  });
}
