// The signed-in person's account follows the web's language (the language TrialDesk e-mails them in): once after
// sign-in when the record says otherwise, then at each switch; never while signed out; a failure never blocks it.
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@trialdesk/shared';
import { signedIn, signedOut } from '../src/core/auth/authSlice';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { createStore } from '../src/core/store';
import { LanguageSync } from '../src/shell/LanguageSync';
import { backend, callableError } from './fakeCallables';
import { ADMIN } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

/** users-me's answer with the record's language. */
const me = (language: 'en' | 'fr' | null): MeResponse => ({
  uid: ADMIN.id,
  email: ADMIN.email,
  claims: { role: 'Admin', isRoleApproved: true },
  user: language === null ? null : ({ id: ADMIN.id, language } as MeResponse['user']),
});

let recordLanguage: 'en' | 'fr' | null;
let refuse = false;
const setLanguageCalls = () => backend.callsOf('users-setLanguage');

/** LanguageSync in a store, signed in unless told otherwise. */
async function mount(signedInAtStart = true) {
  const store = createStore();
  if (signedInAtStart) store.dispatch(signedIn(ADMIN));
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <LanguageSync />
      </Provider>,
    ),
  );
  return { store, view };
}

beforeAll(async () => {
  await initFirebase();
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  recordLanguage = 'en';
  refuse = false;
  backend.reset((name, data) => {
    if (name === 'users-me') return me(recordLanguage);
    if (name === 'users-setLanguage') {
      if (refuse) throw callableError('unavailable');
      recordLanguage = (data as { language: 'en' | 'fr' }).language;
      return me(recordLanguage);
    }
    throw new Error(`unexpected call of ${name}`);
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the account’s language', () => {
  it('is set once after sign-in when the record says another language, then at each switch', async () => {
    recordLanguage = 'fr';
    const { view } = await mount();
    await waitFor(() => expect(setLanguageCalls()).toEqual([{ language: 'en' }]));
    expect(backend.callsOf('users-me')).toHaveLength(1);
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(setLanguageCalls()).toEqual([{ language: 'en' }, { language: 'fr' }]));
    view.unmount();
  });

  it('is left alone when the record already says the web’s language', async () => {
    const { view } = await mount();
    await waitFor(() => expect(backend.callsOf('users-me')).toHaveLength(1));
    // A switch is the next call: nothing was sent before it.
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(setLanguageCalls()).toEqual([{ language: 'fr' }]));
    view.unmount();
  });

  it('is never sent while signed out, and starts again at sign-in', async () => {
    const { store, view } = await mount(false);
    await act(() => i18n.changeLanguage('fr'));
    recordLanguage = 'en';
    act(() => {
      store.dispatch(signedIn(ADMIN));
    });
    await waitFor(() => expect(setLanguageCalls()).toEqual([{ language: 'fr' }]));
    act(() => {
      store.dispatch(signedOut());
    });
    await act(() => i18n.changeLanguage('en'));
    // Signed in again, the record says French: the one call since is the sign-in's (none went out signed out).
    recordLanguage = 'fr';
    act(() => {
      store.dispatch(signedIn(ADMIN));
    });
    await waitFor(() => expect(backend.callsOf('users-me')).toHaveLength(2));
    await waitFor(() => expect(setLanguageCalls()).toEqual([{ language: 'fr' }, { language: 'en' }]));
    view.unmount();
  });

  it('a refusal is logged, and the switch happens all the same', async () => {
    refuse = true;
    const { view } = await mount();
    await waitFor(() => expect(backend.callsOf('users-me')).toHaveLength(1));
    await act(() => i18n.changeLanguage('fr'));
    expect(i18n.language).toBe('fr');
    await waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith('The language was not saved on the account', expect.anything()),
    );
    view.unmount();
  });
});
