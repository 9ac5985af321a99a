// The app's routes: public pages, each resource's screens (built from its definition, loaded lazily), guards.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RESOURCES } from '../resources';
import { PageLoading } from '../ui/PageLoading';
import { pathsOf, type Access, type ResourceDefinition } from '../ui/resource/definition';
import { ApiGate } from './ApiGate';
import { RequireAccess, RequireAuth } from './auth/guards';
import { RouteError } from './pages/RouteError';
import { SETTINGS_PATH } from './paths';

// One chunk per screen (the login route stays small).
const AppLayout = lazy(() => import('./layout/AppLayout'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const SupportPage = lazy(() => import('./pages/SupportPage'));
const DataDeletionPage = lazy(() => import('./pages/DataDeletionPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const PublicNotFoundPage = lazy(() => import('./pages/PublicNotFoundPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));

type Screen = 'list' | 'create' | 'edit';

/** A resource's screen: the generic one with the resource's list or form, loaded when first shown. */
export function screenOf(resource: ResourceDefinition, screen: Screen): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ list, form }, kit] = await Promise.all([resource.screens(), import('../ui/resource/screens')]);
    if (screen === 'list') return { default: () => <kit.ResourceList resource={resource} list={list} /> };
    if (!form) throw new Error(`${resource.name} has no form`);
    const Form = screen === 'create' ? kit.ResourceCreate : kit.ResourceEdit;
    return { default: () => <Form resource={resource} form={form} /> };
  });
}

/** A resource's list, create and edit routes, each behind the access its definition asks for. */
function resourceRoutes(resource: ResourceDefinition): RouteObject[] {
  const paths = pathsOf(resource);
  const screens: [string, Screen, Access][] = [
    [paths.list, 'list', resource.access.list],
    [paths.create, 'create', resource.access.create],
    [paths.edit(':id'), 'edit', resource.access.edit],
  ];
  return screens
    .filter(([, , access]) => access !== 'none')
    .map(([path, screen, access]) => {
      const Screen = screenOf(resource, screen);
      return {
        path,
        element: (
          <RequireAccess access={access}>
            <Screen />
          </RequireAccess>
        ),
      };
    });
}

// The home page is the first resource's list.
const [home] = RESOURCES;

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
          { index: true, element: resourceRoutes(home)[0].element },
          ...RESOURCES.flatMap(resourceRoutes),
          { path: SETTINGS_PATH, element: <SettingsPage /> },
          { path: 'app/*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <PublicNotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
