// Callable of the dashboard counts, for staff.
import { callable } from '../common/callable.js';
import { dashboardStats } from './service.js';

export const stats = callable('dashboard-stats', { access: 'staff' }, (_data, caller) => dashboardStats(caller));
