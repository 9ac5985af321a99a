import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../store';
import { loginPathFor } from './redirect';

const ForbiddenPage = lazy(() => import('../pages/ForbiddenPage'));

/** Every admin route requires a signed-in, approved Admin or Editor (spec sections 2 and 6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}

/** Users screens: Admins only (DESIGN.md section 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  return role === 'Admin' ? children : <ForbiddenPage />;
}
