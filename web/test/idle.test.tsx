// Tests of the idle timeout: the warning and countdown, sign-out at 30 minutes, activity in other tabs.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import { signOut } from 'firebase/auth';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../src/shell/auth/guards';
import {
  ACTIVITY_STORAGE_KEY,
  IDLE_TIMEOUT_MS,
  IDLE_TIMEOUT_OVERRIDE_KEY,
  idleExpired,
  idleTimeoutMs,
  warningLeadMs,
} from '../src/core/auth/idle';
import { IdleWatcher } from '../src/shell/auth/IdleWatcher';
import LoginPage from '../src/shell/auth/LoginPage';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { STORAGE_KEYS } from '../src/core/persist';
import { createStore } from '../src/core/store';
import { ADMIN, locationOf, renderRoutes } from './renderApp';

// The real sign-out, watched.
vi.mock('firebase/auth', async (original) => {
  const actual = await original<typeof import('firebase/auth')>();
  return { ...actual, signOut: vi.fn(actual.signOut) };
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
beforeEach(() => {
  vi.mocked(signOut).mockClear();
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
