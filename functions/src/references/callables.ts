// Callables of references, with the access log of every answer that carries patient-level data.
import { maskPatientId, referencesKind, type Reference } from '@trialdesk/shared';
import type { AccessRead } from '../common/accessLog.js';
import { callable } from '../common/callable.js';
import { kindCallables } from '../common/kindCallables.js';
import { PATIENT_ID_SECRET_NAME } from '../common/patientId.js';
import {
  createReference,
  deleteReference,
  exportReferences,
  getReference,
  listReferences,
  referenceShape,
  updateReference,
} from './service.js';
import { referenceOriginals, triageReference, undoTriage } from './triage.js';

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
export const references = {
  ...kindCallables(
    referencesKind,
    {
      list: (data) => listReferences(data),
      get: (data) => getReference(data.id),
      create: createReference,
      update: updateReference,
      delete: deleteReference,
      export: exportReferences,
    },
    {
      shapes: [referenceShape],
      secrets,
      logAccess: {
        list: (data, result) => {
          const ids = result.items.map((reference) => reference.id);
          return data.patientId ? search(data.patientId, ids) : { action: 'listReferences', targetIds: ids };
        },
        get: (data) => ({ action: 'readReference', targetIds: [data.id] }),
        create: (data, result) => written(result, data.patientId),
        update: (data, result) => written(result, data.patientId),
      },
    },
  ),
  triage: callable(
    'references-triage',
    { access: 'staff', secrets, logAccess: (_data, result) => written(result) },
    triageReference,
  ),
  // Whoever may decide may take their decision back (docs/architecture.md, "Triage").
  undoTriage: callable(
    'references-undoTriage',
    { access: 'staff', secrets, logAccess: (_data, result) => written(result) },
    undoTriage,
  ),
  // The same patient's earlier referrals to the study: a patient-level read, logged like a list.
  originals: callable(
    'references-originals',
    {
      access: 'staff',
      logAccess: (_data, result) => ({ action: 'listReferences', targetIds: result.map((reference) => reference.id) }),
    },
    referenceOriginals,
  ),
};
