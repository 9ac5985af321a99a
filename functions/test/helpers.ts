// Test harness: each test file gets its own Firebase project id (its own Firestore database and Auth tenant in the
// shared emulators), calls the real callables through firebase-functions-test's wrap(), and reads the database
// with firebase-admin.
import functionsTest from 'firebase-functions-test';
import type { CallableFunction } from 'firebase-functions/v2/https';
import { expect, inject } from 'vitest';
import {
  KINDS,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
  type FieldIssue,
  type Role,
  type StaffClaims,
} from '@trialdesk/shared';
import * as callables from '../src/index.js';
import { FieldValue } from 'firebase-admin/firestore';
import { auth, bucket, db } from '../src/common/firebase.js';
import { derive } from '../src/users/service.js';

let wrapper: ReturnType<typeof functionsTest> | undefined;

export const COLLECTIONS = [...KINDS.map((kind) => kind.collection), 'auditLog'];

/** Points firebase-admin at the emulators under a project id of this file's own; call before anything else. */
export function useProject(name: string) {
  process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authHost');
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject('storageHost');
  const projectId = `demo-trialdesk-${name}`;
  wrapper = functionsTest({ projectId });
  process.env.GCLOUD_PROJECT = projectId;
  return wrapper;
}

export interface Persona {
  uid: string;
  email: string;
  claims: StaffClaims;
  /** `auth_time` of the token (seconds): when this session signed in; the call's time when absent. */
  authTime?: number;
  name?: string;
}

export type PersonaKind = 'noClaims' | 'pending' | 'user' | 'editor' | 'admin';
const CLAIMS: Record<PersonaKind, StaffClaims> = {
  noClaims: {},
  pending: { role: 'Editor', isRoleApproved: false },
  user: { role: 'User', isRoleApproved: true },
  editor: { role: 'Editor', isRoleApproved: true },
  admin: { role: 'Admin', isRoleApproved: true },
};

/**
 * A signed-in person with a real Auth account and, when the claims name a role, the users record that grants it
 * (every call checks both). The record is written directly: it is the fixture, not the behaviour under test.
 */
export async function persona(kind: PersonaKind, suffix = ''): Promise<Persona> {
  const uid = `${kind}${suffix}`;
  const email = `${uid.toLowerCase()}@trialdesk.test`;
  const claims = CLAIMS[kind];
  await auth().createUser({ uid, email, password: 'trialdesk-demo', displayName: `Test ${kind}` });
  await auth().setCustomUserClaims(uid, claims);
  if (claims.role) {
    const { record, internal } = derive({
      firstName: 'Test',
      lastName: kind,
      email,
      phone: '',
      organisation: '',
      language: 'en',
      role: claims.role,
      roleApproved: claims.isRoleApproved === true,
      picture: '',
    });
    const stamp = { createdAt: FieldValue.serverTimestamp(), createdBy: uid, updatedAt: FieldValue.serverTimestamp() };
    await db()
      .collection('users')
      .doc(uid)
      .set({ ...record, ...internal, ...stamp, updatedBy: uid, version: 1 });
  }
  // Signed in once, now: every call of this persona carries that sign-in time, as a real session's tokens do.
  return { uid, email, claims, name: `Test ${kind}`, authTime: Math.floor(Date.now() / 1000) };
}

export async function personas(suffix = ''): Promise<Record<PersonaKind, Persona>> {
  const kinds = Object.keys(CLAIMS) as PersonaKind[];
  const list = await Promise.all(kinds.map((k) => persona(k, suffix)));
  return Object.fromEntries(kinds.map((k, i) => [k, list[i]])) as Record<PersonaKind, Persona>;
}

function tokenOf(p: Persona) {
  return {
    uid: p.uid,
    sub: p.uid,
    email: p.email,
    name: p.name,
    ...p.claims,
    auth_time: p.authTime ?? Math.floor(Date.now() / 1000),
  };
}

/**
 * The persona's ID token as the Auth emulator issues them: an unsigned JWT (`alg: none`), which firebase-admin's
 * verifyIdToken accepts from the emulator only. The emulator signs people in to its default project alone, so this
 * file's project gets its tokens this way.
 */
