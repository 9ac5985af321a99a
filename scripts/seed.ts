// Demo data for a local stack, written through the callables' own pipeline run in this process (so authorisation,
// validation, search tokens, reference counts, patient-ID hashes and audit entries are the server's own), except the
// first Admin, which is bootstrapped like grant-admin.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { createUserWithEmailAndPassword, updateProfile } from 'firebase/auth';
import { REFERENCE_STATUSES, studiesKind, type ReferenceStatus, type Study } from '@trialdesk/shared';
import { RECORDS_DIR } from '@trialdesk/emulator/registry';
import { auth, db } from '@trialdesk/functions/common/firebase';
import { runCallable } from '@trialdesk/functions/in-process';
import { requeueMissed } from '@trialdesk/functions/mail/functions';
import { USERS } from '@trialdesk/functions/users/service';
import { createClient, mapLimit, signedInClient, type Client } from './client.js';
import { grantAdmin } from './grant-admin.js';
import { seedDocuments, seedPictures } from './seed-documents.js';
import { seedReferrals } from './seed-referrals.js';
import { spreadOverMonths, triageSome } from './seed-triage.js';
import {
  CONTACTS,
  DEMO_ACCOUNTS,
  DEMO_REFERRALS,
  DEMO_PASSWORD,
  PUBLICATIONS,
  REFERERS,
  REGISTRY_SEEDS,
  STUDIES,
  type DemoAccount,
} from './seed-data.js';
import { DEFAULT_BUCKET, type Stack } from './stack.js';

// How npm start starts a stack and seeds it (its records while the Functions emulator loads), for the tests too.
export { startSeededStack } from './seed-stack.js';

/** Calls in flight at once: in this process, each waits mostly on the Firestore emulator's transactions. */
const CONCURRENCY = 8;
const REFERENCES = 200;
const DUPLICATES = 6;

/** Points the Admin SDK (and the service code that uses it) at this stack's emulators. */
export async function useStackForAdmin(stack: Stack): Promise<void> {
  const moved =
    process.env.FIRESTORE_EMULATOR_HOST !== stack.urls.firestoreHost ||
    process.env.FIREBASE_AUTH_EMULATOR_HOST !== stack.urls.authHost ||
    process.env.FIREBASE_STORAGE_EMULATOR_HOST !== stack.urls.storageHost;
  process.env.FIRESTORE_EMULATOR_HOST = stack.urls.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.urls.authHost;
  // The callables run in this process (inProcess) read and move uploads, as in the Functions emulator (stack.ts).
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = stack.urls.storageHost;
  process.env.STORAGE_EMULATOR_HOST = `http://${stack.urls.storageHost}`;
  process.env.STORAGE_BUCKET = DEFAULT_BUCKET;
  // What this process puts on the mail's retry queue (retryMissedMail) goes to this stack's Cloud Tasks emulator.
  process.env.CLOUD_TASKS_EMULATOR_HOST = stack.urls.tasksHost;
  process.env.GCLOUD_PROJECT = stack.projectId;
  // Mail written by the calls in this process links to this stack's app, as in its Functions emulator (docs/mail.md).
  process.env.APP_URL = stack.urls.app;
  // Emulators need no credentials: skip the Google Compute Engine metadata probe.
  process.env.METADATA_SERVER_DETECTION = 'none';
  // Firestore reads the emulator address once per app: another stack needs a new app.
  if (moved) await Promise.all(getApps().map((app) => deleteApp(app)));
  if (getApps().length === 0) {
    initializeApp({ projectId: stack.projectId });
    // The built-in emulator runs in this process: the services' Firestore calls reach it without a connection.
    db().settings({ 'grpc.channelFactoryOverride': stack.firestoreChannel });
  }
}

/**
 * The client's calls, run in this process through the callables' own pipeline (runCallable: authorisation, shared
 * validation, service, audit and access log) as the user the client is signed in as, with its real ID token decoded
 * as the Functions emulator does: about a hundred times faster per record than an HTTP call handed to a worker.
 * Uploads still go through the Storage emulator and its rules.
 */
