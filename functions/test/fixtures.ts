// A valid request for every callable, made against real records where the call needs one (role matrix); a
// scaffolded kind brings its own beside its tests.
/// <reference types="vite/client" />
import { criteriaLines, type CallableName } from '@trialdesk/shared';
import {
  call,
  contactInput,
  newDocument,
  uploadAs,
  newContact,
  newReference,
  newStudy,
  newUser,
  studyInput,
  unique,
  userInput,
  type Persona,
} from './helpers.js';
import { recordedRecord } from './registryRecords.js';

/**
 * Callables that end the caller's own sessions: the tests make them as a session of their own, so the personas a
 * file shares keep theirs.
 */
export const ENDS_OWN_SESSIONS: ReadonlySet<CallableName> = new Set(['users-endSession']);

/** A request of `caller` (whose uploads must be their own) on records `owner` made. */
export type PayloadFactory = (owner: Persona, caller: Persona) => Promise<unknown>;

/** What a scaffolded kind's own fixture file gives (test/kinds/<name>.fixtures.ts, written by new-resource). */
export interface KindFixtures {
  payloads: Partial<Record<CallableName, PayloadFactory>>;
  /** Who may call each of its callables, as the role matrix expects. */
  rules: Partial<Record<CallableName, 'signedIn' | 'staff' | 'admin'>>;
  /** A request per callable, valid but for what each bad-input case breaks. */
  bases: Partial<Record<CallableName, Record<string, unknown>>>;
}
const kindFixtures = Object.values(import.meta.glob<KindFixtures>('./kinds/*.fixtures.ts', { eager: true }));
/** The scaffolded kinds' rules for the role matrix. */
export const KIND_RULES = Object.assign({}, ...kindFixtures.map((fixtures) => fixtures.rules)) as KindFixtures['rules'];
/** The scaffolded kinds' base requests for the bad-input cases. */
export const KIND_BASES = Object.assign({}, ...kindFixtures.map((fixtures) => fixtures.bases)) as KindFixtures['bases'];

