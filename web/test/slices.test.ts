// Tests of the theme, layout and auth slices and of what each keeps in localStorage.
import { describe, expect, it } from 'vitest';
import { signedIn, signedOut, signOutReasonCleared, storedSignOutReason } from '../src/core/auth/authSlice';
import {
  groupsShown,
  layoutSlice,
  layoutTypeFor,
  routeChanged,
  setLayoutType,
  setOpenGroups,
  toggleSider,
} from '../src/core/layoutSlice';
import { STORAGE_KEYS } from '../src/core/persist';
import { createStore } from '../src/core/store';
import { themeSlice, toggleMode } from '../src/core/themeSlice';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');
const user = {
  id: 'u1',
  email: 'editor@trialdesk.test',
  username: 'editor@trialdesk.test',
  displayName: 'Editor',
  avatar: null,
  role: 'Editor' as const,
};

describe('theme slice', () => {
  it('toggles light and dark and persists under its own key', () => {
    const store = createStore();
    expect(store.getState().theme).toEqual({ mode: 'light', primaryColor: '#3e5eff' });
    store.dispatch(toggleMode());
    expect(stored(STORAGE_KEYS.theme)).toEqual({ mode: 'dark', primaryColor: '#3e5eff' });
    expect(createStore().getState().theme.mode).toBe('dark');
  });

  it('ignores corrupt stored values', () => {
    localStorage.setItem(STORAGE_KEYS.theme, '{"mode":"neon"}');
    expect(themeSlice.getInitialState().mode).toBe('light');
    localStorage.setItem(STORAGE_KEYS.theme, 'not json');
    expect(themeSlice.getInitialState().mode).toBe('light');
  });
});

describe('layout slice', () => {
  it('is mobile under 1023 px', () => {
    expect(layoutTypeFor(1022)).toBe('mobile');
    expect(layoutTypeFor(1023)).toBe('full');
  });

  it('hides the drawer on route changes in mobile only, and persists', () => {
    const reduce = layoutSlice.reducer;
    let state = reduce({ siderHidden: false, type: 'full', openGroups: [] }, routeChanged());
    expect(state.siderHidden).toBe(false);
    state = reduce(state, setLayoutType('mobile'));
    expect(state).toEqual({ siderHidden: true, type: 'mobile', openGroups: [] });
    state = reduce(reduce(state, toggleSider()), routeChanged());
    expect(state.siderHidden).toBe(true);
    expect(reduce(state, setLayoutType('full'))).toEqual({ siderHidden: false, type: 'full', openGroups: [] });

    const store = createStore();
    store.dispatch(toggleSider());
    expect(stored(STORAGE_KEYS.layout)).toEqual({ siderHidden: true, type: 'full', openGroups: [] });
    expect(createStore().getState().layout.siderHidden).toBe(true);
  });

  it('starts with every menu group collapsed and remembers the ones opened', () => {
    const store = createStore();
    expect(store.getState().layout.openGroups).toEqual([]);
    store.dispatch(setOpenGroups(['pages']));
    expect(stored(STORAGE_KEYS.layout)).toMatchObject({ openGroups: ['pages'] });
    expect(createStore().getState().layout.openGroups).toEqual(['pages']);
  });

  it('opens the groups holding the page shown, beside those already open, once each', () => {
    const reduce = layoutSlice.reducer;
    const state = { siderHidden: false, type: 'full' as const, openGroups: ['ui'] };
    expect(reduce(state, groupsShown(['pages', 'menu.items.ecommerce'])).openGroups).toEqual([
      'ui',
      'pages',
      'menu.items.ecommerce',
    ]);
    expect(reduce(state, groupsShown(['ui']))).toBe(state);
    expect(reduce(state, groupsShown([]))).toBe(state);
  });
});

describe('auth slice', () => {
  it('persists only the signed-in user, and clears it', () => {
    const store = createStore();
    store.dispatch(signedIn(user));
    expect(stored(STORAGE_KEYS.auth)).toEqual({ user, signOutReason: null });
    expect(JSON.stringify(stored(STORAGE_KEYS.auth))).not.toMatch(/token/i);
    expect(createStore().getState().auth.user).toEqual(user);
    store.dispatch(signedOut());
    expect(stored(STORAGE_KEYS.auth)).toEqual({ user: null, signOutReason: null });
  });

  it('keeps why the app ended a session until the next sign-in attempt, for every tab', () => {
    const store = createStore();
    store.dispatch(signedIn(user));
    store.dispatch(signedOut('idle'));
    expect(stored(STORAGE_KEYS.auth)).toEqual({ user: null, signOutReason: 'idle' });
    expect(storedSignOutReason()).toBe('idle');
    expect(createStore().getState().auth.signOutReason).toBe('idle');
    store.dispatch(signOutReasonCleared());
    expect(storedSignOutReason()).toBeNull();
    store.dispatch(signedOut('accessRevoked'));
    store.dispatch(signedIn(user));
    expect(storedSignOutReason()).toBeNull();
  });

  it('reads a user stored before the reason existed, and refuses an unknown reason', () => {
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ user }));
    expect(createStore().getState().auth).toEqual({ user, signOutReason: null });
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ user: null, signOutReason: 'bored' }));
    expect(createStore().getState().auth).toEqual({ user: null, signOutReason: null });
  });

  it('refuses a stored user with an unknown role', () => {
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ user: { ...user, role: 'Root' } }));
    expect(createStore().getState().auth.user).toBeNull();
  });
});
