// Tests of a withdrawn access: any screen signs out to the login page with the reason; other refusals stay.
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from 'firebase/auth';
import type { Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { App as AntApp } from 'antd';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../src/shell/auth/guards';
import LoginPage from '../src/shell/auth/LoginPage';
import { references } from '../src/resources/references';
import { screenOf } from '../src/shell/ResourceRoutes';
import { installApi } from '../src/core/api/install';
import { STORAGE_KEYS } from '../src/core/persist';
import { createStore } from '../src/core/store';
import { recordsApi } from '../src/core/api/records';
import { backend, callableError } from './fakeCallables';
import { locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));
// The real sign-out, watched.
vi.mock('firebase/auth', async (original) => {
  const actual = await original<typeof import('firebase/auth')>();
  return { ...actual, signOut: vi.fn(actual.signOut) };
});

const ReferencesList = screenOf(references, 'list');

// Withdrawn: signing in again would be refused, so the page sends the person to an Admin.
const REVOKED = 'Your access to TrialDesk was withdrawn. Ask an Admin if you still need it.';
const REVOKED_FR =
  'Votre accès à TrialDesk a été retiré. Adressez-vous à un administrateur si vous en avez encore besoin.';

// A screen of the signed-in app (any would do: the base query under every screen reacts) and the login page.
const routes: RouteObject[] = [
  { path: '/auth/login', element: <LoginPage /> },
  {
    path: '/app/references',
    element: (
      <RequireAuth>
        <AntApp>
          <ReferencesList />
        </AntApp>
      </RequireAuth>
    ),
  },
];

beforeAll(() => initFirebase());
beforeEach(() => {
  vi.mocked(signOut).mockClear();
});

describe('access withdrawn by the server', () => {
  it('signs out from any screen, forgets the cached data and lands on the login page with the reason', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(() => {
      throw callableError('permission-denied', { key: 'errors.accessRevoked' });
    });
    const store = createStore();
    installApi(store);
    // Something cached earlier, from another screen.
    store.dispatch(
      recordsApi.util.upsertQueryEntries([
        {
          endpointName: 'getRecord',
          arg: { resource: 'studies', id: 's1' },
          value: { id: 's1', title: 'A study' } as unknown as Study,
        },
      ]),
    );
    const { router } = await renderRoutes(routes, '/app/references?status=Pending', { store });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URL(locationOf(router), 'http://x').searchParams.get('redirectTo')).toBe(
      '/app/references?status=Pending',
    );
    expect(await screen.findByText(REVOKED)).toBeTruthy();
    // Signing in again would be refused: the page does not suggest it.
    expect(document.body.textContent).not.toMatch(/sign in again/i);
    expect(backend.callsOf('references-list')).toHaveLength(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'accessRevoked' });
    expect(store.getState().api?.queries).toEqual({});
    // The other tabs read the reason from here when Firebase tells them of the sign-out.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.auth)!)).toEqual({
      user: null,
      signOutReason: 'accessRevoked',
    });

    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText(REVOKED_FR)).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('tells a person whose access stands (a demotion, a session ended elsewhere) to sign in again', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(() => {
      throw callableError('permission-denied', { key: 'errors.sessionEnded' });
    });
    const { store, router } = await renderRoutes(routes, '/app/references');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'sessionEnded' });
    const notice = await screen.findByText(
      'Your access to TrialDesk changed, or this session was ended. Sign in again to continue.',
    );
    expect(screen.queryByText(REVOKED)).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    expect(notice.textContent).toBe(
      'Votre accès à TrialDesk a changé, ou cette session a été fermée. Reconnectez-vous pour continuer.',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it("signs out too when the account's e-mail was changed outside TrialDesk, saying so", async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(() => {
      throw callableError('permission-denied', { key: 'errors.accountEmailChanged' });
    });
    const { store, router } = await renderRoutes(routes, '/app/references');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'accountEmailChanged' });
    expect(
      await screen.findByText(
        'L’adresse courriel de votre compte de connexion a été modifiée hors de TrialDesk. Demandez à un administrateur de vérifier votre compte.',
      ),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('any other refusal stays on the screen, signed in', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(() => {
      throw callableError('permission-denied', { key: 'errors.permissionDenied' });
    });
    const { store, router } = await renderRoutes(routes, '/app/references');
    expect(await screen.findByTestId('load-error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/references');
    expect(store.getState().auth.user?.email).toBe('admin@trialdesk.test');
    expect(signOut).not.toHaveBeenCalled();
  });
});
