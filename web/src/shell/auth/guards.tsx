// Route guards: a signed-in Admin or Editor for every admin route, Admins only for the Users screens.
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../core/store';
import { loginPathFor } from '../../core/auth/redirect';

const ForbiddenPage = lazy(() => import('../pages/ForbiddenPage'));

/** Every admin route requires a signed-in, approved Admin or Editor (signed out: the login page with `redirectTo`). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}

/** Users and access-log screens: Admins only (the server refuses the calls to others too). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  return role === 'Admin' ? children : <ForbiddenPage />;
}
