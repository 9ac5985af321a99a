// `npm run grant-admin -- <email> [--project <id>]`: makes an existing Auth account an approved Admin (the
// bootstrap of the first Admin). The users/{uid} record and its audit entries are written by the same service
// code as the callables, so the record cannot differ from one `users-approve` makes.
import { createConnection } from 'node:net';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { getApps, initializeApp } from 'firebase-admin/app';
import { userRequestAccessSchema, type User } from '@trialdesk/shared';
import type { Caller } from '@trialdesk/functions/common/auth';
import { auth, db } from '@trialdesk/functions/common/firebase';
import { requestAccess } from '@trialdesk/functions/users/access';
import { approveUser, getUser, USERS } from '@trialdesk/functions/users/service';
import { DEFAULT_PORTS, PROJECT_ID } from './stack.js';

/** Who the audit log names for changes made from the command line. */
export const GRANT_ADMIN_ACTOR: Caller = {
  uid: 'cli:grant-admin',
  email: null,
  role: 'Admin',
  approved: true,
  authTime: null,
};

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No Firebase Auth account has the email ${email}. The person must sign in once (or be created) first.`);
  }
}

/**
 * Grants Admin to the account with this email: creates its users/{uid} record when missing (as an access request
 * would), approves it as Admin (record, audit entry, claims), and sets the claims even when the record already said
 * Admin, so an account re-created under the same uid gets them back.
 */
export async function grantAdmin(email: string, actor: Caller = GRANT_ADMIN_ACTOR): Promise<User> {
  let account;
  try {
    account = await auth().getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new UnknownAccountError(email);
    throw error;
  }
  const subject: Caller = {
    uid: account.uid,
    email: account.email ?? email,
    role: null,
    approved: false,
    authTime: null,
  };
  const snap = await db().collection(USERS).doc(account.uid).get();
  let version = snap.get('version') as number | undefined;
  if (!snap.exists) ({ version } = (await requestAccess(userRequestAccessSchema.parse({}), subject)).user);
  const user =
    snap.get('status') === 'Admin'
      ? await getUser(account.uid)
      : await approveUser({ id: account.uid, version: version!, role: 'Admin' }, actor);
  await auth().setCustomUserClaims(account.uid, { ...account.customClaims, role: 'Admin', isRoleApproved: true });
  return user;
}

/** Whether something listens on 127.0.0.1:port. */
function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });
}

/** Chooses the target: emulators named by the environment, the local stack when it runs, or a real project. */
export async function chooseTarget(project: string | undefined): Promise<{ projectId: string; description: string }> {
  const { FIRESTORE_EMULATOR_HOST: firestore, FIREBASE_AUTH_EMULATOR_HOST: authHost } = process.env;
  if (firestore || authHost) {
    if (!firestore || !authHost) {
      throw new Error('Set both FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST, or neither.');
    }
    const projectId = project ?? PROJECT_ID;
    return { projectId, description: `emulators (Auth ${authHost}, Firestore ${firestore}), project ${projectId}` };
  }
  if (project)
    return { projectId: project, description: `the real project ${project} (application default credentials)` };
  if ((await answers(DEFAULT_PORTS.auth)) && (await answers(DEFAULT_PORTS.firestore))) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${DEFAULT_PORTS.auth}`;
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${DEFAULT_PORTS.firestore}`;
    return { projectId: PROJECT_ID, description: `the local stack (npm start) on 127.0.0.1, project ${PROJECT_ID}` };
  }
  throw new Error(
    'No target: the local stack is not running (nothing on ports 9099 and 8080). Start it with `npm start`, ' +
      'or pass --project <id> to use a real project with application default credentials.',
  );
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { project: { type: 'string' } },
  });
  const email = positionals[0];
  if (positionals.length !== 1 || !email.includes('@')) {
    console.error('Usage: npm run grant-admin -- <email> [--project <id>]');
    process.exitCode = 2;
    return;
  }
  const target = await chooseTarget(values.project);
  console.log(`Target: ${target.description}`);
  // The service code uses the default app; name the project explicitly so no guess is made.
  if (getApps().length === 0) initializeApp({ projectId: target.projectId });
  process.env.GCLOUD_PROJECT ??= target.projectId;
  const user = await grantAdmin(email);
  console.log(
    `${user.email} (uid ${user.id}) is now an approved Admin. They must sign in again to get the new claims.`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: Error) => {
    console.error(error instanceof UnknownAccountError ? error.message : `grant-admin failed: ${error.message}`);
    process.exitCode = 1;
  });
}
