// Callables of references, with the access log of patient-level reads.
import { maskPatientId } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { exportRead, exportReferences } from '../exports/service.js';
import { PATIENT_ID_SECRET_NAME } from '../common/patientId.js';
import {
  createReference,
  deleteReference,
  getReference,
  listReferences,
  triageReference,
  updateReference,
} from './service.js';

// Bound for deploys; the Functions emulator would try to fetch it from Secret Manager (the stack uses a dev value).
const secrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [PATIENT_ID_SECRET_NAME];

// Who looked at which patient's references: one access-log entry per reference read and per patient-ID search.
export const list = callable(
  'references-list',
  {
    access: 'staff',
    secrets,
    logAccess: (data) => (data.patientId ? { action: 'searchPatientId', detail: maskPatientId(data.patientId) } : null),
  },
  (data) => listReferences(data),
);
export const get = callable(
  'references-get',
  { access: 'staff', secrets, logAccess: (data) => ({ action: 'readReference', targetId: data.id }) },
  (data) => getReference(data.id),
);
export const create = callable('references-create', { access: 'staff', secrets }, createReference);
export const update = callable('references-update', { access: 'staff', secrets }, updateReference);
export const triage = callable('references-triage', { access: 'staff', secrets }, triageReference);
const remove = callable('references-delete', { access: 'admin', secrets }, deleteReference);
const exportCsv = callable(
  'references-export',
  { access: 'staff', secrets, logAccess: (data, result) => exportRead('references', data, result.rows) },
  exportReferences,
);
// `delete` and `export` are reserved words: exported under their deployed names.
export { remove as delete, exportCsv as export };
