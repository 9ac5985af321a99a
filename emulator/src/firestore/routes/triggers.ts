// The REST endpoints a Functions emulator registers Firestore triggers through (firebase-tools' addFirestoreTrigger),
// 2nd gen and 1st gen; their events are sent after each commit (events.ts).
import type { EmulatorState } from '../state.js';
import { parseV1Trigger, parseV2Trigger, TriggerError, type Trigger } from '../triggers.js';
import { restError, type RestAnswer, type RestRoute } from './admin.js';

/** Reads `body` as JSON of the `expected` shape, and registers the trigger `parse` makes of it for `project`. */
function register(
  state: EmulatorState,
  project: string,
  body: Buffer,
  expected: string,
  parse: (parsed: unknown) => Trigger,
): RestAnswer {
  if (!state.events) return restError(501, 'This emulator delivers no document events.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return restError(400, `The body is not JSON; expected ${expected}.`);
  }
  try {
    state.events.triggers.set(decodeURIComponent(project), parse(parsed));
  } catch (e) {
    if (e instanceof TriggerError) return restError(400, e.message);
    throw e;
  }
  return { code: 200, body: '{}' };
}

/** `POST /emulator/v1/projects/{project}/eventarcTrigger?eventarcTriggerId={key}`: a 2nd gen trigger. */
export const registerEventarcTrigger: RestRoute = (state, [project], body, query) => {
  const key = query.get('eventarcTriggerId');
  if (!key) return restError(400, 'The eventarcTriggerId query parameter is required.');
  const expected = '{eventType, database, namespace, document: {value, matchType}}';
  return register(state, project, body, expected, (parsed) => parseV2Trigger(key, parsed));
};

/** `PUT /emulator/v1/projects/{project}/triggers/{key}`: a 1st gen trigger (firebase-functions/v1). */
export const registerLegacyTrigger: RestRoute = (state, [project, key], body) =>
  register(state, project, body, '{eventTrigger: {eventType, resource}}', (parsed) =>
    parseV1Trigger(decodeURIComponent(key), parsed),
  );