export function idTokenOf(p: Persona): string {
  const projectId = process.env.GCLOUD_PROJECT!;
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    ...tokenOf(p),
    user_id: p.uid,
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

type Wrapped = (request: unknown) => Promise<unknown>;
const wrapped = new Map<string, Wrapped>();

function callableOf(name: CallableName): Wrapped {
  let fn = wrapped.get(name);
  if (!fn) {
    const [group, action] = name.split('-');
    const target = (callables as unknown as Record<string, Record<string, CallableFunction<unknown, unknown>>>)[group][
      action
    ];
    if (!wrapper) throw new Error('useProject() first');
    fn = wrapper.wrap(target) as unknown as Wrapped;
    wrapped.set(name, fn);
  }
  return fn;
}

/** Calls a callable as `as` (signed out when null). */
export async function call<N extends CallableName>(
  name: N,
  data: CallableRequest<N> | unknown,
  as: Persona | null,
): Promise<CallableResponse<N>> {
  const request = { data, auth: as ? { uid: as.uid, token: tokenOf(as), rawToken: 'test' } : undefined };
  return (await callableOf(name)(request)) as CallableResponse<N>;
}

export interface CallError {
  code: string;
  message: string;
  details: unknown;
}

/** The error a call fails with (the test fails if it succeeds). */
export async function callError(name: CallableName, data: unknown, as: Persona | null): Promise<CallError> {
  try {
    await call(name, data, as);
  } catch (error) {
    const { code, message, details } = error as CallError;
    return { code, message, details };
  }
  throw new Error(`${name} succeeded but a failure was expected`);
}

export async function expectError(
  promise: Promise<CallError>,
  code: string,
  key?: string,
  params?: Record<string, unknown>,
): Promise<CallError> {
  const error = await promise;
  expect(error.code).toBe(code);
  if (key) expect((error.details as { key: string }).key).toBe(key);
  if (params) expect((error.details as { params: unknown }).params).toEqual(params);
  return error;
}

export function issuesOf(error: CallError): FieldIssue[] {
  expect(error.code).toBe('invalid-argument');
  expect(Array.isArray(error.details)).toBe(true);
  return error.details as FieldIssue[];
}

/** Deletes every users record but those of `keep` (whose calls need theirs). */
export async function clearUsersBut(...keep: Persona[]): Promise<void> {
  const kept = new Set(keep.map((p) => p.uid));
  const refs = await db().collection('users').listDocuments();
  await Promise.all(refs.filter((ref) => !kept.has(ref.id)).map((ref) => ref.delete()));
}

/**
 * Every document of every collection but `except`, and every Auth account, in full: what "nothing changed" compares
 * before and after a refused or malformed call. The collections are listed, so a write to one the tests do not know
 * of shows too.
 */
export async function contentsOf(except: readonly string[] = []) {
  const documents: Record<string, unknown> = {};
  for (const collection of await db().listCollections()) {
    if (except.includes(collection.id)) continue;
    for (const doc of (await collection.orderBy('__name__').get()).docs) documents[doc.ref.path] = doc.data();
  }
  const accounts = (await auth().listUsers()).users.map((user) => user.toJSON());
  return { documents, accounts };
}

export async function countDocs(): Promise<Record<string, number>> {
  const counts = await Promise.all(COLLECTIONS.map(async (c) => (await db().collection(c).count().get()).data().count));
  return Object.fromEntries(COLLECTIONS.map((c, i) => [c, counts[i]]));
}

export async function auditOf(entityId: string) {
  const snap = await db().collection('auditLog').where('entityId', '==', entityId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => a.at.toMillis() - b.at.toMillis());
}

// ---- fixtures through the callables ----

let serial = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;

export const studyInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Cardiac rehabilitation after infarction',
  specialty: 'Cardiology',
  status: 'Recruiting',
  ...overrides,
});

export const contactInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Jeanne',
  lastName: 'Tremblay',
  email: `${unique('contact')}@example.org`,
  ...overrides,
});

export const userInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Marie',
  lastName: 'Gagnon',
  email: `${unique('user')}@trialdesk.test`,
  role: 'Editor' as Role,
  roleApproved: true,
  password: 'secret-pass-1',
  confirmPassword: 'secret-pass-1',
  ...overrides,
});

export const newStudy = (as: Persona, overrides: Record<string, unknown> = {}) =>
  call('studies-create', studyInput(overrides), as);
export const newContact = (as: Persona, overrides: Record<string, unknown> = {}) =>
  call('studyContacts-create', contactInput(overrides), as);
export const newReference = (as: Persona, studyId: string, overrides: Record<string, unknown> = {}) =>
  call('references-create', { studyId, patientId: unique('P-'), referer: 'Dr Roy', ...overrides }, as);
export const newUser = (as: Persona, overrides: Record<string, unknown> = {}) =>
  call('users-create', userInput(overrides), as);

/** A small real PDF (what the signature check reads). */
export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * A file in the person's upload folder, as the browser leaves it before calling a callable. Written with the Admin
 * SDK: what the browser may upload is storage.rules' business, tested in storageRules.test.ts.
 */
export async function uploadAs(
  as: Persona,
  bytes: Buffer = PDF_BYTES,
  contentType = 'application/pdf',
  name = `${unique('f')}.pdf`,
): Promise<string> {
  const path = `uploads/${as.uid}/${name}`;
  await bucket().file(path).save(bytes, { contentType, resumable: false });
  return path;
}

export const newDocument = async (as: Persona, overrides: Record<string, unknown> = {}) =>
  call(
    'documents-create',
    { uploadPath: await uploadAs(as), studyId: null, name: unique('Doc '), category: 'Protocol', ...overrides },
    as,
  );
