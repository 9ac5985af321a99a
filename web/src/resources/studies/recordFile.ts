// A downloaded ClinicalTrials.gov record (the study page's "Download JSON") read in the browser before it is sent;
// the server checks it again (shared/src/registry.ts).
import { jsonBytes, REGISTRY_RECORD_MAX_BYTES, registryRecordSchema } from '@trialdesk/shared';

/** The record and its NCT number, or the dictionary key (and params) of why the file cannot be imported. */
export type RecordFile =
  { ok: true; record: unknown; nctId: string } | { ok: false; key: string; params?: Record<string, unknown> };

const tooLarge = {
  ok: false,
  key: 'validation.recordTooLarge',
  params: { max: REGISTRY_RECORD_MAX_BYTES / 1_000_000 },
} as const;

/**
 * Reads a file as one registry record. Its size counts as the server counts it (the JSON's bytes, written without
 * spaces), so an indented file a little over the limit still goes; a file far larger is not even read.
 */
export async function readRecordFile(file: Blob): Promise<RecordFile> {
  if (file.size > 10 * REGISTRY_RECORD_MAX_BYTES) return tooLarge;
  let record: unknown;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return { ok: false, key: 'studies.import.notJson' };
  }
  if (jsonBytes(record) > REGISTRY_RECORD_MAX_BYTES) return tooLarge;
  const parsed = registryRecordSchema.safeParse(record);
  if (!parsed.success) return { ok: false, key: 'studies.import.notRecord' };
  return { ok: true, record, nctId: parsed.data.protocolSection.identificationModule.nctId };
}
