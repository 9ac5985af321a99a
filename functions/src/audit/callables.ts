// Callables of the audit log: the history of records, for staff (the users' history for Admins).
import { callable } from '../common/callable.js';
import { listAudit } from './service.js';

export const list = callable('audit-list', { access: 'staff' }, listAudit);
