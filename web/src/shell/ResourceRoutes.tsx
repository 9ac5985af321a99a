// The signed-in screens: each resource's list, create and edit screens from its definition, the product's and the
// showcase's pages, settings.
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_PATH } from '../core/config';
import { RESOURCES } from '../resources';
import { PRODUCT_PAGES } from '../resources/pages';
import { PAGES, SAMPLE_RESOURCES } from '../showcase';
import { may, pathsOf, type Access, type ResourceDefinition } from '../ui/resource/definition';
import { useAppSelector } from '../core/store';
import type { PageDefinition } from '../ui/page';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { SETTINGS_PATH } from './paths';

// Loaded after sign-in with this module, so the login page carries none of the resources.
const ForbiddenPage = lazy(() => import('./pages/ForbiddenPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));

type Screen = 'list' | 'create' | 'edit';

/** A screen some roles may not open (users, access log: Admins only); the server refuses their calls too. */
function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  return may(role, access) ? children : <ForbiddenPage />;
}

/** A resource's screen: the generic one with the resource's list or form, loaded when first shown. */
export function screenOf(resource: ResourceDefinition, screen: Screen): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ list, form, Detail }, kit] = await Promise.all([resource.screens(), import('../ui/resource/screens')]);
    if (screen === 'list') return { default: () => <kit.ResourceList resource={resource} list={list} /> };
    if (screen === 'edit' && Detail) {
      return {
        default: function DetailScreen() {
          return <Detail id={useParams().id ?? ''} />;
        },
      };
    }
    if (!form) throw new Error(`${resource.name} has no form`);
    const Form = screen === 'create' ? kit.ResourceCreate : kit.ResourceEdit;
    return { default: () => <Form resource={resource} form={form} /> };
  });
}

/**
 * A page's screen, loaded when first shown, with its title in the browser tab (set once the screen and its words
 * have loaded: the tab says the title, never its key).
 */
function titled(page: PageDefinition): ComponentType {
  const Screen = lazy(page.screen);
  const title = page.title ?? page.menu?.label;
  return function TitledPage() {
    const { t } = useTranslation();
    useDocumentTitle(title && t(title));
    return <Screen />;
  };
}

/** The product's resources, then the showcase's. */
const ALL_RESOURCES = [...RESOURCES, ...SAMPLE_RESOURCES];

/** Every resource's screens with their paths and the access each asks for, made once. */
const SCREENS = ALL_RESOURCES.flatMap((resource) => {
  const paths = pathsOf(resource);
  const screens: [string, Screen, Access][] = [
    [paths.list, 'list', resource.access.list],
    [paths.create, 'create', resource.access.create],
    [paths.edit(':id'), 'edit', resource.access.edit],
  ];
  return screens
    .filter(([, , access]) => access !== 'none')
    .map(([path, screen, access]): { path: string; access: Access; Screen: ComponentType } => ({
      path,
      access,
      Screen: screenOf(resource, screen),
    }));
}).concat(
  // The product's pages, then the showcase's: any approved Admin or Editor (with a menu entry or not).
  [...PRODUCT_PAGES, ...PAGES].map((page) => ({
    path: page.path,
    access: 'staff' as Access,
    Screen: titled(page),
  })),
);

const guarded = ({ access, Screen }: (typeof SCREENS)[number]) => (
  <RequireAccess access={access}>
    <Screen />
  </RequireAccess>
);

/**
 * The screens under one base (`/app`, or one of the showcase's), matched relative to it, with settings and the home
 * page (the first resource's list) at /app's index.
 */
export default function ResourceRoutes({ base = APP_PATH }: { base?: string }) {
  const below = (path: string) => path.slice(base.length + 1);
  return (
    <Routes>
      {base === APP_PATH && <Route index element={guarded(SCREENS[0])} />}
      {SCREENS.filter((screen) => screen.path.startsWith(`${base}/`)).map((screen) => (
        <Route key={screen.path} path={below(screen.path)} element={guarded(screen)} />
      ))}
      {base === APP_PATH && <Route path={below(SETTINGS_PATH)} element={<SettingsPage />} />}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