const payloads: Partial<Record<CallableName, PayloadFactory>> = {
  'studies-list': async () => ({ page: 1, pageSize: 10, search: 'cardiac', status: 'Recruiting' }),
  'studies-get': async (o) => ({ id: (await newStudy(o)).id }),
  'studies-create': async () => studyInput(),
  'studies-update': async (o) => ({ id: (await newStudy(o)).id, version: 1, title: 'Changed title' }),
  'studies-delete': async (o) => ({ id: (await newStudy(o)).id, version: 1 }),
  'studies-export': async () => ({ language: 'en', status: 'Recruiting' }),
  // A recorded registry record, mapped and compared without writing.
  'studies-import': async () => ({ record: recordedRecord(), dryRun: true }),
  'references-list': async () => ({ page: 1, pageSize: 10, patientId: 'AB-1234', status: 'Pending' }),
  'references-get': async (o) => ({ id: (await newReference(o, (await newStudy(o)).id)).id }),
  'references-create': async (o) => ({ studyId: (await newStudy(o)).id, patientId: unique('P-') }),
  'references-update': async (o) => ({
    id: (await newReference(o, (await newStudy(o)).id)).id,
    version: 1,
    status: 'Accepted',
  }),
  'references-delete': async (o) => ({ id: (await newReference(o, (await newStudy(o)).id)).id, version: 1 }),
  'references-triage': async (o) => {
    const study = await newStudy(o);
    const answers = (criteria: string) => criteriaLines(criteria).map(() => ({ answer: 'unknown' }));
    return {
      id: (await newReference(o, study.id)).id,
      version: 1,
      studyVersion: study.version,
      decision: 'Rejected',
      inclusion: answers(study.inclusionCriteria),
      exclusion: answers(study.exclusionCriteria),
      reason: 'declined',
    };
  },
  'references-undoTriage': async (o) => {
    const study = await newStudy(o, { inclusionCriteria: '', exclusionCriteria: '' });
    const reference = await newReference(o, study.id);
    const decided = await call(
      'references-triage',
      {
        id: reference.id,
        version: 1,
        studyVersion: study.version,
        decision: 'Rejected',
        reason: 'declined',
      },
      o,
    );
    return { id: reference.id, version: decided.version };
  },
  'references-originals': async (o) => ({ id: (await newReference(o, (await newStudy(o)).id)).id }),
  'references-export': async () => ({ language: 'fr', status: 'Pending' }),
  'studyContacts-list': async () => ({ page: 1, pageSize: 20, search: 'example' }),
  'studyContacts-get': async (o) => ({ id: (await newContact(o)).id }),
  'studyContacts-create': async () => contactInput(),
  'studyContacts-update': async (o) => ({ id: (await newContact(o)).id, version: 1, lastName: 'Changed' }),
  'studyContacts-delete': async (o) => ({ id: (await newContact(o)).id, version: 1 }),
  'studyContacts-export': async () => ({ language: 'en' }),
  'users-list': async () => ({ page: 1, pageSize: 50, approval: 'pending' }),
  'users-get': async (o) => ({ id: (await newUser(o)).id }),
  'users-create': async () => userInput(),
  'users-update': async (o) => ({ id: (await newUser(o)).id, version: 1, firstName: 'Changed' }),
  'users-delete': async (o) => ({ id: (await newUser(o)).id, version: 1 }),
  'users-approve': async (o) => ({ id: (await newUser(o, { roleApproved: false })).id, version: 1 }),
  'users-revoke': async (o) => ({ id: (await newUser(o)).id, version: 1 }),
  'users-export': async () => ({ language: 'en', approval: 'pending' }),
  'users-requestAccess': async () => ({}),
  'users-me': async () => ({}),
  'users-endSession': async () => ({}),
  'dashboard-stats': async () => ({}),
  'audit-list': async () => ({ page: 1, pageSize: 10, entity: 'studies' }),
  'users-setPicture': async (_o, caller) => ({ id: caller.uid, version: 1, uploadPath: null }),
  'documents-list': async () => ({ page: 1, pageSize: 10, studyId: null, search: 'protocol' }),
  'documents-get': async (o) => ({ id: (await newDocument(o)).id }),
  'documents-create': async (_o, caller) => ({
    uploadPath: await uploadAs(caller),
    studyId: null,
    name: 'Site protocol',
    category: 'Protocol',
  }),
  'documents-addVersion': async (o, caller) => ({
    id: (await newDocument(o)).id,
    version: 1,
    uploadPath: await uploadAs(caller),
  }),
  'documents-counts': async (o) => ({ studyIds: [(await newStudy(o)).id, null] }),
  'documents-update': async (o) => ({ id: (await newDocument(o)).id, version: 1, name: 'Renamed protocol' }),
  'documents-delete': async (o) => ({ id: (await newDocument(o)).id, version: 1 }),
  'studies-follow': async (o) => ({ id: (await newStudy(o)).id, follow: true }),
  'users-setLanguage': async () => ({ language: 'fr' }),
  // The portal's: the caller is a referrer (role User); `owner`'s study is the one referred to.
  'referrals-studies': async () => ({ page: 1, pageSize: 10, search: 'cardiac' }),
  'referrals-create': async (o) => ({
    studyId: (await newStudy(o)).id,
    patientId: unique('P-'),
    birthYear: 1970,
    sex: 'male',
    consentToContact: true,
    phone: '514-555-0100',
  }),
  'referrals-list': async () => ({ page: 1, pageSize: 10 }),
  'mail-list': async () => ({ page: 1, pageSize: 10, state: 'failed' }),
  'accessLog-list': async () => ({
    page: 1,
    pageSize: 10,
    action: 'refused',
    from: '2026-01-01T00:00:00.000Z',
    to: new Date(Date.now() + 60_000).toISOString(),
  }),
};

export const validPayloads = Object.assign(payloads, ...kindFixtures.map((fixtures) => fixtures.payloads)) as Record<
  CallableName,
  PayloadFactory
>;
