// Callables of study documents: staff list, read, upload and rename; Admins delete (every version).
import { callable } from '../common/callable.js';
import {
  addDocumentVersion,
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  updateDocument,
} from './service.js';

export const list = callable('documents-list', { access: 'staff' }, (data) => listDocuments(data));
export const get = callable('documents-get', { access: 'staff' }, (data) => getDocument(data.id));
export const create = callable('documents-create', { access: 'staff' }, createDocument);
export const addVersion = callable('documents-addVersion', { access: 'staff' }, addDocumentVersion);
export const update = callable('documents-update', { access: 'staff' }, updateDocument);
const remove = callable('documents-delete', { access: 'admin' }, deleteDocument);
// `delete` is a reserved word: exported under its deployed name.
export { remove as delete };
