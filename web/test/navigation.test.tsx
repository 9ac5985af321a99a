// Tests of moving around the signed-in app: one history entry per opened record, the way back to the list page and
// filters it was opened from, triage's way back, the menu's entry selected on each page, the browser tab's title.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { STORAGE_KEYS } from '../src/core/persist';
import { routes } from '../src/shell/routes';
import { dashboardStats } from './dashboardStats';
import { backend } from './fakeCallables';
import { locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const AT = '2026-06-01T10:00:00.000Z';
/** Study n of 45, "Study n". */
const studyAt = (n: number): Study => ({
  id: `study-${n}`,
  version: 1,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  title: `Study ${n}`,
  contactId: null,
  startDate: '2026-01-10',
  endDate: null,
  conditions: ['Asthma'],
  inclusionCriteria: '',
  exclusionCriteria: '',
  specialty: 'Pulmonology',
  status: 'Recruiting',
  summary: '',
  details: '',
  referenceCount: 0,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
});

function answer(name: string, data: unknown) {
  const request = data as { page?: number; pageSize?: number; id?: string };
  if (name === 'studies-list') {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const start = (page - 1) * pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, 45 - start)) }, (_, i) => studyAt(start + i));
    return { items, total: 45, page, pageSize };
  }
  if (name === 'studies-get') return studyAt(Number(request.id?.replace('study-', '')));
  if (name === 'dashboard-stats') return dashboardStats();
  if (name === 'documents-counts') return { counts: (data as { studyIds: unknown[] }).studyIds.map(() => 0) };
  return { items: [], total: 0, page: 1, pageSize: 20 };
}

const FROM = '/app/studies?status=Recruiting&page=2';
const editHeading = () => screen.findByRole('heading', { level: 1, name: 'Edit study' });
const menu = () => screen.getAllByRole('navigation', { name: 'app' })[0];
const selectedEntries = () => [...menu().querySelectorAll('.ant-menu-item-selected')].map((item) => item.textContent);

beforeAll(async () => {
  await initFirebase();
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  backend.reset(answer);
  localStorage.clear();
});

describe('a record opened from a list', () => {
  it("its link adds one history entry: Back returns to the list's page and filter", async () => {
    const { router } = await renderRoutes(routes, FROM);
    fireEvent.click(await screen.findByRole('link', { name: 'Study 20' }));
    await editHeading();
    expect(router.state.location.pathname).toBe('/app/studies/study-20');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(locationOf(router)).toBe(FROM));
  });

  it('a click on the row outside its link opens it too, with one history entry', async () => {
    const { router } = await renderRoutes(routes, FROM);
    const link = await screen.findByRole('link', { name: 'Study 21' });
    fireEvent.click(within(link.closest('tr') as HTMLElement).getAllByRole('cell')[1]);
    await editHeading();
    expect(router.state.location.pathname).toBe('/app/studies/study-21');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(locationOf(router)).toBe(FROM));
  });

  it('the back arrow and Cancel return to the page and filter it was opened from', async () => {
    const { router } = await renderRoutes(routes, FROM);
    fireEvent.click(await screen.findByRole('link', { name: 'Study 20' }));
    await editHeading();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(FROM);
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(locationOf(router)).toBe(FROM));
    await screen.findByRole('link', { name: 'Study 20' });
    // The create screen, opened from the same list page, goes back to it too.
    fireEvent.click(screen.getByTestId('list-create'));
    await screen.findByRole('heading', { level: 1, name: 'Create a study' });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(FROM);
  });

  it('opened by its address (a bookmark, a new tab), the back arrow goes to the plain list', async () => {
    await renderRoutes(routes, '/app/studies/study-3');
    await editHeading();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/app/studies');
  });
});

describe('triage and the references list', () => {
  it("triage's Back to references keeps the study chosen; the list's Triage link carries its study filter", async () => {
    const { router } = await renderRoutes(routes, '/app/references/triage?study=study-7');
    await screen.findByTestId('triage-empty');
    const backs = screen.getAllByRole('link', { name: 'Back to references' });
    expect(backs.map((link) => link.getAttribute('href'))).toEqual([
      '/app/references?studyId=study-7',
      '/app/references?studyId=study-7',
    ]);
    fireEvent.click(backs[0]);
    await waitFor(() => expect(locationOf(router)).toBe('/app/references?studyId=study-7'));
    const triage = await screen.findByTestId('list-triage');
    expect(triage.getAttribute('href')).toBe('/app/references/triage?study=study-7');
  });
});

describe('the menu', () => {
  it('the recruitment dashboard is the first entry of the app group, selected on its page', async () => {
    await renderRoutes(routes, '/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Recruitment dashboard' });
    const app = menu().querySelector('.ant-menu-item-group-list') as HTMLElement;
    expect(within(app).getAllByRole('menuitem')[0].textContent).toBe('Dashboard');
    expect(selectedEntries()).toEqual(['Dashboard']);
  });

  it("the file manager's page opens the Pages group, remembered, and selects its entry", async () => {
    const { store } = await renderRoutes(routes, '/apps/file-manager');
    await screen.findByRole('heading', { level: 1, name: 'File manager' });
    await waitFor(() => expect(selectedEntries()).toEqual(['File manager']));
    expect(store.getState().layout.openGroups).toEqual(['pages']);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.layout) ?? '{}')).toMatchObject({ openGroups: ['pages'] }),
    );
  });

  it("Settings selects no entry of the side menu, and its own in the user's menu", async () => {
    await renderRoutes(routes, '/app/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(selectedEntries()).toEqual([]);
    fireEvent.click(screen.getByTestId('user-menu'));
    const settings = await screen.findByTestId('user-menu-settings');
    expect(settings.closest('li')?.className).toContain('ant-dropdown-menu-item-selected');
  });

  it('the home page selects the first list', async () => {
    await renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1, name: 'Studies' });
    expect(selectedEntries()).toEqual(['Studies']);
  });
});

describe("the browser tab's title", () => {
  it('names the page: a list, a record, a create screen, the dashboard, triage, settings', async () => {
    await renderRoutes(routes, '/app/studies');
    await waitFor(() => expect(document.title).toBe('Studies · TrialDesk'));
    fireEvent.click(await screen.findByRole('link', { name: 'Study 2' }));
    await waitFor(() => expect(document.title).toBe('Study: Study 2 · TrialDesk'));
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(document.title).toBe('Étude\u00a0: Study 2 · TrialDesk'));
    await act(() => i18n.changeLanguage('en'));
    document.body.innerHTML = '';

    for (const [path, title] of [
      ['/app/studies/create', 'Create a study'],
      ['/app/dashboard', 'Recruitment dashboard'],
      ['/app/references/triage', 'Triage references'],
      ['/app/settings', 'Settings'],
      ['/app/no-such-screen', 'Page not found'],
    ]) {
      await renderRoutes(routes, path);
      await waitFor(() => expect(document.title).toBe(`${title} · TrialDesk`));
      document.body.innerHTML = '';
    }
  });
});