function inProcess(client: Client): Client {
  let decoded: { raw: string; token: Awaited<ReturnType<ReturnType<typeof auth>['verifyIdToken']>> } | undefined;
  return {
    ...client,
    async call(name, data) {
      const user = client.auth.currentUser;
      if (!user) throw new Error(`${name}: sign in first`);
      const raw = await user.getIdToken();
      if (decoded?.raw !== raw) decoded = { raw, token: await auth().verifyIdToken(raw) };
      return runCallable(name, { uid: decoded.token.uid, token: decoded.token, rawToken: raw }, data);
    },
  };
}

/** Deterministic pseudo-random numbers (mulberry32): the same demo data on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Québec-health-card-like identifier ("GAGM 8503 1517"): four letters, eight digits. */
function patientId(rand: () => number): string {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(rand() * 26))).join('');
  const digits = Array.from({ length: 8 }, () => Math.floor(rand() * 10)).join('');
  return `${letters} ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

/** The seed of the demo's pseudo-random numbers, and how many patients the staff's references name. */
const RANDOM_SEED = 20260401;
const PATIENTS = 150;

/** The staff's references' patients: the first numbers of the demo's sequence. */
const patientIds = (rand: () => number) => Array.from({ length: PATIENTS }, () => patientId(rand));

/**
 * Every raw patient identifier the demo data sends (the staff's references and the portal's referrals): the server
 * keeps none of them (only hashes and masks), which a test checks over every collection of a seeded database.
 */
export function demoPatientIds(): string[] {
  return [...patientIds(random(RANDOM_SEED)), ...DEMO_REFERRALS.map((referral) => referral.patientId)];
}

/**
 * Makes a missing demo account. When its users/{uid} record survived (Firestore data kept, Auth accounts lost),
 * the account comes back under the same uid with the record's claims, so the record stays consistent.
 */
async function ensureAccount(
  account: DemoAccount,
  stack: Stack,
  admin: () => Promise<Client>,
): Promise<'kept' | 'restored' | 'created'> {
  const records = await db().collection(USERS).where('email', '==', account.email).limit(1).get();
  try {
    const existing = await auth().getUserByEmail(account.email);
    if (!records.empty) return 'kept';
    // An account without its record (Firestore data removed): made again from scratch below.
    await auth().deleteUser(existing.uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  const displayName = `${account.firstName} ${account.lastName}`;
  if (!records.empty) {
    const record = records.docs[0];
    await auth().createUser({ uid: record.id, email: account.email, password: DEMO_PASSWORD, displayName });
    await auth().setCustomUserClaims(record.id, {
      role: record.get('role'),
      isRoleApproved: record.get('roleApproved'),
    });
    return 'restored';
  }
  if (account.kind === 'admin') {
    await auth().createUser({ email: account.email, password: DEMO_PASSWORD, displayName });
    await grantAdmin(account.email);
  } else if (account.kind === 'staff') {
    await (
      await admin()
    ).call('users-create', {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      role: account.role,
      roleApproved: account.roleApproved,
      organisation: account.organisation,
      phone: account.phone,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
  } else {
    // Signs up and asks for access, as a new staff member does from the login page.
    const client = inProcess(createClient(stack.urls, stack.projectId));
    try {
      const { user } = await createUserWithEmailAndPassword(client.auth, account.email, DEMO_PASSWORD);
      await updateProfile(user, { displayName });
      await user.getIdToken(true);
      await client.call('users-requestAccess', {});
    } finally {
      await client.close();
    }
  }
  return 'created';
}

/** A demo account's client, its calls run in this process (inProcess). */
const demoClient = (stack: Stack, account: DemoAccount) =>
  signedInClient(stack.urls, stack.projectId, account.email, DEMO_PASSWORD).then(inProcess);

/** The portal's demo: as the Editor and the demo referrer (role User), once their accounts exist. */
async function seedPortal(stack: Stack, studies: Study[]): Promise<number> {
  const [editorAccount, referrerAccount] = (['Editor', 'User'] as const).map((role) =>
    DEMO_ACCOUNTS.find((account) => account.role === role && account.roleApproved)!,
  );
  const [editor, referrer] = await Promise.all([demoClient(stack, editorAccount), demoClient(stack, referrerAccount)]);
  try {
    return await seedReferrals(editor, referrer, studies, referrerAccount.phone ?? '');
  } finally {
    await Promise.all([editor.close(), referrer.close()]);
  }
}

/**
 * `accounts`: the staff's demo accounts being made meanwhile (the pictures and the portal's demo are for some);
 * `written`: told once the records that cause no mail are written; `mailTime`: when the portal's demo, which causes
 * mail, may begin (seed()).
 */
async function seedRecords(
  stack: Stack,
  admin: Client,
  log: (line: string) => void,
  accounts: Promise<unknown>,
  written: () => void,
  mailTime: Promise<unknown>,
): Promise<void> {
  const started = Date.now();
  const contacts = await mapLimit(CONTACTS, CONCURRENCY, (contact) => admin.call('studyContacts-create', contact));
  const studies = await mapLimit(STUDIES, CONCURRENCY, ({ inclusion, exclusion, ...study }, index) =>
    admin.call('studies-create', {
      ...study,
      // Most studies name a contact; a few have none yet.
      contactId: index % 7 === 6 ? null : contacts[index % contacts.length].id,
      inclusionCriteria: inclusion.map((line) => `- ${line}`).join('\n'),
      exclusionCriteria: exclusion.map((line) => `- ${line}`).join('\n'),
    }),
  );

  const rand = random(RANDOM_SEED);
  // Recruiting studies receive most referrals.
  const weighted = studies.flatMap((study) => Array(study.status === 'Recruiting' ? 4 : 1).fill(study.id) as string[]);
  const statuses: ReferenceStatus[] = REFERENCE_STATUSES.filter((s) => s !== 'Duplicate');
  const statusWeights: Record<string, number> = { Pending: 0.4, Accepted: 0.3, Rejected: 0.18, Unknown: 0.12 };
  const pickStatus = () => {
    let r = rand();
    for (const status of statuses) if ((r -= statusWeights[status]) < 0) return status;
    return 'Pending';
  };
  const patients = patientIds(rand);
  const firsts = Array.from({ length: REFERENCES - DUPLICATES }, (_, i) => {
    const studyId = weighted[Math.floor(rand() * weighted.length)];
    const publication = i % 4 === 0 ? PUBLICATIONS[Math.floor(rand() * PUBLICATIONS.length)] : {};
    const related = i % 9 === 0 ? [studies[Math.floor(rand() * studies.length)].id].filter((id) => id !== studyId) : [];
    return {
      ...publication,
      studyId,
      // Some patients are referred to several studies.
      patientId: patients[i % patients.length],
      referer: REFERERS[Math.floor(rand() * REFERERS.length)],
      status: pickStatus(),
      studyIds: related,
    };
  });
  // A patient referred twice to the same study: created after the first, the server marks it Duplicate.
  const duplicates = Array.from({ length: DUPLICATES }, (_, i) => ({
    ...firsts[i * 17],
    referer: REFERERS[(i * 5) % REFERERS.length],
    status: 'Pending' as const,
  }));
  // The documents (each a PDF made here and uploaded) and the registry imports need only the studies: written beside
  // the references, they take turns with them while a call waits on the Auth emulator.
  const [created, documents, imported] = await Promise.all([
    mapLimit(firsts, CONCURRENCY, (reference) => admin.call('references-create', reference)),
    seedDocuments(admin, studies),
    importRecorded(admin),
  ]);
  const repeated = await mapLimit(duplicates, CONCURRENCY, (reference) => admin.call('references-create', reference));
  const triaged = await triageSome(admin, created, studies, rand, CONCURRENCY);
  await spreadOverMonths(
    [...created, ...repeated].map((r) => triaged.get(r.id) ?? r),
    rand,
  );
  written();
  await accounts;
  const [pictures, referrals] = await Promise.all([
    seedPictures(admin),
    mailTime.then(() => seedPortal(stack, studies)),
  ]);
  log(
    `Seeded ${contacts.length} study contacts, ${studies.length} studies (and ${imported} imported from ` +
      `ClinicalTrials.gov records), ${REFERENCES} references (and ${referrals} through the referral portal), ` +
      `${documents} documents and ${pictures} pictures in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/**
 * Imports the recorded registry records of REGISTRY_SEEDS as a coordinator's import of the downloaded files does
 * (studies-import: the mapping, the NCT number's study, the contact found or created). One at a time: two records
 * naming the same contact would each create it.
 */
