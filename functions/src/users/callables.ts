// Callables of staff accounts: Admins manage them; anyone signed in reads their standing, asks for access, sets
// their language or ends their own session; staff set their own picture (Admins anyone's).
import { usersKind } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { kindCallables } from '../common/kindCallables.js';
import {
  endSession as endOwnSession,
  me as readMe,
  requestAccess as askForAccess,
  setLanguage as chooseLanguage,
} from './access.js';
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
  userShape,
} from './service.js';

const admin = { access: 'admin' } as const;
const signedIn = { access: 'signedIn' } as const;

export const users = {
  ...kindCallables(
    usersKind,
    {
      list: (data) => listUsers(data),
      get: (data) => getUser(data.id),
      create: createUser,
      update: updateUser,
      delete: deleteUser,
      export: exportUsers,
    },
    { shapes: [userShape] },
  ),
  approve: callable('users-approve', admin, approveUser),
  revoke: callable('users-revoke', admin, revokeUser),
  requestAccess: callable('users-requestAccess', signedIn, askForAccess),
  setLanguage: callable('users-setLanguage', signedIn, chooseLanguage),
  me: callable('users-me', signedIn, (_data, caller) => readMe(caller)),
  endSession: callable('users-endSession', signedIn, (_data, caller) => endOwnSession(caller)),
  setPicture: callable('users-setPicture', { access: 'staff' }, changePicture),
};
