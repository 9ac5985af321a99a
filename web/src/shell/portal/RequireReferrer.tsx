// The guard of the portal's signed-in pages: an approved referrer's, with the server-data API and antd's App.
import { lazy } from 'react';
import { App as AntApp } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../core/store';
import { isStaffRole } from '../../core/auth/claims';
import { loginPathFor } from '../../core/auth/redirect';
import { PORTAL_PATHS } from '../../portal/paths';
import { ApiGate } from '../ApiGate';

const StaffRefusal = lazy(() => import('../../portal/access/StaffRefusal'));

/**
 * The portal's pages are an approved referrer's (role User): signed out, its sign-in; staff get a refusal pointing
 * to the back office (the server refuses them the portal's callables too).
 */
export default function RequireReferrer() {
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search, PORTAL_PATHS.login)} replace />;
  if (isStaffRole(user.role)) return <StaffRefusal />;
  // antd's message and modal hooks (App.useApp) serve the signed-in pages only: kept off the sign-in page.
  return (
    <ApiGate>
      <AntApp>
        <Outlet />
      </AntApp>
    </ApiGate>
  );
}