async function importRecorded(admin: Client): Promise<number> {
  for (const nctId of REGISTRY_SEEDS) {
    const record: unknown = JSON.parse(await readFile(join(RECORDS_DIR, `${nctId}.json`), 'utf8'));
    await admin.call('studies-import', { record });
  }
  return REGISTRY_SEEDS.length;
}

/**
 * The messages written before the Functions emulator registered the mail trigger (the first Admin's approval, made
 * while it still loads) reached no trigger: they go on the retry queue at once, as `mail-sweep` would take them after
 * a while. Later messages are the trigger's; one of theirs still pending here is safe too, since a message is claimed
 * before it is sent and its task named after it.
 */
const retryMissedMail = () => requeueMissed(0);

export interface SeedResult {
  accounts: Record<string, 'kept' | 'restored' | 'created'>;
  /** Whether the demo records were written by this call. */
  records: boolean;
}

export interface SeedOptions {
  /** Also the demo studies, contacts and references (default true); false: the demo accounts only. */
  records?: boolean;
  log?: (line: string) => void;
  /**
   * Resolves once the Functions emulator serves the mail trigger (the stack is ready): what causes mail (the access
   * request, the portal's referrals and decisions) waits for it, so the trigger sends all of it. Default: now.
   */
  mailReady?: Promise<unknown>;
}

