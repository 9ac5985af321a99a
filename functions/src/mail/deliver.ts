// One delivery attempt of a `mail/{id}` document: claim it in a transaction, send it, record the outcome; and the
// backoff between attempts (docs/mail.md, "Sending").
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { defineInt } from 'firebase-functions/params';
import { logger } from 'firebase-functions/v2';
import { MAIL_COLLECTION, MAIL_GIVE_UP_MS, parameterOptions, type MailDocument } from '@trialdesk/shared';
import { db, transaction } from '../common/firebase.js';
import { SendError, sendMessage } from './smtp.js';

const minSeconds = parameterOptions('MAIL_RETRY_MIN_SECONDS');
/** The wait after a message's first failure, doubled after each further one up to MAIL_RETRY_MAX_SECONDS. */
export const MAIL_RETRY_MIN_SECONDS = defineInt('MAIL_RETRY_MIN_SECONDS', {
  ...minSeconds,
  default: Number(minSeconds.default),
});
const maxSeconds = parameterOptions('MAIL_RETRY_MAX_SECONDS');
/** The longest wait between two attempts (its description and default: shared/src/deployment.ts). */
export const MAIL_RETRY_MAX_SECONDS = defineInt('MAIL_RETRY_MAX_SECONDS', {
  ...maxSeconds,
  default: Number(maxSeconds.default),
});
/** Doublings before the wait stops growing (Cloud Tasks' maxDoublings): enough for any cap above. */
export const MAX_DOUBLINGS = 16;

/**
 * How long a claim (`sending`) holds: a sender that has not recorded an outcome by then is taken to have died and
 * the message may be claimed again. Well over one send's own timeouts (smtp.ts) and the functions' timeout.
 */
export const LEASE_MS = 5 * 60_000;

/** The wait in seconds after the failure of the attempt that was retry `retryCount` (0: the first attempt). */
export function backoffSeconds(retryCount: number): number {
  const min = MAIL_RETRY_MIN_SECONDS.value();
  return Math.min(MAIL_RETRY_MAX_SECONDS.value(), min * 2 ** Math.min(Math.max(retryCount, 0), MAX_DOUBLINGS));
}

/**
 * What an attempt came to: `sent`; `retrying` (a failure to try again); `failed` (refused for good, or given up);
 * `busy` (another delivery holds the claim now); `done` (already sent or failed); `missing` (no such document).
 */
export type Outcome = 'sent' | 'retrying' | 'failed' | 'busy' | 'done' | 'missing';

type Stored = MailDocument<Timestamp>;
const millis = (time: Timestamp | null | undefined) => (time instanceof Timestamp ? time.toMillis() : null);

type Claim = { outcome: Exclude<Outcome, 'sent' | 'retrying'> } | { outcome: 'claimed'; doc: Stored };

/**
 * Takes the message for one attempt: `sending` with the attempt counted and its time (the lease's start), unless
 * it is sent or failed, claimed by a live lease, or past MAIL_GIVE_UP_MS (then `failed` here). In a transaction,
 * so of two deliveries of one event only one claims it.
 */
function claim(id: string): Promise<Claim> {
  const ref = db().collection(MAIL_COLLECTION).doc(id);
  return transaction(async (tx): Promise<Claim> => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { outcome: 'missing' };
    const doc = snap.data() as Stored;
    const { state, lastAttemptAt, lastError } = doc.delivery;
    if (state === 'sent' || state === 'failed') return { outcome: 'done' };
    const now = Date.now();
    if (state === 'sending' && now - (millis(lastAttemptAt) ?? 0) < LEASE_MS) return { outcome: 'busy' };
    if (now >= (millis(doc.createdAt) ?? now) + MAIL_GIVE_UP_MS) {
      tx.update(ref, {
        'delivery.state': 'failed',
        'delivery.nextAttemptAt': null,
        'delivery.lastError': lastError ?? 'Not sent within a day',
      });
      return { outcome: 'failed' };
    }
    tx.update(ref, {
      'delivery.state': 'sending',
      'delivery.attempts': FieldValue.increment(1),
      'delivery.lastAttemptAt': Timestamp.fromMillis(now),
      'delivery.nextAttemptAt': null,
    });
    return { outcome: 'claimed', doc };
  });
}

/**
 * One attempt to send the message `id`, which follows `retryCount` earlier retries (what Cloud Tasks counts; 0 for
 * the trigger's attempt): the wait recorded in `nextAttemptAt` is the one the retry queue applies next. A failure
 * is `retrying` until the next attempt would come after MAIL_GIVE_UP_MS from the message's creation (`failed` then),
 * or `failed` at once when the server refused the message for good.
 */
export async function attempt(id: string, retryCount: number): Promise<Outcome> {
  const claimed = await claim(id);
  if (claimed.outcome !== 'claimed') return claimed.outcome;
  const { doc } = claimed;
  const ref = db().collection(MAIL_COLLECTION).doc(id);
  let messageId: string;
  try {
    messageId = await sendMessage(doc);
  } catch (error) {
    const failure =
      error instanceof SendError ? error : new SendError((error as Error).message ?? String(error), false);
    const next = Date.now() + backoffSeconds(retryCount) * 1000;
    const createdAt = millis(doc.createdAt) ?? Date.now();
    const giveUp = failure.permanent || next >= createdAt + MAIL_GIVE_UP_MS;
    // The message's id and kind only: its address and text stay out of the logs.
    logger.warn('mail: a send failed', { id, kind: doc.kind, permanent: failure.permanent, error: failure.message });
    await ref.update({
      'delivery.state': giveUp ? 'failed' : 'retrying',
      'delivery.lastError': failure.message,
      'delivery.nextAttemptAt': giveUp ? null : Timestamp.fromMillis(next),
    });
    return giveUp ? 'failed' : 'retrying';
  }
  // lastError stays: a message sent after failures shows what held it up.
  await ref.update({
    'delivery.state': 'sent',
    'delivery.sentAt': Timestamp.now(),
    'delivery.messageId': messageId,
    'delivery.nextAttemptAt': null,
  });
  return 'sent';
}
