// Tests of the access log screen: its columns in both languages, and its filters in the URL and the request.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import type { AccessLogEntry, User } from '@trialdesk/shared';
import { accessLog } from '../src/resources/accessLog';
import { screenOf } from '../src/shell/ResourceRoutes';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { formatDateTime } from '../src/ui/format';
import { backend } from './fakeCallables';
import { locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const entries: AccessLogEntry[] = [
  {
    id: 'e1',
    at: '2025-03-14T15:09:26.000Z',
    actorUid: 'editor-uid',
    actorEmail: 'editor@trialdesk.test',
    action: 'readReference',
    callable: 'references-get',
    outcome: 'allowed',
    targetIds: ['ref-42'],
    count: 1,
    detail: null,
  },
  {
    id: 'e2',
    at: '2025-03-15T08:00:00.000Z',
    actorUid: null,
    actorEmail: null,
    action: 'refused',
    callable: 'references-list',
    outcome: 'unauthenticated',
    targetIds: [],
    count: null,
    detail: '********5678',
  },
];

const editor = { id: 'editor-uid', email: 'editor@trialdesk.test', firstName: 'Eddie', lastName: 'Tor' } as User;

function answer(name: string) {
  if (name === 'accessLog-list') return { items: entries, total: 2, page: 1, pageSize: 20 };
  if (name === 'users-get') return editor;
  if (name === 'users-list') return { items: [editor], total: 1, page: 1, pageSize: 20 };
  throw new Error(`unexpected call of ${name}`);
}

const AccessLogList = screenOf(accessLog, 'list');

const routes = [
  {
    path: '/app/access-log',
    element: (
      <AntApp>
        <AccessLogList />
      </AntApp>
    ),
  },
  { path: '/app/references/:id', element: <p>reference screen</p> },
];

const lastListRequest = () => backend.callsOf('accessLog-list').at(-1);

beforeAll(async () => {
  await initFirebase();
});

describe('access log', () => {
  it('lists who did what, when and how it ended, translated, with the reference read as a link', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    const { router } = await renderRoutes(routes, '/app/access-log');
    await screen.findByText('references-get');
    expect(lastListRequest()).toEqual({ page: 1, pageSize: 20 });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'When',
      'Who',
      'Action',
      'Callable',
      'Outcome',
      'Record',
      'Detail',
    ]);
    const [read, refused] = screen.getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(read)).toEqual([
      formatDateTime(entries[0].at, 'en'),
      'editor@trialdesk.test',
      'Reference read',
      'references-get',
      'Allowed',
      'ref-42',
      '—',
    ]);
    expect(cells(refused)).toEqual([
      formatDateTime(entries[1].at, 'en'),
      'Signed out',
      'Refused call',
      'references-list',
      'Not signed in',
      '—',
      '********5678',
    ]);
    expect(screen.getByTestId('pagination-total').textContent).toBe('Showing 1 to 2 of 2 entries');
    expect(within(read).getByRole('link', { name: 'ref-42' }).getAttribute('href')).toBe('/app/references/ref-42');
    // A row leads nowhere by itself: only the reference link does.
    fireEvent.click(within(refused).getAllByRole('cell')[0]);
    expect(router.state.location.pathname).toBe('/app/access-log');
    fireEvent.click(within(read).getByRole('link', { name: 'ref-42' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/references/ref-42'));
  });

  it('in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(answer);
    await renderRoutes(routes, '/app/access-log');
    await screen.findByText('references-get');
    const [read, refused] = screen.getAllByRole('row').slice(1);
    expect(within(read).getByText('Lecture d’une référence')).toBeTruthy();
    expect(within(read).getByText('Autorisé')).toBeTruthy();
    expect(within(refused).getAllByText('Non connecté')).toHaveLength(2);
    expect(screen.getByTestId('pagination-total').textContent).toBe('Affichage de 1 à 2 sur 2 entrées');
    await act(() => i18n.changeLanguage('en'));
  });

  it('a list read names its references behind their count, each a link to the reference', async () => {
    await act(() => i18n.changeLanguage('en'));
    const listed: AccessLogEntry = {
      ...entries[0],
      id: 'e3',
      action: 'listReferences',
      callable: 'references-list',
      targetIds: ['ref-1', 'ref-2', 'ref-3'],
      count: 3,
    };
    backend.reset((name) =>
      name === 'accessLog-list' ? { items: [listed], total: 1, page: 1, pageSize: 20 } : answer(name),
    );
    const { router } = await renderRoutes(routes, '/app/access-log');
    const row = (await screen.findByText('references-list')).closest('tr')!;
    expect(within(row).getByText('References listed')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '3 references' }));
    const popover = await screen.findByRole('tooltip');
    expect(
      within(popover)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/references/ref-1', '/app/references/ref-2', '/app/references/ref-3']);
    fireEvent.click(within(popover).getByRole('link', { name: 'ref-2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/references/ref-2'));
  });

  it('sends the filters of the URL: person, action, and local days as the instants they start and end', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    await renderRoutes(
      routes,
      '/app/access-log?actorUid=editor-uid&action=readReference&from=2025-03-01&to=2025-03-31&page=2',
    );
    await screen.findByText('references-get');
    expect(lastListRequest()).toEqual({
      actorUid: 'editor-uid',
      action: 'readReference',
      from: new Date(2025, 2, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2025, 2, 31, 23, 59, 59, 999).toISOString(),
      page: 2,
      pageSize: 20,
    });
    // The filters show what is applied: the person by email, the action by name, the two days.
    expect(await within(screen.getByTestId('filter-actor')).findByText(/editor@trialdesk\.test/)).toBeTruthy();
    expect(within(screen.getByTestId('filter-action')).getByText('Reference read')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2025-03-31');
  });

  it('choosing an action and a person asks again from page 1 and keeps them in the URL; clearing drops them', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    const { router } = await renderRoutes(routes, '/app/access-log?page=3');
    await screen.findByText('references-get');

    const action = within(screen.getByTestId('filter-action')).getByRole('combobox');
    fireEvent.mouseDown(action);
    fireEvent.click(await screen.findByTitle('Patient ID search'));
    await waitFor(() => expect(lastListRequest()).toEqual({ action: 'searchPatientId', page: 1, pageSize: 20 }));
    expect(locationOf(router)).toBe('/app/access-log?action=searchPatientId');

    const person = within(screen.getByTestId('filter-actor')).getByRole('combobox');
    fireEvent.mouseDown(person);
    fireEvent.change(person, { target: { value: 'edd' } });
    // The search goes to the server once typing pauses.
    await waitFor(() => expect(backend.callsOf('users-list')).toContainEqual({ search: 'edd', page: 1, pageSize: 20 }));
    fireEvent.click(await screen.findByTitle('Eddie Tor <editor@trialdesk.test>'));
    await waitFor(() =>
      expect(lastListRequest()).toEqual({ actorUid: 'editor-uid', action: 'searchPatientId', page: 1, pageSize: 20 }),
    );
    expect(locationOf(router)).toBe('/app/access-log?actorUid=editor-uid&action=searchPatientId');

    fireEvent.mouseDown(action);
    fireEvent.click(screen.getByTestId('filter-action').querySelector('.ant-select-clear')!);
    await waitFor(() => expect(locationOf(router)).toBe('/app/access-log?actorUid=editor-uid'));
    expect(lastListRequest()).toEqual({ actorUid: 'editor-uid', page: 1, pageSize: 20 });
  });

  it('a date range typed in the picker goes to the URL as days and to the request as instants', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    const { router } = await renderRoutes(routes, '/app/access-log');
    await screen.findByText('references-get');
    const from = screen.getByLabelText('From');
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2025-04-01' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2025-04-30' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    await waitFor(() => expect(locationOf(router)).toBe('/app/access-log?from=2025-04-01&to=2025-04-30'));
    expect(lastListRequest()).toEqual({
      from: new Date(2025, 3, 1).toISOString(),
      to: new Date(2025, 3, 30, 23, 59, 59, 999).toISOString(),
      page: 1,
      pageSize: 20,
    });
  });
});
