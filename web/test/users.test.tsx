// Tests of the users screens: sign-in method and verification shown, confirming before approving unverified.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import type { RouteObject } from 'react-router';
import type { User } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { users } from '../src/resources/users';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend } from './fakeCallables';
import { renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const UsersList = screenOf(users, 'list');
const UserEdit = screenOf(users, 'edit');

const AT = '2025-06-01T10:00:00.000Z';
const user = (id: string, fields: Partial<User>): User => ({
  id,
  version: 3,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  firstName: 'Ana',
  lastName: 'Lima',
  email: `${id}@example.org`,
  phone: '',
  organisation: '',
  language: 'en',
  role: 'Editor',
  status: 'PendingEditor',
  roleApproved: false,
  isAdmin: false,
  isUser: false,
  picture: '',
  emailVerified: false,
  provider: 'password',
  ...fields,
});

// Registered with a password under an address nobody confirmed, and signed in with Microsoft.
const unverified = user('self-registered', { firstName: 'Sam', lastName: 'Unverified' });
const microsoft = user('ms-account', {
  firstName: 'Mia',
  lastName: 'Verified',
  emailVerified: true,
  provider: 'microsoft.com',
});
const list = { items: [unverified, microsoft], total: 2, page: 1, pageSize: 20 };

const screens = (element: React.ReactElement, path: string): RouteObject[] => [
  { path, element: <AntApp>{element}</AntApp> },
  { path: '/app/users', element: <p>users list</p> },
];

const renderUsersList = () =>
  renderRoutes(
    [
      {
        path: '/app/users',
        element: (
          <AntApp>
            <UsersList />
          </AntApp>
        ),
      },
    ],
    '/app/users',
  );

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});

describe('users list', () => {
  it('shows how each person signs in and whether the address is verified', async () => {
    backend.reset(() => list);
    await renderUsersList();
    await screen.findByText('Sam Unverified');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Email verified', 'Sign-in method']));
    expect(within(rowOf('Sam Unverified')).getByText('Not verified')).toBeTruthy();
    expect(within(rowOf('Sam Unverified')).getByText('Password')).toBeTruthy();
    expect(within(rowOf('Mia Verified')).getByText('Verified')).toBeTruthy();
    expect(within(rowOf('Mia Verified')).getByText('Microsoft')).toBeTruthy();

    await act(() => i18n.changeLanguage('fr'));
    expect(within(rowOf('Sam Unverified')).getByText('Non vérifiée')).toBeTruthy();
    expect(within(rowOf('Sam Unverified')).getByText('Mot de passe')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks before approving an unverified password account, and approves only once confirmed', async () => {
    backend.reset((name, data) => (name === 'users-list' ? list : { ...unverified, ...(data as object) }));
    await renderUsersList();
    await screen.findByText('Sam Unverified');

    fireEvent.click(within(rowOf('Sam Unverified')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Approve self-registered@example.org with the role Editor?');
    expect(dialog.textContent).toContain(
      'This email address is not verified: anyone can register with it. Approve anyway?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Approve anyway\?/)).toBeNull());
    expect(backend.callsOf('users-approve')).toEqual([]);

    fireEvent.click(within(rowOf('Sam Unverified')).getByRole('button', { name: 'Approve' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve anyway' }));
    await waitFor(() => expect(backend.callsOf('users-approve')).toEqual([{ id: 'self-registered', version: 3 }]));
    expect(await screen.findByText('User approved')).toBeTruthy();
  });

  it('a verified account is approved with the usual short confirmation', async () => {
    backend.reset((name, data) => (name === 'users-list' ? list : { ...microsoft, ...(data as object) }));
    await renderUsersList();
    await screen.findByText('Mia Verified');
    fireEvent.click(within(rowOf('Mia Verified')).getByRole('button', { name: 'Approve' }));
    const popconfirm = (await screen.findByText('Approve ms-account@example.org with the role Editor?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(popconfirm.textContent).not.toContain('not verified');
    fireEvent.click(within(popconfirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.callsOf('users-approve')).toEqual([{ id: 'ms-account', version: 3 }]));
  });
});

describe('user edit', () => {
  it('shows the sign-in method and verification, and asks before approving an unverified password account', async () => {
    backend.reset((name, data) => {
      if (name === 'users-get') return unverified;
      if (name === 'audit-list') return { items: [], total: 0, page: 1, pageSize: 50 };
      return { ...unverified, ...(data as object) };
    });
    const { router } = await renderRoutes(screens(<UserEdit />, '/app/users/:id'), '/app/users/self-registered');
    const account = await screen.findByTestId('user-account');
    expect(account.textContent).toContain('Sign-in method');
    expect(account.textContent).toContain('Password');
    expect(account.textContent).toContain('Not verified');

    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('form-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'This email address is not verified: anyone can register with it. Approve anyway?',
    );
    expect(backend.callsOf('users-update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() =>
      expect(backend.callsOf('users-update')).toEqual([{ id: 'self-registered', version: 3, roleApproved: true }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users'));
  });
});

describe("a person's organisation and language", () => {
  const referrer = user('referrer', {
    firstName: 'Rita',
    lastName: 'Ferreira',
    role: 'User',
    status: 'PendingUser',
    organisation: 'Clinique du Parc',
    language: 'fr',
    isUser: true,
  });

  it("the list shows a referrer's organisation beside the role, and none for staff", async () => {
    const staff = user('editor', { firstName: 'Ed', lastName: 'Itor', organisation: 'Head office' });
    backend.reset(() => ({ items: [referrer, staff], total: 2, page: 1, pageSize: 20 }));
    await renderUsersList();
    await screen.findByText('Rita Ferreira');
    expect(within(rowOf('Rita Ferreira')).getByTestId('user-organisation').textContent).toBe('Clinique du Parc');
    expect(rowOf('Rita Ferreira').textContent).toContain('User');
    expect(within(rowOf('Ed Itor')).queryByTestId('user-organisation')).toBeNull();
  });

  it('an Admin reads and changes both in the form; only the changes are sent', async () => {
    backend.reset((name, data) => {
      if (name === 'users-get') return referrer;
      if (name === 'audit-list') return { items: [], total: 0, page: 1, pageSize: 50 };
      return { ...referrer, ...(data as object), version: 4 };
    });
    await renderRoutes(screens(<UserEdit />, '/app/users/:id'), '/app/users/referrer');
    const organisation = (await screen.findByLabelText('Organisation')) as HTMLInputElement;
    await waitFor(() => expect(organisation.value).toBe('Clinique du Parc'));
    const language = screen.getByTestId('user-language');
    expect(language.textContent).toContain('Français');
    fireEvent.change(organisation, { target: { value: 'CHU Sainte-Anne' } });
    fireEvent.mouseDown(within(language).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('English'));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(backend.callsOf('users-update')).toEqual([
        { id: 'referrer', version: 3, organisation: 'CHU Sainte-Anne', language: 'en' },
      ]),
    );
  });
});
