// The guard of every admin route: a signed-in Admin or Editor (signed out: the login page with `redirectTo`).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../core/store';
import { loginPathFor } from '../../core/auth/redirect';

/** Every admin route requires a signed-in, approved Admin or Editor (signed out: the login page with `redirectTo`). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector((state) => state.auth.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}
