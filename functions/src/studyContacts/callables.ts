// Callables of study contacts: staff may list, read, create and update; Admins delete.
import { callable } from '../common/callable.js';
import { exportRead } from '../common/exports.js';
import { createContact, deleteContact, exportContacts, getContact, listContacts, updateContact } from './service.js';

export const list = callable('studyContacts-list', { access: 'staff' }, (data) => listContacts(data));
export const get = callable('studyContacts-get', { access: 'staff' }, (data) => getContact(data.id));
export const create = callable('studyContacts-create', { access: 'staff' }, createContact);
export const update = callable('studyContacts-update', { access: 'staff' }, updateContact);
const remove = callable('studyContacts-delete', { access: 'admin' }, deleteContact);
const exportCsv = callable(
  'studyContacts-export',
  { access: 'staff', logAccess: (data, result) => exportRead('studyContacts', data, result.rows) },
  exportContacts,
);
// `delete` and `export` are reserved words: exported under their deployed names.
export { remove as delete, exportCsv as export };
