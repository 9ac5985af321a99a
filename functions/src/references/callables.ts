// Callables of references, with the access log of every answer that carries patient-level data.
import { maskPatientId, type Reference } from '@trialdesk/shared';
import type { AccessRead } from '../common/accessLog.js';
import { callable } from '../common/callable.js';
import { exportRead } from '../common/exports.js';
import { PATIENT_ID_SECRET_NAME } from '../common/patientId.js';
import {
  createReference,
  deleteReference,
  exportReferences,
  getReference,
  listReferences,
  triageReference,
  updateReference,
} from './service.js';

// Bound for deploys; the Functions emulator would try to fetch it from Secret Manager (the stack uses a dev value).
const secrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [PATIENT_ID_SECRET_NAME];

/** A patient-ID search: the identifier masked, and the references of that patient it found. */
const search = (patientId: string, found: string[]): AccessRead => ({
  action: 'searchPatientId',
  detail: maskPatientId(patientId),
  targetIds: found,
});

/** A reference written and answered; a new identifier was also checked against the study's references (the
 * duplicate check), which is the patient search it answers with `duplicateOf`. */
const written = (result: Reference, patientId?: string): AccessRead[] => [
  { action: 'writeReference', targetIds: [result.id] },
  ...(patientId === undefined ? [] : [search(patientId, result.duplicateOf ? [result.duplicateOf] : [])]),
];

// Who saw which references: one access-log entry per answer (docs/security.md, "Access log").
export const list = callable(
  'references-list',
  {
    access: 'staff',
    secrets,
    logAccess: (data, result) => {
      const ids = result.items.map((reference) => reference.id);
      return data.patientId ? search(data.patientId, ids) : { action: 'listReferences', targetIds: ids };
    },
  },
  (data) => listReferences(data),
);
export const get = callable(
  'references-get',
  { access: 'staff', secrets, logAccess: (data) => ({ action: 'readReference', targetIds: [data.id] }) },
  (data) => getReference(data.id),
);
export const create = callable(
  'references-create',
  { access: 'staff', secrets, logAccess: (data, result) => written(result, data.patientId) },
  createReference,
);
export const update = callable(
  'references-update',
  { access: 'staff', secrets, logAccess: (data, result) => written(result, data.patientId) },
  updateReference,
);
export const triage = callable(
  'references-triage',
  { access: 'staff', secrets, logAccess: (_data, result) => written(result) },
  triageReference,
);
const remove = callable('references-delete', { access: 'admin', secrets }, deleteReference);
const exportCsv = callable(
  'references-export',
  { access: 'staff', secrets, logAccess: (data, result) => exportRead('references', data, result.rows) },
  exportReferences,
);
// `delete` and `export` are reserved words: exported under their deployed names.
export { remove as delete, exportCsv as export };
