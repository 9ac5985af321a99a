// Route guards: a signed-in Admin or Editor for every admin route, and each screen's own access.
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../core/store';
import { loginPathFor } from '../../core/auth/redirect';
import { may, type Access } from '../../ui/resource/definition';

const ForbiddenPage = lazy(() => import('../pages/ForbiddenPage'));

/** Every admin route requires a signed-in, approved Admin or Editor (signed out: the login page with `redirectTo`). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}

/** A screen some roles may not open (users and access log: Admins only); the server refuses their calls too. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  return may(role, access) ? children : <ForbiddenPage />;
}
