// Callables of staff accounts: Admins manage them; anyone signed in reads their standing, asks for access or ends
// their own session; staff set their own picture (Admins anyone's).
import { callable } from '../common/callable.js';
import { exportRead } from '../common/exports.js';
import { endSession as endOwnSession, me as readMe, requestAccess as askForAccess } from './access.js';
import {
  approveUser,
  createUser,
  deleteUser,
  exportUsers,
  getUser,
  listUsers,
  revokeUser,
  setPicture as changePicture,
  updateUser,
} from './service.js';

const admin = { access: 'admin' } as const;
const signedIn = { access: 'signedIn' } as const;

export const list = callable('users-list', admin, (data) => listUsers(data));
export const get = callable('users-get', admin, (data) => getUser(data.id));
export const create = callable('users-create', admin, createUser);
export const update = callable('users-update', admin, updateUser);
export const approve = callable('users-approve', admin, approveUser);
export const revoke = callable('users-revoke', admin, revokeUser);
export const requestAccess = callable('users-requestAccess', signedIn, (_data, caller) => askForAccess(caller));
export const me = callable('users-me', signedIn, (_data, caller) => readMe(caller));
export const endSession = callable('users-endSession', signedIn, (_data, caller) => endOwnSession(caller));
export const setPicture = callable('users-setPicture', { access: 'staff' }, changePicture);
const remove = callable('users-delete', admin, deleteUser);
const exportCsv = callable(
  'users-export',
  { access: 'admin', logAccess: (data, result) => exportRead('users', data, result.rows) },
  exportUsers,
);
// `delete` and `export` are reserved words: exported under their deployed names.
export { remove as delete, exportCsv as export };
