// The app's routes: public pages, the signed-in screens (one lazy chunk each), guards and error screen.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ApiGate } from './ApiGate';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { PageLoading } from '../ui/PageLoading';
import { RouteError } from './pages/RouteError';

// One chunk per screen (the login route stays small).
const AppLayout = lazy(() => import('./layout/AppLayout'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const SupportPage = lazy(() => import('./pages/SupportPage'));
const DataDeletionPage = lazy(() => import('./pages/DataDeletionPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const PublicNotFoundPage = lazy(() => import('./pages/PublicNotFoundPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const StudiesList = lazy(() => import('../resources/studies/StudiesList'));
const StudyCreate = lazy(() => import('../resources/studies/StudyCreate'));
const StudyEdit = lazy(() => import('../resources/studies/StudyEdit'));
const ReferencesList = lazy(() => import('../resources/references/ReferencesList'));
const ReferenceCreate = lazy(() => import('../resources/references/ReferenceCreate'));
const ReferenceEdit = lazy(() => import('../resources/references/ReferenceEdit'));
const UsersList = lazy(() => import('../resources/users/UsersList'));
const UserCreate = lazy(() => import('../resources/users/UserCreate'));
const UserEdit = lazy(() => import('../resources/users/UserEdit'));
const StudyContactsList = lazy(() => import('../resources/studyContacts/StudyContactsList'));
const StudyContactCreate = lazy(() => import('../resources/studyContacts/StudyContactCreate'));
const StudyContactEdit = lazy(() => import('../resources/studyContacts/StudyContactEdit'));
const AccessLogList = lazy(() => import('../resources/accessLog/AccessLogList'));

type Screen = LazyExoticComponent<ComponentType>;

/** list, create and edit routes of one resource under /app/<path>. */
function resource(path: string, screens: [Screen, Screen, Screen], adminOnly = false): RouteObject[] {
  const wrap = (Screen: Screen) => (adminOnly ? <RequireAdmin>{<Screen />}</RequireAdmin> : <Screen />);
  const [List, Create, Edit] = screens;
  return [
    { path: `app/${path}`, element: wrap(List) },
    { path: `app/${path}/create`, element: wrap(Create) },
    { path: `app/${path}/:id`, element: wrap(Edit) },
  ];
}

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
      {
        element: (
          <RequireAuth>
            <ApiGate>
              <AppLayout />
            </ApiGate>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <StudiesList /> },
          ...resource('studies', [StudiesList, StudyCreate, StudyEdit]),
          ...resource('users', [UsersList, UserCreate, UserEdit], true),
          ...resource('references', [ReferencesList, ReferenceCreate, ReferenceEdit]),
          ...resource('study-contacts', [StudyContactsList, StudyContactCreate, StudyContactEdit]),
          {
            path: 'app/access-log',
            element: (
              <RequireAdmin>
                <AccessLogList />
              </RequireAdmin>
            ),
          },
          { path: 'app/settings', element: <SettingsPage /> },
          { path: 'app/*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <PublicNotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
