import { callable } from '../common/callable.js';
import { listAudit } from './service.js';

export const list = callable('audit-list', { access: 'staff' }, listAudit);
