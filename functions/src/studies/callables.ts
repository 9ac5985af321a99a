// Callables of studies: staff may list, read, create and update; Admins delete.
import { callable } from '../common/callable.js';
import { assertNoDocuments } from '../documents/service.js';
import { exportRead } from '../common/exports.js';
import { createStudy, deleteStudy, exportStudies, getStudy, listStudies, updateStudy } from './service.js';

export const list = callable('studies-list', { access: 'staff' }, (data) => listStudies(data));
export const get = callable('studies-get', { access: 'staff' }, (data) => getStudy(data.id));
export const create = callable('studies-create', { access: 'staff' }, createStudy);
export const update = callable('studies-update', { access: 'staff' }, updateStudy);
// A study's documents are not removed with it: deleting one is refused while any remain (docs/security.md).
const remove = callable('studies-delete', { access: 'admin' }, (data, caller) =>
  deleteStudy(data, caller, assertNoDocuments),
);
const exportCsv = callable(
  'studies-export',
  { access: 'staff', logAccess: (data, result) => exportRead('studies', data, result.rows) },
  exportStudies,
);
// `delete` and `export` are reserved words: exported under their deployed names.
export { remove as delete, exportCsv as export };
