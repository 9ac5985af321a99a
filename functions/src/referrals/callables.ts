// Callables of the referral portal, for approved referrers (role User) only: the recruiting studies, a new referral,
// the caller's own referrals (docs/referrals.md).
import { maskPatientId } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { PATIENT_ID_SECRET_NAME } from '../common/patientId.js';
import { createReferral, listReferralStudies, listReferrals } from './service.js';

const access = 'referrer';
// Bound for deploys; the Functions emulator would try to fetch it from Secret Manager (the stack uses a dev value).
const secrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [PATIENT_ID_SECRET_NAME];

export const studies = callable('referrals-studies', { access }, (data) => listReferralStudies(data));

// Logged as a staff creation is: the reference written, and the patient search its duplicate check made (which
// found none, or the call would have been refused with alreadyReferred, logged by the service).
export const create = callable(
  'referrals-create',
  {
    access,
    secrets,
    logAccess: (data, result) => [
      { action: 'writeReference', targets: [{ id: result.id, label: result.patientIdMasked }] },
      { action: 'searchPatientId', patientIdMasked: maskPatientId(data.patientId), targets: [] },
    ],
  },
  createReferral,
);

// The caller's own referrals: the referrer's own patients, each shown masked, logged like a staff list.
export const list = callable(
  'referrals-list',
  {
    access,
    logAccess: (_data, result) => ({
      action: 'listReferences',
      targets: result.items.map((item) => ({ id: item.id, label: item.patientIdMasked })),
    }),
  },
  listReferrals,
);
