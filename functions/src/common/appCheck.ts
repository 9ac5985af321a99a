// App Check: the ENFORCE_APP_CHECK parameter every callable and files-download obey, and the check files-download
// makes itself (an HTTP function gets none from the SDK). docs/operations.md, "App Check".
import type { IncomingMessage } from 'node:http';
import { getAppCheck } from 'firebase-admin/app-check';
import { defineBoolean } from 'firebase-functions/params';
import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import { DEPLOYMENT_SETTINGS } from '@trialdesk/shared';
import { auth } from './firebase.js';

const SETTING = DEPLOYMENT_SETTINGS.find((setting) => setting.name === 'ENFORCE_APP_CHECK')!;

/**
 * Whether calls without a valid App Check token are refused: true unless the project's functions/.env.<project>
 * says false (a first deployment, before the web app's tokens are seen in the console). The local stack writes it
 * into its own functions config: false for `npm start`, true for the test stacks.
 */
export const ENFORCE_APP_CHECK = defineBoolean(SETTING.name, {
  default: SETTING.default === 'true',
  description: SETTING.describe,
});

/**
 * The value the callables are declared with. A deploy's discovery loads the functions to read their options
 * (FUNCTIONS_CONTROL_API), where no call is served and the SDK warns at each `.value()`: it is read only where the
 * functions run.
 */
export function enforcesAppCheck(): boolean {
  return process.env.FUNCTIONS_CONTROL_API === 'true' ? SETTING.default === 'true' : ENFORCE_APP_CHECK.value();
}

/**
 * Whether firebase-functions skips token verification, as the Functions emulator asks of it (FIREBASE_DEBUG_MODE and
 * FIREBASE_DEBUG_FEATURES' skipTokenVerification): its callables then take any App Check token present.
 */
function verificationSkipped(): boolean {
  if (process.env.FIREBASE_DEBUG_MODE !== 'true') return false;
  try {
    return Boolean(
      (JSON.parse(process.env.FIREBASE_DEBUG_FEATURES ?? '{}') as Record<string, unknown>).skipTokenVerification,
    );
  } catch {
    return false;
  }
}

/**
 * What a callable with `enforceAppCheck` does with the request's `X-Firebase-AppCheck` header, for an HTTP function:
 * null when the call may go on, else the refusal firebase-functions answers (`unauthenticated`, no message key).
 * The token is verified by firebase-admin (signature by App Check's keys, project, expiry); without enforcement a
 * missing or invalid one is let through, as the callables do.
 */
export async function appCheckRefusal(req: IncomingMessage): Promise<HttpsError | null> {
  if (!ENFORCE_APP_CHECK.value()) return null;
  const header = req.headers['x-firebase-appcheck'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) return new HttpsError('unauthenticated', 'Unauthenticated');
  if (verificationSkipped()) return null;
  try {
    await getAppCheck(auth().app).verifyToken(token);
    return null;
  } catch (error) {
    logger.warn('Failed to validate AppCheck token.', { errorMessage: (error as Error).message });
    return new HttpsError('unauthenticated', 'Unauthenticated');
  }
}
