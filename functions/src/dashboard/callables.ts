// Callable of the recruitment dashboard, for staff.
import { callable } from '../common/callable.js';
import { dashboardStats } from './service.js';

export const stats = callable('dashboard-stats', { access: 'staff' }, (data, caller) => dashboardStats(data, caller));
