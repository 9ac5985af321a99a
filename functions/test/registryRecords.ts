// The recorded ClinicalTrials.gov records (emulator/registry/records, real registry data) as the tests read them, and
// the one the stand-in serves for a number: never edited, at most copied with a change a test names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDS_DIR } from '@trialdesk/emulator/registry';

export interface RegistryJson {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle?: string; [key: string]: unknown };
    statusModule?: { overallStatus?: string; [key: string]: unknown };
    contactsLocationsModule?: {
      centralContacts?: { email?: string; [key: string]: unknown }[];
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** Every recorded record, by file name order (a fresh copy each call: a test may change its own). */
export function recordedRecords(): RegistryJson[] {
  return readdirSync(RECORDS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(RECORDS_DIR, name), 'utf8')) as RegistryJson);
}

/** The first recorded record that `wanted` accepts (the test fails when none does). */
export function recordedRecord(wanted: (record: RegistryJson) => boolean = () => true): RegistryJson {
  const found = recordedRecords().find(wanted);
  if (!found) throw new Error(`no recorded record in ${RECORDS_DIR} fits this test`);
  return found;
}

/** The e-mail of a record's first central contact with one, or undefined. */
export const centralEmail = (record: RegistryJson): string | undefined =>
  record.protocolSection.contactsLocationsModule?.centralContacts?.find((contact) => contact.email)?.email;

export const nctIdOf = (record: RegistryJson) => record.protocolSection.identificationModule.nctId;
