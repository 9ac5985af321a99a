// Staff accounts: the users/{uid} records, their Auth accounts kept in step, approvals and pictures (a person's own
// access, asked for, read and ended, is in access.ts).
import { randomUUID } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
import { getDownloadURL } from 'firebase-admin/storage';
import type { DocumentData, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import {
  DOCUMENT_TYPES,
  LIMITS,
  PICTURE_TYPES,
  EXPORT_PATHS,
  STORAGE_PATHS,
  searchKey,
  searchTokens,
  userSchema,
  userStatusOf,
  type DeleteResponse,
  type ListResponse,
  type User,
  type UserApprove,
  type UserCreate,
  type UserListQuery,
  type UserPicture,
  type UserSort,
  type UserUpdate,
  type UserValues,
  type UserExport,
} from '@trialdesk/shared';
import { diff, writeAudit, type Changes } from '../common/audit.js';
import { sameEmail, sessionsEndedNow, standing, USERS, type Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { auth, db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { createStamp, expectVersion, metaOf, pick, readBack, updateStamp } from '../common/records.js';
import { checkUpload, placeUpload, removeObject, removeOlderThan } from '../common/uploads.js';
import { writeExport } from '../common/exports.js';
import { queueAccessDecision } from './mail.js';

export { USERS };
/** Fields a client writes, from the schema. */
const EDITABLE = userSchema.keyof().options;
/** Public fields returned and audited: the editable ones, then those `derive` keeps in step with role and approval. */
export const FIELDS = [...EDITABLE, 'status', 'isAdmin', 'isUser'] as const satisfies readonly (keyof User)[];
type UserFields = Pick<User, (typeof FIELDS)[number]>;
/** What the record shows of the sign-in account, read from Auth when a user is returned (never stored). */
type AccountFacts = Pick<User, 'emailVerified' | 'provider'>;

export const userShape: QueryShape<UserSort> = {
  collection: USERS,
  filters: [
    { field: 'searchTokens', op: 'array-contains' },
    { field: 'roleApproved', op: '==' },
    { field: 'role', op: '==' },
  ],
  sorts: {
    'email:asc': { field: 'emailLower', direction: 'asc' },
    'email:desc': { field: 'emailLower', direction: 'desc' },
    'createdAt:desc': { field: 'createdAt', direction: 'desc' },
    'createdAt:asc': { field: 'createdAt', direction: 'asc' },
  },
};

function factsOf(account: UserRecord | undefined): AccountFacts {
  return { emailVerified: account?.emailVerified ?? false, provider: account?.providerData[0]?.providerId ?? '' };
}

/** The records as users, with their accounts' facts read in one batched Auth call. */
async function toUsers(snaps: DocumentSnapshot[]): Promise<User[]> {
  if (snaps.length === 0) return [];
  const { users } = await auth().getUsers(snaps.map((snap) => ({ uid: snap.id })));
  const accounts = new Map(users.map((account) => [account.uid, account]));
  return snaps.map((snap) => ({
    ...metaOf(snap),
    ...(pick(snap.data() ?? {}, FIELDS) as UserFields),
    ...factsOf(accounts.get(snap.id)),
  }));
}

export const toUser = async (snap: DocumentSnapshot): Promise<User> => (await toUsers([snap]))[0];

/** Status, isAdmin and isUser follow role and approval; search and sort fields follow the names and email. */
export function derive(fields: UserValues) {
  const record: UserFields = {
    ...fields,
    status: userStatusOf(fields.role, fields.roleApproved),
    isAdmin: fields.role === 'Admin',
    isUser: fields.role === 'User',
  };
  const internal = {
    searchTokens: searchTokens(fields.email, fields.firstName, fields.lastName),
    emailLower: fields.email.toLowerCase(),
  };
  return { record, internal };
}

const editable = (data: DocumentData) => pick(data, EDITABLE) as UserValues;

/**
 * The last approved Admin keeps that standing. The approved Admins are read inside the transaction, so two
 * concurrent demotions cannot both pass: the second one's query result changes and it retries.
 */
async function assertNotLastAdmin(tx: Transaction, id: string, current: DocumentData, next: UserFields | null) {
  if (current.status !== 'Admin' || next?.status === 'Admin') return;
  const admins = await tx.get(db().collection(USERS).where('status', '==', 'Admin'));
  if (!admins.docs.some((d) => d.id !== id)) throw fail('failed-precondition', 'lastAdmin');
}

/**
 * Brings the Auth account (email, display name, password, claims) in step with the committed record. It compares
 * with what the account has now, not with the record's previous state, so running it again mends a sync that failed
 * part way. Tokens are revoked whenever the account's claims granted more than the record now does.
 */
async function syncAccount(uid: string, record: UserFields, namesChanged: boolean, password?: string): Promise<void> {
  const account = await auth().getUser(uid);
  const updates: { email?: string; password?: string; displayName?: string; photoURL?: string | null } = {};
  if (record.email && !sameEmail(record.email, account.email)) updates.email = record.email;
  if (password !== undefined) updates.password = password;
  // Only an edit of the names renames the account: a provider's display name stays otherwise.
  if (namesChanged) updates.displayName = `${record.firstName} ${record.lastName}`.trim();
  // The account's photo follows the record's picture: the web shows it from the session from sign-in on.
  if ((record.picture ?? '') !== (account.photoURL ?? '')) updates.photoURL = record.picture || null;
  if (Object.keys(updates).length > 0) await auth().updateUser(uid, updates);
  const claims = account.customClaims ?? {};
  if (claims.role !== record.role || claims.isRoleApproved !== record.roleApproved) {
    await auth().setCustomUserClaims(uid, { ...claims, role: record.role, isRoleApproved: record.roleApproved });
  }
  if (standing(claims.role, claims.isRoleApproved) > standing(record.role, record.roleApproved)) {
    await auth().revokeRefreshTokens(uid);
  }
}

async function assertEmailFree(email: string, uid?: string): Promise<void> {
  try {
    const existing = await auth().getUserByEmail(email);
    if (existing.uid !== uid) throw fail('already-exists', 'emailTaken');
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/** The users a list (or an export) asks for: its search, filters and sort. */
export const usersQuery = (q: Omit<UserListQuery, 'page' | 'pageSize'>) =>
  shapedQuery(
    userShape,
    {
      searchTokens: searchKey(q.search) ?? undefined,
      roleApproved: q.approval === undefined ? undefined : q.approval === 'approved',
      role: q.role,
    },
    q.sort ?? 'email:asc',
  );

export async function listUsers(q: UserListQuery): Promise<ListResponse<User>> {
  return runList(userShape.collection, usersQuery(q), q, toUsers);
}

export async function getUser(id: string): Promise<User> {
  return toUser(await readBack(db().collection(USERS).doc(id)));
}

export async function createUser(input: UserCreate, caller: Caller): Promise<User> {
  const { password, confirmPassword: _confirm, ...fields } = input;
  let uid: string;
  try {
    ({ uid } = await auth().createUser({
      email: fields.email,
      password,
      displayName: `${fields.firstName} ${fields.lastName}`,
    }));
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/email-already-exists') throw fail('already-exists', 'emailTaken');
    throw error;
  }
  const ref = db().collection(USERS).doc(uid);
  const { record, internal } = derive(fields);
  try {
    await auth().setCustomUserClaims(uid, { role: record.role, isRoleApproved: record.roleApproved });
    await transaction(async (tx) => {
      tx.create(ref, { ...record, ...internal, ...createStamp(caller) });
      writeAudit(tx, caller, { action: 'create', entity: 'users', entityId: uid, changes: diff(null, record, FIELDS) });
    });
  } catch (error) {
    // Nothing may stay behind: the account goes again when its record could not be written.
    await auth()
      .deleteUser(uid)
      .catch((cleanup: Error) =>
        logger.error('users-create: could not remove the new account', { uid, message: cleanup.message }),
      );
    throw error;
  }
  return toUser(await readBack(ref));
}

/**
 * One transactional change of a user record (update, approve, revoke), then the account follows. The account is
 * brought in step even when the record did not change, so repeating an action mends an earlier failed sync.
 */
async function changeUser(
  id: string,
  version: number,
  caller: Caller,
  action: 'update' | 'approve' | 'revoke',
  apply: (current: UserValues) => UserValues,
  password?: string,
): Promise<User> {
  const ref = db().collection(USERS).doc(id);
  const { record, namesChanged } = await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), version);
    const { record, internal } = derive(apply(editable(current)));
    await assertNotLastAdmin(tx, id, current, record);
    const changes: Changes = diff(current, record, FIELDS);
    // The password itself is never stored or logged; the audit only says it was reset.
    if (password !== undefined) changes.password = { from: null, to: 'reset' };
    const namesChanged = 'firstName' in changes || 'lastName' in changes;
    // Approve and revoke are recorded even when they change nothing: they are explicit decisions.
    if (Object.keys(changes).length === 0 && action === 'update') return { record, namesChanged };
    // Less standing, or a new password, ends the person's sessions in this same commit (see authorise; storage.rules
    // reads the same mark).
    const endsSessions =
      password !== undefined ||
      standing(current.role, current.roleApproved) > standing(record.role, record.roleApproved);
    const ended = endsSessions ? sessionsEndedNow() : {};
    tx.update(ref, { ...record, ...internal, ...ended, ...updateStamp(caller, version) });
    writeAudit(tx, caller, { action, entity: 'users', entityId: id, changes });
    // The person hears of an approval or a revocation (an Admin's edit of role or approval is neither).
    if (action !== 'update') queueAccessDecision(tx, current, record);
    return { record, namesChanged };
  });
  try {
    await syncAccount(id, record, namesChanged, password);
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: string };
    logger.error(`users-${action}: the account did not follow the saved record`, {
      uid: id,
      code,
      errorMessage: message,
    });
    throw fail('internal', 'accountNotSynced');
  }
  return toUser(await readBack(ref));
}

