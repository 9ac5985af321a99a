// Callables of references, with the access log of every answer that carries patient-level data.
import { maskPatientId, referencesKind, type Reference } from '@trialdesk/shared';
import type { AccessRead, AccessTarget } from '../common/accessLog.js';
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

/** The references an answer carried, each with its masked patient ID (what the access log shows of it). */
const targets = (found: readonly Pick<Reference, 'id' | 'patientIdMasked'>[]): AccessTarget[] =>
  found.map((reference) => ({ id: reference.id, label: reference.patientIdMasked || null }));

/** A patient-ID search: the identifier masked, and the references of that patient it found. */
const search = (patientId: string, found: AccessTarget[]): AccessRead => ({
  action: 'searchPatientId',
  patientIdMasked: maskPatientId(patientId),
  targets: found,
});

/** A reference written and answered; a new identifier was also checked against the study's references (the
 * duplicate check), which is the patient search it answers with `duplicateOf` (the same patient, so its mask). */
const written = (result: Reference, patientId?: string): AccessRead[] => [
  { action: 'writeReference', targets: targets([result]) },
  ...(patientId === undefined
    ? []
    : [search(patientId, result.duplicateOf ? [{ id: result.duplicateOf, label: result.patientIdMasked }] : [])]),
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
        list: (data, result) =>
          data.patientId
            ? search(data.patientId, targets(result.items))
            : { action: 'listReferences', targets: targets(result.items) },
        get: (_data, result) => ({ action: 'readReference', targets: targets([result]) }),
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
      logAccess: (_data, result) => ({ action: 'listReferences', targets: targets(result) }),
    },
    referenceOriginals,
  ),
};
