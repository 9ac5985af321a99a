// The back office's layout, for staff: a signed-in referring clinician (role User) is refused it, pointed to the portal.
import { lazy } from 'react';
import { useAppSelector } from '../../core/store';
import { isStaffRole } from '../../core/auth/claims';
import AppLayout from './AppLayout';

const ReferrerRefusal = lazy(() => import('../auth/ReferrerRefusal'));

/** The back office for approved Admins and Editors; an approved User sees why not, and where to go instead. */
export default function BackOffice() {
  const role = useAppSelector((state) => state.auth.user?.role);
  return role && !isStaffRole(role) ? <ReferrerRefusal /> : <AppLayout />;
}
