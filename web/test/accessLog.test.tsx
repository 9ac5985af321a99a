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

const base: Omit<AccessLogEntry, 'id' | 'at' | 'action' | 'callable'> = {
  actorUid: 'editor-uid',
  actorEmail: 'editor@trialdesk.test',
  actorName: 'Eddie Tor',
  outcome: 'allowed',
  targetIds: [],
  targetLabels: [],
  count: null,
  patientIdMasked: null,
  export: null,
  detail: null,
};

const entries: AccessLogEntry[] = [
  {
    ...base,
    id: 'e1',
    at: '2025-03-14T15:09:26.000Z',
    action: 'readReference',
    callable: 'references-get',
    targetIds: ['ref-42'],
    targetLabels: ['********4242'],
    count: 1,
  },
  {
    ...base,
    id: 'e2',
    at: '2025-03-15T08:00:00.000Z',
    actorUid: null,
    actorEmail: null,
    actorName: null,
    action: 'refused',
    callable: 'references-list',
    outcome: 'unauthenticated',
  },
  {
    ...base,
    id: 'e3',
    at: '2025-03-15T09:00:00.000Z',
    action: 'export',
    callable: 'studies-export',
    count: 12,
    export: { resource: 'studies', filters: { status: 'Recruiting', search: 'cardio' } },
  },
  {
    ...base,
    id: 'e4',
    at: '2025-03-15T10:00:00.000Z',
    action: 'searchPatientId',
    callable: 'references-list',
    targetIds: ['ref-1', 'ref-2'],
    targetLabels: ['******5678', '******5678'],
    count: 2,
    patientIdMasked: '******5678',
  },
  // Written before entries kept facts: the English detail only.
  {
    ...base,
    id: 'e5',
    at: '2025-03-15T11:00:00.000Z',
    action: 'export',
    callable: 'references-export',
    count: 3,
    detail: 'references: 3 rows; status=Pending',
  },
];

const loaded = () => screen.findAllByTestId('access-line');

const editor = { id: 'editor-uid', email: 'editor@trialdesk.test', firstName: 'Eddie', lastName: 'Tor' } as User;

function answer(name: string) {
  if (name === 'accessLog-list') return { items: entries, total: entries.length, page: 1, pageSize: 20 };
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
  it('lists who did what as sentences, with names and masked IDs, no callables and no ids', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    const { router } = await renderRoutes(routes, '/app/access-log');
    await loaded();
    expect(lastListRequest()).toEqual({ page: 1, pageSize: 20 });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'When',
      'Who',
      'What',
      'Outcome',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rows.map(cells)).toEqual([
      [
        formatDateTime(entries[0].at, 'en'),
        'Eddie Toreditor@trialdesk.test',
        'Opened the reference ********4242.',
        'Allowed',
      ],
      [formatDateTime(entries[1].at, 'en'), 'Signed out', 'Refused: viewing a list (References).', 'Not signed in'],
      [
        formatDateTime(entries[2].at, 'en'),
        'Eddie Toreditor@trialdesk.test',
        'Exported the Studies list: 12 rows.Filters: Status: Recruiting; Search: “cardio”',
        'Allowed',
      ],
      [
        formatDateTime(entries[3].at, 'en'),
        'Eddie Toreditor@trialdesk.test',
        'Searched for the patient ID ******5678; found: 2 references.',
        'Allowed',
      ],
      [
        formatDateTime(entries[4].at, 'en'),
        'Eddie Toreditor@trialdesk.test',
        'Exported 3 rows.references: 3 rows; status=Pending',
        'Allowed',
      ],
    ]);
    const text = screen.getByTestId('list-table').textContent;
    expect(text).not.toMatch(/references-get|studies-export|ref-42|editor-uid/);
    expect(screen.getByTestId('pagination-total').textContent).toBe('Showing 1 to 5 of 5 entries');
    const read = rows[0];
    expect(within(read).getByRole('link', { name: '********4242' }).getAttribute('href')).toBe(
      '/app/references/ref-42',
    );
    // A row leads nowhere by itself: only the reference link does.
    fireEvent.click(within(rows[1]).getAllByRole('cell')[0]);
    expect(router.state.location.pathname).toBe('/app/access-log');
    fireEvent.click(within(read).getByRole('link', { name: '********4242' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/references/ref-42'));
  });

  it('in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(answer);
    await renderRoutes(routes, '/app/access-log');
    await loaded();
    expect(screen.getAllByTestId('access-line').map((line) => line.textContent)).toEqual([
      'Consultation de la référence ********4242.',
      'Refus\u00a0: affichage d’une liste (Références).',
      'Exportation de la liste Études\u00a0: 12 lignes.Filtres\u00a0: Statut\u00a0: Recrutement\u00a0; Recherche\u00a0: «\u00a0cardio\u00a0»',
      'Recherche de l’ID patient ******5678\u00a0; résultat\u00a0: 2 références.',
      'Exportation de 3 lignes.references: 3 rows; status=Pending',
    ]);
    const [read, refused] = screen.getAllByRole('row').slice(1);
    expect(within(read).getByText('Autorisé')).toBeTruthy();
    expect(within(refused).getAllByText('Non connecté')).toHaveLength(2);
    expect(screen.getByTestId('pagination-total').textContent).toBe('Affichage de 1 à 5 sur 5 entrées');
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
      targetLabels: ['******0001', '******0002', null],
      count: 3,
    };
    backend.reset((name) =>
      name === 'accessLog-list' ? { items: [listed], total: 1, page: 1, pageSize: 20 } : answer(name),
    );
    const { router } = await renderRoutes(routes, '/app/access-log');
    const row = (await loaded())[0].closest('tr')!;
    expect(within(row).getByTestId('access-line').textContent).toBe('Listed 3 references.');
    fireEvent.click(within(row).getByRole('button', { name: '3 references' }));
    const popover = await screen.findByRole('tooltip');
    expect(
      within(popover)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/references/ref-1', '/app/references/ref-2', '/app/references/ref-3']);
    // Each by its masked patient ID; one whose ID the entry did not record, as "a reference".
    expect(
      within(popover)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['******0001', '******0002', 'a reference']);
    fireEvent.click(within(popover).getByRole('link', { name: '******0002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/references/ref-2'));
  });

  it('sends the filters of the URL: person, action, and local days as the instants they start and end', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    await renderRoutes(
      routes,
      '/app/access-log?actorUid=editor-uid&action=readReference&from=2025-03-01&to=2025-03-31&page=2',
    );
    await loaded();
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
    await loaded();

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
    await loaded();
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
