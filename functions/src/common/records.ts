// Record metadata (stamps, versions), the version check of updates and deletes, reading a record back.
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import type { RecordMeta } from '@trialdesk/shared';
import type { Caller } from './auth.js';
import { notFound, staleVersion } from './errors.js';

/** Firestore Timestamp -> ISO string on the wire. */
export function iso(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : '';
}

/** The stored fields metaOf reads: what a query that selects fields must include for it. */
export const META_FIELDS = ['version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;

export function metaOf(snap: DocumentSnapshot): RecordMeta {
  const data = snap.data() ?? {};
  return {
    id: snap.id,
    version: data.version,
    createdAt: iso(data.createdAt),
    createdBy: data.createdBy,
    updatedAt: iso(data.updatedAt),
    updatedBy: data.updatedBy,
  };
}

/** Copies exactly `fields` from stored data: internal fields (search tokens, hashes) never leave the server. */
export function pick<K extends string>(data: DocumentData, fields: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const field of fields) out[field] = data[field];
  return out;
}

export function createStamp(caller: Caller) {
  return {
    createdAt: FieldValue.serverTimestamp(),
    createdBy: caller.uid,
    updatedAt: FieldValue.serverTimestamp(),
    updatedBy: caller.uid,
    version: 1,
  };
}

export function updateStamp(caller: Caller, currentVersion: number) {
  return { updatedAt: FieldValue.serverTimestamp(), updatedBy: caller.uid, version: currentVersion + 1 };
}

/** The stored record a write or delete names, at the version the client read (checked inside the transaction). */
export function expectVersion(snap: DocumentSnapshot, version: number): DocumentData {
  const data = snap.data();
  if (!snap.exists || !data) throw notFound();
  if (data.version !== version) throw staleVersion();
  return data;
}

/** The stored record (after a write, or for `get`); not-found when it does not exist. */
export async function readBack(ref: DocumentReference): Promise<DocumentSnapshot> {
  const snap = await ref.get();
  if (!snap.exists) throw notFound();
  return snap;
}