export async function updateUser(input: UserUpdate, caller: Caller): Promise<User> {
  const { id, version, password, confirmPassword: _confirm, ...changes } = input;
  if (changes.email !== undefined) await assertEmailFree(changes.email, id);
  return changeUser(id, version, caller, 'update', (current) => ({ ...current, ...changes }), password);
}

/** The Storage object of a picture URL this service made for `uid` (null for any other URL or none). */
function picturePath(url: unknown, uid: string): string | null {
  const m = typeof url === 'string' ? /\/o\/(pictures%2F[^?#]+)/.exec(url) : null;
  const path = m ? decodeURIComponent(m[1]) : null;
  return path?.startsWith(STORAGE_PATHS.picture(uid, '')) ? path : null;
}

/**
 * A person's picture from their upload (cropped and resized in the browser, checked again here), or none. Anyone
 * changes their own; Admins change anyone's. The previous picture file is removed once the record names the new one.
 */
export async function setPicture(input: UserPicture, caller: Caller): Promise<User> {
  if (input.id !== caller.uid && caller.role !== 'Admin') throw fail('permission-denied', 'permissionDenied');
  let url = '';
  let placed: string | null = null;
  if (input.uploadPath !== null) {
    const upload = await checkUpload(
      input.uploadPath,
      caller,
      PICTURE_TYPES,
      LIMITS.pictureMaxBytes,
      'pictureTypeRefused',
    );
    placed = STORAGE_PATHS.picture(input.id, `${randomUUID()}.${DOCUMENT_TYPES[upload.contentType]}`);
    // Its own download token: the URL in the record is what every avatar of this person loads.
    const target = await placeUpload(upload, placed, { cacheControl: 'private, max-age=31536000' }, randomUUID());
    url = await getDownloadURL(target);
  }
  // The picture replaced is the one of the record the transaction changes (read there, not before).
  let previous: string | null = null;
  let user: User;
  try {
    user = await changeUser(input.id, input.version, caller, 'update', (current) => {
      previous = picturePath(current.picture, input.id);
      return { ...current, picture: url };
    });
  } catch (error) {
    if (placed) await removeObject(placed, 'users-setPicture: a failed change');
    throw error;
  }
  if (previous && previous !== placed) await removeObject(previous, 'users-setPicture: the previous picture');
  return user;
}

export async function approveUser(input: UserApprove, caller: Caller): Promise<User> {
  return changeUser(input.id, input.version, caller, 'approve', (current) => ({
    ...current,
    role: input.role ?? current.role,
    roleApproved: true,
  }));
}

export async function revokeUser(input: { id: string; version: number }, caller: Caller): Promise<User> {
  return changeUser(input.id, input.version, caller, 'revoke', (current) => ({ ...current, roleApproved: false }));
}

export async function deleteUser(input: { id: string; version: number }, caller: Caller): Promise<DeleteResponse> {
  const ref = db().collection(USERS).doc(input.id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), input.version);
    await assertNotLastAdmin(tx, input.id, current, null);
    tx.delete(ref);
    writeAudit(tx, caller, {
      action: 'delete',
      entity: 'users',
      entityId: input.id,
      changes: diff(current, null, FIELDS),
    });
  });
  try {
    await auth().deleteUser(input.id);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  // The person's files go with them: their picture (its link stops working), their uploads and exports.
  const folders = [
    STORAGE_PATHS.picture(input.id, ''),
    STORAGE_PATHS.uploadFolder(input.id),
    EXPORT_PATHS.folder(input.id),
  ];
  await Promise.all(folders.map((folder) => removeOlderThan(folder, 0, 'users-delete')));
  return { id: input.id };
}

/**
 * Its export, from the records alone (the columns need nothing of the sign-in accounts): every user the list's
 * filters match (EXPORT_MAX_ROWS at most, or a test's smaller `maxRows`).
 */
export const exportUsers = ({ language, format, ...q }: UserExport, caller: Caller, maxRows?: number) =>
  writeExport(
    {
      resource: 'users',
      query: usersQuery(q),
      rows: (docs) =>
        docs.map((doc) => {
          const data = doc.data() ?? {};
          return { ...data, ...metaOf(doc), status: userStatusOf(data.role, data.roleApproved) };
        }),
    },
    { language, format },
    caller,
    maxRows,
  );
