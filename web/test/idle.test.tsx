// Tests of the idle timeout: the warning and countdown, sign-out at 30 minutes (on the server too), activity in other
// tabs, the app opened again after every tab was closed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../src/shell/auth/guards';
import {
  ACTIVITY_STORAGE_KEY,
  IDLE_TIMEOUT_MS,
  IDLE_TIMEOUT_OVERRIDE_KEY,
  idleExpired,
  idleTimeoutMs,
  recordActivity,
  warningLeadMs,
} from '../src/core/auth/idle';
import { AuthListener } from '../src/shell/auth/AuthListener';
import { IdleWatcher } from '../src/shell/auth/IdleWatcher';
import { SESSIONS_ENDED_STORAGE_KEY } from '../src/core/auth/serverSessions';
import LoginPage from '../src/shell/auth/LoginPage';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { STORAGE_KEYS } from '../src/core/persist';
import { createStore } from '../src/core/store';
import { backend, callableError } from './fakeCallables';
import { ADMIN, locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));
// The real sign-out, watched; the auth listener's, which one test has report a session Firebase restored.
vi.mock('firebase/auth', async (original) => {
  const actual = await original<typeof import('firebase/auth')>();
  return { ...actual, signOut: vi.fn(actual.signOut), onIdTokenChanged: vi.fn(actual.onIdTokenChanged) };
});

const MINUTE = 60_000;
const START = new Date('2025-06-02T09:00:00Z').getTime();

const routes: RouteObject[] = [
  { path: '/auth/login', element: <LoginPage /> },
  {
    path: '/app/studies',
    element: (
      <RequireAuth>
        <AntApp>
          <IdleWatcher />
          <p>Studies screen</p>
        </AntApp>
      </RequireAuth>
    ),
  },
];

/** Moves the clock on; the watcher's once-a-second check runs as it would have meanwhile. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The warning's text while it shows (antd keeps a closed dialog in the page, hidden). */
function warning(): string | null {
  const text = document.querySelector('[data-testid="idle-warning"]');
  const wrap = text?.closest('.ant-modal-wrap') as HTMLElement | null;
  return text && wrap && wrap.style.display !== 'none' ? (text.textContent ?? '') : null;
}

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});
/** How many times Firebase had signed out when the server was asked to end the sessions. */
let signOutsBeforeServerEnd: number[] = [];