/** Idempotent: makes missing demo accounts, and the demo records only when there are no studies yet. */
export async function seed(stack: Stack, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  await useStackForAdmin(stack);
  // One sign-in, however many callers ask for it at once.
  let adminClient: Promise<Client> | undefined;
  const admin = () =>
    (adminClient ??= signedInClient(stack.urls, stack.projectId, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD).then(
      inProcess,
    ));
  try {
    const accounts: SeedResult['accounts'] = {};
    // The admin first, since the others are created by the admin; then the others together, while the records
    // are written (much of their time is spent waiting on the Auth emulator, another process).
    const [first, ...others] = DEMO_ACCOUNTS;
    accounts[first.email] = await ensureAccount(first, stack, admin);
    let written!: () => void;
    const recordsWritten = new Promise<void>((done) => (written = done));
    // What causes mail (a request for access mails the Admins; the portal's demo; the messages the trigger missed)
    // waits for the trigger that sends it, and for the other records: the Functions emulator's workers that send it
    // then load beside the end of the seed, not beside the records (docs/benchmarks.md, "npm start").
    const mailTime = Promise.all([options.mailReady ?? Promise.resolve(), recordsWritten]);
    const ensure = (account: DemoAccount) =>
      account.kind === 'requester'
        ? mailTime.then(() => ensureAccount(account, stack, admin))
        : ensureAccount(account, stack, admin);
    const making = others.map(ensure);
    const states = Promise.all(making);
    states.catch(() => {}); // Awaited below: a failure is reported there, not as unhandled meanwhile.
    const staff = Promise.all(making.filter((_, i) => others[i].kind !== 'requester'));
    staff.catch(() => {}); // Likewise.
    const missedMail = mailTime.then(retryMissedMail);
    missedMail.catch(() => {}); // Awaited below, likewise.
    const seedsRecords =
      options.records !== false && (await db().collection(studiesKind.collection).limit(1).get()).empty;
    if (seedsRecords) await seedRecords(stack, await admin(), log, staff, written, mailTime);
    else written();
    (await states).forEach((state, i) => (accounts[others[i].email] = state));
    await missedMail;
    await stack.exportAuth();
    return { accounts, records: seedsRecords };
  } finally {
    await (await adminClient?.catch(() => undefined))?.close();
  }
}
