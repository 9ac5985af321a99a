// The idle sign-out on the server (`users-endSession`), asked once for all the tabs that reach the idle moment.
import { callCallable } from '../api/callable';
import { loadPersisted, savePersisted } from '../persist';
import { readLastActivity } from './idle';

/**
 * The last input time whose idle sign-out the server has answered: the other tabs, which reach the same moment,
 * need not ask again (their call would be refused, and recorded as a refusal).
 */
export const SESSIONS_ENDED_STORAGE_KEY = 'trialdesk.sessionsEndedFor';

const isTime = (value: unknown): value is number => typeof value === 'number';

/**
 * Ends this browser's session on the server, so that a token copied from it, or refreshed from a copied one, stops
 * working (refused by the callables and storage.rules); the person's other sessions go on. Call it while Firebase
 * still holds the session: its token makes the call.
 */
export async function endServerSession(): Promise<void> {
  const idleSince = readLastActivity();
  if (idleSince !== null && loadPersisted(SESSIONS_ENDED_STORAGE_KEY, isTime) === idleSince) return;
  await callCallable('users-endSession', {});
  if (idleSince !== null) savePersisted(SESSIONS_ENDED_STORAGE_KEY, idleSince);
}
