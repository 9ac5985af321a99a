// The app's routes: public pages, then the signed-in shell whose screens (resources' and showcase's) load with it.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../ui/PageLoading';
import { APP_PATH, SHOWCASE_BASES } from '../core/config';
import { ApiGate } from './ApiGate';
import { RequireAuth } from './auth/guards';
import { RouteError } from './pages/RouteError';

// One chunk per screen (the login route stays small).
// The back office's layout, for staff only (a signed-in referrer is refused there: layout/BackOffice.tsx).
const AppLayout = lazy(() => import('./layout/BackOffice'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const SupportPage = lazy(() => import('./pages/SupportPage'));
const DataDeletionPage = lazy(() => import('./pages/DataDeletionPage'));
const PublicNotFoundPage = lazy(() => import('./pages/PublicNotFoundPage'));
// The signed-in screens: the resources' and settings, matched below /app once the chunk loads.
const ResourceRoutes = lazy(() => import('./ResourceRoutes'));
// The referral portal (/refer): its own layout, sign-in and pages, for referring clinicians.
const PortalRoutes = lazy(() => import('./portal/PortalRoutes'));

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'data-deletion-request', element: <DataDeletionPage /> },
      { path: 'refer/*', element: <PortalRoutes /> },
      {
        element: (
          <RequireAuth>
            <ApiGate>
              <AppLayout />
            </ApiGate>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <ResourceRoutes /> },
          { path: `${APP_PATH.slice(1)}/*`, element: <ResourceRoutes /> },
          ...SHOWCASE_BASES.map((base) => ({ path: `${base.slice(1)}/*`, element: <ResourceRoutes base={base} /> })),
        ],
      },
      { path: '*', element: <PublicNotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
