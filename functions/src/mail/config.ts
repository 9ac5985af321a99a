// The app's base address for the links in e-mail: the `APP_URL` parameter (docs/mail.md, "Configuration").
import { defineString } from 'firebase-functions/params';
import { deploymentSetting, parameterOptions } from '@trialdesk/shared';

/**
 * Declared once at load, so a deploy asks for it (or reads it from functions/.env.<project>). It has no default on
 * purpose: a deploy must not link to a guessed address, and the Functions emulator would write a defaulted value into
 * the `.env.local` of the functions' `configDir`. The emulator reads parameters from those dotenv files only, never
 * from its process's environment, and in non-interactive mode refuses to load the functions when one is missing: each
 * local stack writes its own (docs/mail.md, "Configuration"). Code running in another process (the in-process seed
 * and tests) reads `process.env.APP_URL`.
 */
export const APP_URL = defineString('APP_URL', parameterOptions('APP_URL'));

/**
 * Only for emulators (stack facts, as patientId.ts's development secret): `npm start`'s Hosting address (the setting's
 * demo value), for a process of the local stack that was not given APP_URL (a script such as grant-admin beside it).
 */
const DEVELOPMENT_APP_URL = deploymentSetting('APP_URL').demo!;

/** The app's base address without a trailing slash; a missing or malformed one stops the write that mails. */
export function appUrl(): string {
  const emulated = process.env.FUNCTIONS_EMULATOR === 'true' || Boolean(process.env.FIRESTORE_EMULATOR_HOST);
  const value = APP_URL.value().trim() || (emulated ? DEVELOPMENT_APP_URL : '');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`APP_URL "${value}" is not set to the app's address (such as https://trialdesk.example.org)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`APP_URL "${value}" is not http(s)`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The absolute address of a screen of the app (`path` starts with a slash and may carry a query). */
export const appLink = (path: string): string => `${appUrl()}${path}`;
