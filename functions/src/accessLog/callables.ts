// Callables of the access log: Admins only.
import { callable } from '../common/callable.js';
import { listAccessLog } from './service.js';

export const list = callable('accessLog-list', { access: 'admin' }, (data) => listAccessLog(data));
