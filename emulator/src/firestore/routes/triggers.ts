// The REST endpoints a Functions emulator registers Firestore triggers through (firebase-tools' addFirestoreTrigger):
// 2nd gen ones (CloudEvents) are delivered after each commit (events.ts); 1st gen ones are refused.
import { parseV2Trigger, TriggerError } from '../triggers.js';
import { restError, type RestRoute } from './admin.js';

/** `POST /emulator/v1/projects/{project}/eventarcTrigger?eventarcTriggerId={key}`, the body as parseV2Trigger reads it. */
export const registerEventarcTrigger: RestRoute = (state, [project], body, query) => {
  if (!state.events) return restError(501, 'This emulator delivers no document events.');
  const key = query.get('eventarcTriggerId');
  if (!key) return restError(400, 'The eventarcTriggerId query parameter is required.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return restError(
      400,
      'The body is not JSON; expected {eventType, database, namespace, document: {value, matchType}}.',
    );
  }
  try {
    state.events.triggers.set(decodeURIComponent(project), parseV2Trigger(key, parsed));
  } catch (e) {
    if (e instanceof TriggerError) return restError(400, e.message);
    throw e;
  }
  return { code: 200, body: '{}' };
};

/**
 * `PUT /emulator/v1/projects/{project}/triggers/{key}`: a 1st gen trigger (firebase-functions/v1), whose legacy
 * JSON events this emulator does not send. Refused, so firebase-tools says so at load time rather than the function
 * silently never running.
 */
export const registerLegacyTrigger: RestRoute = (_state, [, key]) =>
  restError(
    501,
    `1st gen Firestore triggers are not supported by the built-in emulator (${decodeURIComponent(key)}): ` +
      'use firebase-functions/v2/firestore.',
  );