beforeEach(() => {
  vi.mocked(signOut).mockClear();
  signOutsBeforeServerEnd = [];
  backend.reset((name) => {
    if (name !== 'users-endSession') throw new Error(`unexpected call of ${name}`);
    signOutsBeforeServerEnd.push(vi.mocked(signOut).mock.calls.length);
    return { uid: ADMIN.id };
  });
  // Only the clock and the watcher's interval: promises, React and the router keep their real timers.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idle timeout', () => {
  it('warns one minute before the end with a countdown; "Stay signed in" starts the 30 minutes again', async () => {
    await renderRoutes(routes, '/app/studies');
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe(String(START));
    await advance(29 * MINUTE - 1_000);
    expect(warning()).toBeNull();
    await advance(1_000);
    expect(warning()).toBe('Without activity, you will be signed out in 60 seconds.');
    expect(screen.getByRole('dialog').textContent).toContain('Are you still there?');
    await advance(30_000);
    expect(warning()).toBe('Without activity, you will be signed out in 30 seconds.');
    // Once the warning shows, a stray pointer move is not an answer.
    fireEvent.pointerMove(document.body);
    await advance(29_000);
    expect(warning()).toBe('Without activity, you will be signed out in 1 second.');

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(warning()).toBeNull();
    const stayedAt = START + 29 * MINUTE + 59_000;
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe(String(stayedAt));
    await advance(29 * MINUTE - 1_000);
    expect(warning()).toBeNull();
    await advance(1_000);
    expect(warning()).toBe('Without activity, you will be signed out in 60 seconds.');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out at 30 minutes and lands on the login page with the reason and the way back', async () => {
    const { store, router } = await renderRoutes(routes, '/app/studies?status=Recruiting');
    await advance(30 * MINUTE - 1_000);
    expect(router.state.location.pathname).toBe('/app/studies');
    await advance(1_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URL(locationOf(router), 'http://x').searchParams.get('redirectTo')).toBe(
      '/app/studies?status=Recruiting',
    );
    expect(await screen.findByText('You were signed out after 30 minutes without activity.')).toBeTruthy();
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'idle' });
    expect(signOut).toHaveBeenCalledTimes(1);
    // The server ended the sessions first, while Firebase still held the token the call carries.
    expect(backend.callsOf('users-endSession')).toEqual([{}]);
    expect(signOutsBeforeServerEnd).toEqual([0]);
    expect(localStorage.getItem(SESSIONS_ENDED_STORAGE_KEY)).toBe(String(START));

    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText('Votre session a été fermée après 30 minutes sans activité.')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('input here, or in another tab (storage event), postpones the end', async () => {
    const { router } = await renderRoutes(routes, '/app/studies');
    await advance(10 * MINUTE);
    fireEvent.keyDown(window, { key: 'a' });
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe(String(START + 10 * MINUTE));
    await advance(20 * MINUTE);
    expect(warning()).toBeNull();
    await advance(9 * MINUTE);
    expect(warning()).toBe('Without activity, you will be signed out in 60 seconds.');

    // Another tab's "Stay signed in" (or any input there): its time arrives through the storage event.
    const otherTab = String(Date.now());
    localStorage.setItem(ACTIVITY_STORAGE_KEY, otherTab);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_STORAGE_KEY, newValue: otherTab }));
    });
    await waitFor(() => expect(warning()).toBeNull());
    await advance(29 * MINUTE - 1_000);
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe('/app/studies');
    // Other keys, and times older than what this tab knows, change nothing.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'trialdesk.theme', newValue: String(Date.now()) }));
      window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_STORAGE_KEY, newValue: String(START) }));
    });
    await advance(61_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('still signs out when the server cannot end the sessions; asks it once for all tabs', async () => {
    backend.reset(() => {
      throw callableError('unavailable');
    });
    const { store, router } = await renderRoutes(routes, '/app/studies');
    await advance(30 * MINUTE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('You were signed out after 30 minutes without activity.')).toBeTruthy();
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'idle' });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(backend.calls.map((call) => call.name)).toEqual(['users-endSession']);
    // Not recorded as done: a tab reaching the same moment asks again.
    expect(localStorage.getItem(SESSIONS_ENDED_STORAGE_KEY)).toBeNull();
    await advance(MINUTE);
    expect(backend.calls).toHaveLength(1);

    // Another tab got the server's answer for this idle period first: this one only signs itself out.
    backend.reset();
    vi.mocked(signOut).mockClear();
    recordActivity();
    localStorage.setItem(SESSIONS_ENDED_STORAGE_KEY, localStorage.getItem(ACTIVITY_STORAGE_KEY)!);
    const other = await renderRoutes(routes, '/app/studies');
    await advance(30 * MINUTE);
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/auth/login'));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(backend.calls).toEqual([]);
  });

  it('opening the app after the timeout (every tab closed) ends the sessions on the server too, with the notice', async () => {
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ user: ADMIN, signOutReason: null }));
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(START - 45 * MINUTE));
    // Firebase restores the session it kept (the token the server call carries): the listener hears of it.
    vi.mocked(onIdTokenChanged).mockImplementationOnce((_auth, next) => {
      void (next as (user: User | null) => unknown)({ uid: ADMIN.id } as User);
      return () => {};
    });
    const app: RouteObject[] = [
      {
        element: (
          <>
            <AuthListener />
            <Outlet />
          </>
        ),
        children: routes,
      },
    ];
    const { store, router } = await renderRoutes(app, '/app/studies', { user: null });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(backend.callsOf('users-endSession')).toEqual([{}]);
    expect(signOutsBeforeServerEnd).toEqual([0]);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByText('Studies screen')).toBeNull();
    expect(await screen.findByText('You were signed out after 30 minutes without activity.')).toBeTruthy();
    expect(store.getState().auth).toEqual({ user: null, signOutReason: 'idle' });
  });

  it('a session left longer than the timeout (every tab closed) is over before any screen shows', () => {
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ user: ADMIN, signOutReason: null }));
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(START - 29 * MINUTE));
    expect(createStore().getState().auth.user).toEqual(ADMIN);
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(START - 30 * MINUTE));
    expect(idleExpired()).toBe(true);
    expect(createStore().getState().auth).toEqual({ user: null, signOutReason: 'idle' });
    // No record of activity (e.g. storage cleared): nothing to judge by.
    localStorage.removeItem(ACTIVITY_STORAGE_KEY);
    expect(createStore().getState().auth.user).toEqual(ADMIN);
  });
});

describe('idle timeout duration', () => {
  it('is one constant; an override (emulator builds only) may only shorten it', () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
    expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
    localStorage.setItem(IDLE_TIMEOUT_OVERRIDE_KEY, '8000');
    expect(idleTimeoutMs()).toBe(8_000);
    expect(warningLeadMs(8_000)).toBe(4_000);
    expect(warningLeadMs(IDLE_TIMEOUT_MS)).toBe(MINUTE);
    // A production build ignores it.
    expect(idleTimeoutMs(false)).toBe(IDLE_TIMEOUT_MS);
    for (const value of [String(2 * IDLE_TIMEOUT_MS), String(IDLE_TIMEOUT_MS), '0', '-5', '500', 'Infinity', 'soon']) {
      localStorage.setItem(IDLE_TIMEOUT_OVERRIDE_KEY, value);
      expect(idleTimeoutMs(), value).toBe(IDLE_TIMEOUT_MS);
    }
  });
});
