// The import of a ClinicalTrials.gov record as a study (studies-import): the record read or sent, mapped, and saved
// as the one study of its NCT number with its contact, in one transaction (docs/registry.md, "The import").
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import {
  checkStudyDates,
  mapRegistryRecord,
  studiesKind,
  studyContactCreateSchema,
  studySchema,
  validate,
  type ImportedContact,
  type ImportedStudy,
  type RegistryContact,
  type StudyContactCreate,
  type StudyImport,
  type StudyImportResponse,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { invalidArgument, staleVersion } from '../common/errors.js';
import { db, transaction } from '../common/firebase.js';
import { createStamp, updateStamp } from '../common/records.js';
import { readRegistryRecord } from '../common/registry.js';
import { addContact, contactsByEmail, withDisplayName } from '../studyContacts/service.js';
import { IMPORTED_FIELDS, REGISTRY_IDS, internalFields } from './service.js';

/** A mapped study's fields as a form's would be saved: normalised and within the limits (the contact set later). */
const importedValuesSchema = studySchema.omit({ contactId: true }).superRefine(checkStudyDates);

/**
 * The contact a record names, as a new contact would be saved (a trial contact); a phone number the contact form
 * would refuse is left out, and a contact it would refuse anyway (no usable name or e-mail) is not imported.
 */
function contactOf(contact: RegistryContact | null): StudyContactCreate | null {
  if (!contact) return null;
  const { firstName, lastName, email, phoneNumber } = contact;
  const asContact = (phone: string) =>
    validate(studyContactCreateSchema, { firstName, lastName, email, phoneNumber: phone, isTrialContact: true });
  const whole = asContact(phoneNumber);
  const usable = whole.ok ? whole : asContact('');
  return usable.ok ? usable.value : null;
}

/** Who the study names: the contact with the record's e-mail, or the one this import creates (or would). */
async function findContact(tx: Transaction, wanted: StudyContactCreate | null) {
  if (!wanted) return { wanted, found: null };
  const found = await tx.get(contactsByEmail(wanted.email));
  return { wanted, found: found.empty ? null : found.docs[0] };
}

function settleContact(
  tx: Transaction,
  caller: Caller,
  { wanted, found }: Awaited<ReturnType<typeof findContact>>,
  dryRun: boolean,
): ImportedContact | null {
  if (!wanted) return null;
  if (found) {
    return { id: found.id, displayName: found.get('displayName'), email: found.get('email'), created: false };
  }
  if (dryRun) return { id: null, displayName: withDisplayName(wanted).displayName, email: wanted.email, created: true };
  const added = addContact(tx, wanted, caller);
  return { id: added.ref.id, displayName: added.displayName, email: wanted.email, created: true };
}

/** Writes the study (new, or changed since its last import) with its NCT number's marker and its audit entry. */
function saveStudy(
  tx: Transaction,
  caller: Caller,
  existing: { id: string; data: DocumentData } | null,
  study: ImportedStudy,
  changes: ReturnType<typeof diff>,
): { id: string; version: number } {
  const studies = db().collection(studiesKind.collection);
  const derived = internalFields(study, study.nctId);
  if (!existing) {
    const ref = studies.doc();
    tx.create(ref, { ...study, referenceCount: 0, ...derived, ...createStamp(caller) });
    tx.set(db().collection(REGISTRY_IDS).doc(study.nctId), { studyId: ref.id });
    writeAudit(tx, caller, { action: 'create', entity: 'studies', entityId: ref.id, changes });
    return { id: ref.id, version: 1 };
  }
  const version: number = existing.data.version;
  if (Object.keys(changes).length === 0) return { id: existing.id, version };
  tx.update(studies.doc(existing.id), { ...study, ...derived, ...updateStamp(caller, version) });
  writeAudit(tx, caller, { action: 'update', entity: 'studies', entityId: existing.id, changes });
  return { id: existing.id, version: version + 1 };
}

/**
 * Imports a record: sent (`record`) or read from the registry (`nctId`). The study already imported from it is
 * updated (at `version` when given: the one the person reviewed), else one is created; `dryRun` writes nothing.
 */
export async function importStudy(input: StudyImport, caller: Caller): Promise<StudyImportResponse> {
  const record = input.record ?? (await readRegistryRecord(input.nctId!));
  const mapped = mapRegistryRecord(record);
  const values = validate(importedValuesSchema, mapped.values);
  if (!values.ok) throw invalidArgument(values.issues);
  const wantedContact = contactOf(mapped.contact);
  const nctId = mapped.nctId;
  const studies = db().collection(studiesKind.collection);

  return transaction(async (tx) => {
    // Every read before any write, as a transaction requires.
    const studyId: unknown = (await tx.get(db().collection(REGISTRY_IDS).doc(nctId))).get('studyId');
    const snap = typeof studyId === 'string' ? await tx.get(studies.doc(studyId)) : null;
    const existing = snap?.exists ? { id: snap.id, data: snap.data()! } : null;
    if (input.version !== undefined && existing?.data.version !== input.version) throw staleVersion();
    const contactFound = await findContact(tx, wantedContact);

    const contact = settleContact(tx, caller, contactFound, input.dryRun);
    const study: ImportedStudy = {
      ...values.value,
      // A record that names no contact keeps the study's own.
      contactId: contact ? contact.id : (existing?.data.contactId ?? null),
      nctId,
      registryStatus: mapped.registryStatus,
      registryVerifiedAt: mapped.registryVerifiedAt,
    };
    const changes = diff(existing?.data ?? null, study, IMPORTED_FIELDS);
    const answer = {
      created: !existing,
      nctId,
      study,
      changes: existing ? (Object.keys(changes) as (keyof ImportedStudy)[]) : [],
      contact,
    };
    if (input.dryRun) return { ...answer, id: existing?.id ?? null, version: existing?.data.version ?? null };
    return { ...answer, ...saveStudy(tx, caller, existing, study, changes) };
  });
}
