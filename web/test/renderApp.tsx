// Screens rendered as the app renders them: store (signed in), theme, router, the server-data API installed.
import { act, render, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { installApi } from '../src/core/api/install';
import { signedIn, type AuthUser } from '../src/core/auth/authSlice';
import { createStore, type AppStore } from '../src/core/store';
import { App as AntApp } from 'antd';
import { pathsOf, type ResourceDefinition } from '../src/ui/resource/definition';
import { screenOf } from '../src/shell/ResourceRoutes';
import { ThemeProvider } from '../src/shell/ThemeProvider';

export const ADMIN: AuthUser = {
  id: 'admin-uid',
  email: 'admin@trialdesk.test',
  username: 'admin@trialdesk.test',
  displayName: 'Admin',
  avatar: null,
  role: 'Admin',
};

/** An approved referring clinician (role User): the referral portal's, refused by the back office. */
export const REFERRER: AuthUser = {
  id: 'referrer-uid',
  email: 'dr.roy@clinic.test',
  username: 'dr.roy@clinic.test',
  displayName: 'Dr Roy',
  avatar: null,
  role: 'User',
};

/**
 * Renders `routes` at `path` with a store (a new one by default) signed in as `user` (the Admin by default) whose server-data API is installed.
 * Awaited inside act, as React requires of screens that suspend (lazy screens, the API gate).
 */
export async function renderRoutes(
  routes: RouteObject[],
  path: string,
  { user = ADMIN, store = createStore() }: { user?: AuthUser | null; store?: AppStore } = {},
) {
  installApi(store);
  if (user) store.dispatch(signedIn(user));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>,
    ),
  );
  return { store, router, view };
}

/** A resource's list screen at `path` (its own route, in antd's App for messages and dialogs), as renderRoutes does. */
export function renderList(resource: ResourceDefinition, path: string) {
  const List = screenOf(resource, 'list');
  const element = (
    <AntApp>
      <List />
    </AntApp>
  );
  return renderRoutes([{ path: pathsOf(resource).list, element }], path);
}

/** The current location of a memory router, as a path with its query. */
export const locationOf = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

/** A table's body rows as their cells' text (the header row left out). */
export const cellTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
