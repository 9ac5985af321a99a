// Tests of who gets into the referral portal (/refer): an approved referrer signs in to it; a pending one waits; a
// person without a record asks for access with their organisation; staff are sent to the back office, and the back
// office sends referrers to the portal. Firebase Auth answers with the claims each case has.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUserWithEmailAndPassword,
  getIdTokenResult,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type User as AuthAccount,
} from 'firebase/auth';
import type { MeResponse, Referral, ReferralStudy, User } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { routes } from '../src/shell/routes';
import { backend, callableError } from './fakeCallables';
import { ADMIN, locationOf, REFERRER, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));
// Firebase Auth's side of a sign-in: the account signed in, and the claims its token carries.
vi.mock('firebase/auth', async (original) => {
  const actual = await original<typeof import('firebase/auth')>();
  return {
    ...actual,
    signInWithEmailAndPassword: vi.fn(),
    createUserWithEmailAndPassword: vi.fn(),
    updateProfile: vi.fn(async () => {}),
    getIdTokenResult: vi.fn(),
    signOut: vi.fn(async () => {}),
  };
});

const account = (uid: string, email: string) =>
  ({ uid, email, displayName: 'Dr Roy', photoURL: null }) as unknown as AuthAccount;

/** The next sign-in is this account with these claims. */
function signsInAs(uid: string, claims: Record<string, unknown>) {
  const user = account(uid, `${uid}@clinic.test`);
  vi.mocked(signInWithEmailAndPassword).mockResolvedValue({ user } as never);
  vi.mocked(createUserWithEmailAndPassword).mockResolvedValue({ user } as never);
  vi.mocked(getIdTokenResult).mockResolvedValue({ claims } as never);
}

const record = (fields: Partial<User>): User =>
  ({
    id: 'someone',
    firstName: 'Jo',
    lastName: 'Roy',
    email: 'someone@clinic.test',
    phone: '',
    organisation: 'Clinique du Parc',
    language: 'en',
    role: 'User',
    roleApproved: false,
    ...fields,
  }) as User;

const me = (user: User | null): MeResponse => ({
  uid: 'someone',
  email: 'someone@clinic.test',
  claims: { role: null, isRoleApproved: false },
  user,
});

const STUDY: ReferralStudy = {
  id: 'study-1',
  version: 2,
  title: 'Heart failure after discharge',
  summary: 'Follow-up of patients discharged after heart failure.',
  conditions: ['Heart failure'],
  specialty: 'Cardiology',
  inclusionCriteria: '- Adults 18 or older\n- Discharged within 30 days',
  exclusionCriteria: '- Pregnancy',
  startDate: '2026-01-15',
  endDate: null,
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** The portal's server as a referrer sees it, with `meAnswer` for users-me. */
const portalServer = (meAnswer: MeResponse) => (name: string, data: unknown) => {
  if (name === 'users-me') return meAnswer;
  if (name === 'referrals-studies') return page([STUDY]);
  if (name === 'referrals-list') return page<Referral>([]);
  if (name === 'users-requestAccess') return { user: record({}), created: true, data };
  throw new Error(`unexpected call of ${name}`);
};

async function signInWithPassword() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'someone@clinic.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-password-1' } });
  fireEvent.click(screen.getByTestId('form-submit'));
}

