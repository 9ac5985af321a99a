// The mail group's functions: `mail-send` (the trigger that sends each new message), `mail-retry` (its retries, a
// Cloud Tasks queue), `mail-sweep` (the messages no trigger took) and `mail-list` (the Admins' queue). Why Cloud
// Tasks: docs/mail.md, "Sending".
import { Timestamp } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { logger } from 'firebase-functions/v2';
import { FUNCTIONS_REGION, MAIL_COLLECTION, MAIL_GIVE_UP_MS } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { db, tasks } from '../common/firebase.js';
import {
  MAIL_RETRY_MAX_SECONDS,
  MAIL_RETRY_MIN_SECONDS,
  MAX_DOUBLINGS,
  LEASE_MS,
  attempt,
  backoffSeconds,
  type Outcome,
} from './deliver.js';
import { listMail } from './list.js';
import { SMTP_PASSWORD } from './smtp.js';

/** The retry function's deployed name: its task queue is named after it. */
export const RETRY_FUNCTION = 'mail-retry';

/** Outcomes that leave the message to a later attempt. */
const UNSETTLED: readonly Outcome[] = ['retrying', 'busy'];

/**
 * Puts the message on the retry queue after `delaySeconds`, once: the task is named after the message, so a second
 * delivery of the event (or a second trigger's run) finds it there already.
 */
export async function scheduleRetry(id: string, delaySeconds: number): Promise<void> {
  const queue = tasks().taskQueue(`locations/${FUNCTIONS_REGION}/functions/${RETRY_FUNCTION}`);
  try {
    await queue.enqueue({ id }, { id, scheduleDelaySeconds: delaySeconds });
  } catch (error) {
    if (!String((error as { code?: string }).code).endsWith('task-already-exists')) throw error;
  }
}

/**
 * Sends each new message at once; one that is not sent (a failure to retry, or another delivery of the event
 * sending it) goes on the retry queue. `retry`: should recording or queueing fail, the event is delivered again.
 */
export const send = onDocumentCreated(
  { document: `${MAIL_COLLECTION}/{id}`, region: FUNCTIONS_REGION, secrets: [SMTP_PASSWORD], retry: true },
  async (event) => {
    const { id } = event.params;
    const outcome = await attempt(id, 0);
    if (UNSETTLED.includes(outcome)) {
      await scheduleRetry(id, outcome === 'busy' ? LEASE_MS / 1000 : backoffSeconds(0));
    }
  },
);

/**
 * The retries: Cloud Tasks calls it again with its exponential backoff (the same waits `backoffSeconds` records)
 * for as long as it answers an error, so an attempt that is not settled throws. `maxAttempts` and `maxRetrySeconds`
 * only bound a queue that keeps failing by itself: `attempt` gives a message up after MAIL_GIVE_UP_MS and the task
 * then ends.
 */
export const retry = onTaskDispatched<{ id?: unknown }>(
  {
    region: FUNCTIONS_REGION,
    secrets: [SMTP_PASSWORD],
    retryConfig: {
      maxAttempts: 100,
      maxRetrySeconds: MAIL_GIVE_UP_MS / 1000,
      minBackoffSeconds: MAIL_RETRY_MIN_SECONDS,
      maxBackoffSeconds: MAIL_RETRY_MAX_SECONDS,
      maxDoublings: MAX_DOUBLINGS,
    },
    rateLimits: { maxConcurrentDispatches: 10 },
  },
  async (request) => {
    const { id } = request.data ?? {};
    if (typeof id !== 'string' || !/^[A-Za-z0-9]{1,100}$/.test(id)) {
      // Not a task this code queues: nothing to retry.
      logger.error('mail-retry: a task without a message id', { queue: request.queueName });
      return;
    }
    const outcome = await attempt(id, request.retryCount ?? 0);
    if (UNSETTLED.includes(outcome)) throw new HttpsError('unavailable', `mail ${id}: ${outcome}`);
  },
);

/**
 * How long a message may stay `pending` before the sweep takes it: the trigger claims a message within seconds of
 * its write, so one still pending after this was never taken by it.
 */
export const MISSED_AFTER_MS = 10 * 60_000;

/**
 * Puts on the retry queue every message still `pending` (never claimed) `olderThanMs` after it was written: its
 * trigger never ran, as when the functions were not yet deployed, or the local Functions emulator not yet loaded,
 * when it was written (an event without a trigger is dropped). Once each: the task is named after the message.
 * Answers their ids.
 */
export async function requeueMissed(olderThanMs: number): Promise<string[]> {
  const pending = await db()
    .collection(MAIL_COLLECTION)
    .where('delivery.state', '==', 'pending')
    .where('createdAt', '<=', Timestamp.fromMillis(Date.now() - olderThanMs))
    .get();
  const ids = pending.docs.map((doc) => doc.id);
  await Promise.all(ids.map((id) => scheduleRetry(id, 0)));
  return ids;
}

/** Every 15 minutes, the messages no trigger took go to `mail-retry` (requeueMissed). */
export const sweep = onSchedule({ schedule: 'every 15 minutes', region: FUNCTIONS_REGION }, async () => {
  const { length } = await requeueMissed(MISSED_AFTER_MS);
  if (length > 0) logger.warn('mail: messages no trigger took, put on the retry queue', { count: length });
});

export const list = callable('mail-list', { access: 'admin' }, (data) => listMail(data));
