// The e-mail of access: a request to every approved Admin, an approval or a revocation to the person, each queued in
// the transaction of the change (docs/mail.md).
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import type { Role, UserValues } from '@trialdesk/shared';
import { USERS } from '../common/auth.js';
import { db } from '../common/firebase.js';
import { queueMail, type Recipient } from '../mail/queue.js';

/** A users record as a recipient, in the language it keeps. */
const recipientOf = (user: Pick<UserValues, 'email' | 'language'>): Recipient => ({
  email: user.email,
  language: user.language ?? 'en',
});

/**
 * Queues `accessRequested` to every approved Admin (each in their language), read in the transaction before its
 * writes: the derived `status` is `Admin` for approved Admins only (as assertNotLastAdmin reads them).
 */
export async function queueAccessRequested(
  tx: Transaction,
  requested: Pick<UserValues, 'firstName' | 'lastName' | 'email' | 'role' | 'organisation'>,
): Promise<() => void> {
  const admins = await tx.get(db().collection(USERS).where('status', '==', 'Admin'));
  const recipients = admins.docs.map((admin) => recipientOf(admin.data() as UserValues));
  const name = `${requested.firstName} ${requested.lastName}`.trim();
  return () =>
    queueMail(tx, 'accessRequested', recipients, {
      name,
      email: requested.email,
      role: requested.role,
      organisation: requested.organisation,
    });
}

/**
 * After an approval or a revocation: `accessApproved` when the person gains approval or an approved role changes,
 * `accessRevoked` when they lose approval; nothing when the decision repeats what the record already said.
 */
export function queueAccessDecision(
  tx: Transaction,
  current: DocumentData,
  next: Pick<UserValues, 'email' | 'language' | 'role' | 'roleApproved'>,
): void {
  const role: Role = next.role;
  if (next.roleApproved && (current.roleApproved !== true || current.role !== role)) {
    queueMail(tx, 'accessApproved', [recipientOf(next)], { role });
  } else if (!next.roleApproved && current.roleApproved === true) {
    queueMail(tx, 'accessRevoked', [recipientOf(next)], { role });
  }
}
