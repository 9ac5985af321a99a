// What is stored instead of a raw patient identifier: a masked form and a keyed hash (HMAC).
import { createHmac } from 'node:crypto';
import { maskPatientId, normalizePatientId } from '@trialdesk/shared';

// Only for emulators (stack facts): production reads the Secret Manager secret from the environment.
const DEVELOPMENT_SECRET = 'trialdesk-local-development-secret';
export const PATIENT_ID_SECRET_NAME = 'PATIENT_ID_HASH_SECRET';

function secret(): string {
  const value = process.env[PATIENT_ID_SECRET_NAME];
  if (value) return value;
  if (process.env.FUNCTIONS_EMULATOR === 'true' || process.env.FIRESTORE_EMULATOR_HOST) return DEVELOPMENT_SECRET;
  throw new Error(`${PATIENT_ID_SECRET_NAME} is not set`);
}

export interface PatientIdentity {
  patientIdMasked: string;
  /** HMAC-SHA256 (hex) of the normalised identifier: exact-match search and duplicate detection. */
  patientIdHash: string;
  productPatientId: string;
}

/** What is stored instead of a raw patient identifier. */
export function patientIdentity(raw: string): PatientIdentity {
  const hash = createHmac('sha256', secret()).update(normalizePatientId(raw)).digest('hex');
  return {
    patientIdMasked: maskPatientId(raw),
    patientIdHash: hash,
    productPatientId: `TD-${hash.slice(0, 10).toUpperCase()}`,
  };
}