beforeAll(async () => {
  await initFirebase();
});
beforeEach(async () => {
  vi.mocked(signOut).mockClear();
  vi.mocked(updateProfile).mockClear();
  vi.mocked(createUserWithEmailAndPassword).mockClear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the portal sign-in, by standing', () => {
  it('an approved referrer lands on the recruiting studies, with the portal’s menu, name and Sign out', async () => {
    backend.reset(portalServer(me(record({ roleApproved: true }))));
    signsInAs('referrer-uid', { role: 'User', isRoleApproved: true });
    const { router, store } = await renderRoutes(routes, '/refer/login?redirectTo=%2Frefer%2Freferrals', {
      user: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer a patient to a study' })).toBeTruthy();
    await signInWithPassword();
    await waitFor(() => expect(locationOf(router)).toBe('/refer/referrals'));
    expect(store.getState().auth.user?.role).toBe('User');
    const nav = await screen.findByRole('navigation', { name: 'Referral portal' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'My referrals' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(within(nav).getByRole('link', { name: 'Recruiting studies' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('portal-user').textContent).toBe('Dr Roy');
    expect(screen.getByTestId('portal-sign-out').textContent).toBe('Sign out');
    // A portal sign-in never leads into the back office.
    expect(await screen.findByRole('heading', { level: 1, name: 'My referrals' })).toBeTruthy();
  });

  it('a referrer waiting for approval sees the waiting page, signed out again', async () => {
    backend.reset(portalServer(me(record({ role: 'User', roleApproved: false }))));
    signsInAs('pending-uid', {});
    const { store } = await renderRoutes(routes, '/refer/login', { user: null });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeTruthy();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(store.getState().auth.user).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByTestId('form-submit')).toBeTruthy();
  });

  it('staff signing in get the refusal with the way to the back office', async () => {
    backend.reset(portalServer(me(record({ role: 'Editor', roleApproved: true }))));
    signsInAs('editor-uid', { role: 'Editor', isRoleApproved: true });
    const { router } = await renderRoutes(routes, '/refer/login', { user: null });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'This portal is for referring clinicians' })).toBeTruthy();
    expect(locationOf(router)).toBe('/refer');
    expect(screen.getByTestId('open-back-office').getAttribute('href')).toBe('/app');
    // Nothing of the portal was asked for on their behalf.
    expect(backend.callsOf('referrals-studies')).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Referral portal' })).toBeNull();
  });

  it('a pending staff account is refused the same way, in French too', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(portalServer(me(record({ role: 'Editor', roleApproved: false }))));
    signsInAs('editor-uid', {});
    await renderRoutes(routes, '/refer/login', { user: null });
    fireEvent.change(await screen.findByLabelText('Courriel'), { target: { value: 'someone@clinic.test' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'a-password-1' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(
      await screen.findByRole('heading', { name: 'Ce portail est réservé aux cliniciens référents' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ouvrir l’espace de gestion' }).getAttribute('href')).toBe('/app');
  });

  it('without a record: the request form asks the organisation (required) and sends the role User and language', async () => {
    backend.reset(portalServer(me(null)));
    signsInAs('new-uid', {});
    await renderRoutes(routes, '/refer/login', { user: null });
    // Signed up a moment ago.
    fireEvent.click(await screen.findByTestId('show-signup'));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jo Roy' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@clinic.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByTestId('signup-submit'));
    const form = await screen.findByTestId('access-request');
    expect(within(form).getByText('someone@clinic.test')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('request-submit'));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(backend.callsOf('users-requestAccess')).toEqual([]);

    await act(() => i18n.changeLanguage('fr'));
    fireEvent.change(within(form).getByLabelText('Organisation (clinique, hôpital, cabinet)'), {
      target: { value: '  Clinique du Parc ' },
    });
    fireEvent.click(within(form).getByTestId('request-submit'));
    expect(await screen.findByRole('heading', { name: 'En attente d’approbation' })).toBeTruthy();
    expect(backend.callsOf('users-requestAccess')).toEqual([
      { role: 'User', organisation: '  Clinique du Parc ', language: 'fr' },
    ]);
    // The hold ends once the request is in.
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    // Back to the sign-in, not the sign-up the account came from.
    fireEvent.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
    expect(await screen.findByTestId('form-submit')).toBeTruthy();
  });

  it('shows the server’s refusal of the organisation on its field', async () => {
    backend.reset((name, data) => {
      if (name === 'users-requestAccess') {
        throw callableError('invalid-argument', [
          { path: 'organisation', key: 'validation.maxLength', params: { max: 200 } },
        ]);
      }
      return portalServer(me(null))(name, data);
    });
    signsInAs('new-uid', {});
    await renderRoutes(routes, '/refer/login', { user: null });
    await signInWithPassword();
    const form = await screen.findByTestId('access-request');
    fireEvent.change(within(form).getByLabelText('Organisation (clinic, hospital, practice)'), {
      target: { value: 'Clinic' },
    });
    fireEvent.click(within(form).getByTestId('request-submit'));
    expect(await within(form).findByText('Enter at most 200 characters')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Waiting for approval' })).toBeNull();
  });

  it('signs up with a name, e-mail and password: the account takes the name, then asks for access', async () => {
    backend.reset(portalServer(me(null)));
    signsInAs('new-uid', {});
    await renderRoutes(routes, '/refer/login', { user: null });
    fireEvent.click(await screen.findByTestId('show-signup'));
    const form = await screen.findByTestId('signup-form');
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: ' Jo Roy ' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'jo@clinic.test' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByTestId('signup-submit'));
    expect(await within(form).findByText('Enter at least 8 characters')).toBeTruthy();
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(within(form).getByTestId('signup-submit'));
    expect(await screen.findByTestId('access-request')).toBeTruthy();
    expect(vi.mocked(createUserWithEmailAndPassword).mock.calls[0].slice(1)).toEqual([
      'jo@clinic.test',
      'long-enough-1',
    ]);
    expect(vi.mocked(updateProfile).mock.calls[0][1]).toEqual({ displayName: 'Jo Roy' });
  });

  it('an address already in use says so', async () => {
    vi.mocked(createUserWithEmailAndPassword).mockRejectedValueOnce({ code: 'auth/email-already-in-use' });
    await renderRoutes(routes, '/refer/login', { user: null });
    fireEvent.click(await screen.findByTestId('show-signup'));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jo Roy' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jo@clinic.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('An account already exists with this email address: sign in instead.')).toBeTruthy();
  });
});

describe('the portal’s pages are a referrer’s', () => {
  it('signed out, a portal page opens the portal’s sign-in, and comes back after it', async () => {
    const { router } = await renderRoutes(routes, '/refer/referrals', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/refer/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/refer/referrals');
  });

  it('signed-in staff opening the portal get the refusal, not the portal', async () => {
    backend.reset();
    await renderRoutes(routes, '/refer', { user: ADMIN });
    expect(await screen.findByTestId('staff-refused')).toBeTruthy();
    expect(backend.calls).toEqual([]);
  });

  it('the back office refuses a signed-in referrer, pointing to the portal', async () => {
    backend.reset();
    await renderRoutes(routes, '/app/studies', { user: REFERRER });
    expect(await screen.findByRole('heading', { name: 'The back office is for study teams' })).toBeTruthy();
    expect(screen.getByTestId('open-portal').getAttribute('href')).toBe('/refer');
    expect(backend.calls).toEqual([]);
  });

  it('the back office’s refusal of an unapproved account links to the portal; its request stays an Editor’s', async () => {
    backend.reset((name) => ({ user: record({ role: 'Editor' }), created: true, name }));
    signsInAs('new-uid', {});
    await act(() => i18n.changeLanguage('fr'));
    await renderRoutes(routes, '/auth/login', { user: null });
    fireEvent.change(await screen.findByLabelText('Courriel'), { target: { value: 'someone@clinic.test' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'a-password-1' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    const hint = await screen.findByTestId('portal-hint');
    expect(within(hint).getByRole('link', { name: 'Ouvrir le portail de référence' }).getAttribute('href')).toBe(
      '/refer/login',
    );
    fireEvent.click(screen.getByTestId('request-access'));
    await screen.findByTestId('request-sent');
    expect(backend.callsOf('users-requestAccess')).toEqual([{ role: 'Editor', organisation: '', language: 'fr' }]);
  });
});
