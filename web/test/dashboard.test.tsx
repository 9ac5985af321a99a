// Tests of the recruitment dashboard and the study funnel: the figures the server answers, the study filter, links.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultsOf, studySchema, type DashboardStats, type Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references } from '../src/resources/references';
import { studies } from '../src/resources/studies';
import { users } from '../src/resources/users';
import { routes } from '../src/shell/routes';
import { formatDateTime } from '../src/ui/format';
import { pathsOf } from '../src/ui/resource/definition';
import { dashboardStats } from './dashboardStats';
import { backend, callableError } from './fakeCallables';
import { ADMIN, cellTexts, locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const EDITOR = {
  ...ADMIN,
  id: 'editor-uid',
  email: 'editor@trialdesk.test',
  displayName: 'Editor',
  role: 'Editor' as const,
};
const AT = '2025-05-01T10:00:00.000Z';
const study = (id: string, title: string): Study => ({
  id,
  title,
  version: 2,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  ...defaultsOf(studySchema),
  specialty: 'Cardiology',
  status: 'Recruiting',
  referenceCount: 310,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
});
const STUDIES = [study('study-a', 'Asthma in adults'), study('study-b', 'Bone density after 60')];

/** The fake server: the dashboard's figures (one study's when asked), the studies, and empty lists for the rest. */
const serve =
  (stats: (studyId?: string) => DashboardStats) =>
  (name: string, data: unknown): unknown => {
    const request = data as { studyId?: string; id?: string };
    if (name === 'dashboard-stats') return stats(request.studyId);
    if (name === 'studies-get') return STUDIES.find((s) => s.id === request.id);
    if (name === 'studies-list') return { items: STUDIES, total: STUDIES.length, page: 1, pageSize: 20 };
    if (name.endsWith('-list')) return { items: [], total: 0, page: 1, pageSize: 20 };
    throw new Error(`unexpected call of ${name}`);
  };
/** All studies, or one study's figures (no ranking of studies then). */
const figures = (studyId?: string) =>
  studyId ? dashboardStats({ studyId, topStudies: [], topStudiesAt: null, users: null }) : dashboardStats();

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const rows = (testId: string) => cellTexts(screen.getByTestId(testId));

beforeAll(async () => {
  await initFirebase();
});

describe('recruitment dashboard', () => {
  it('shows the figures the server answers for all studies, with the links of each', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(serve(figures));
    await renderRoutes(routes, '/app/dashboard');
    await heading('Recruitment dashboard');
    await screen.findByTestId('kpi-references');
    expect(backend.callsOf('dashboard-stats')).toEqual([{}]);

    expect(value('kpi-references')).toBe('1,234');
    // 1 + 2 + … + 12 referrals over the twelve weeks.
    expect(screen.getByTestId('kpi-references').textContent).toContain('78 references in the last 12 weeks');
    expect(value('kpi-pending')).toBe('57');
    expect(value('kpi-acceptance')).toBe('60%');
    expect(screen.getByTestId('kpi-acceptance').textContent).toContain('600 accepted, 400 rejected');
    expect(value('kpi-median')).toBe('3.5 days');
    expect(screen.getByTestId('kpi-median').textContent).toContain('over the latest 500 decisions');
    const triage = within(screen.getByTestId('kpi-pending')).getByRole('link', { name: 'Triage' });
    expect(triage.getAttribute('href')).toBe(`${pathsOf(references).list}/triage`);

    // The charts, as screen readers get them: twelve weeks, then the references' and the studies' statuses.
    const charts = screen.getAllByTestId('chart');
    expect(charts.map((chart) => chart.dataset.kind)).toEqual(['column', 'donut', 'donut']);
    expect(within(charts[0]).getAllByRole('row')).toHaveLength(1 + 12);
    const statusRows = within(charts[1])
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
    expect(statusRows).toEqual([
      ['Pending', '57'],
      ['Accepted', '600'],
      ['Rejected', '400'],
      ['Duplicate', '170'],
      ['Unknown', '7'],
    ]);

    expect(rows('top-studies')).toEqual([
      ['Asthma in adults', 'Recruiting', '42', '310'],
      ['Bone density after 60', 'Completed', '17', '95'],
    ]);
    expect(screen.getByTestId('top-studies-at').textContent).toBe(
      `Counted at ${formatDateTime('2025-05-21T09:45:00.000Z', 'en')}; counted again every minute at most.`,
    );
    const first = within(screen.getByTestId('top-studies')).getByRole('link', { name: 'Asthma in adults' });
    expect(first.getAttribute('href')).toBe(pathsOf(studies).edit('study-a'));
    expect(screen.queryByTestId('top-studies-partial')).toBeNull();

    // Sentences naming the person, the decision and the record; a deleted record keeps its name, said gone.
    expect(rows('activity')).toEqual([
      [formatDateTime('2025-05-21T09:30:00.000Z', 'en'), 'Eddie Tor changed the study Asthma in adults'],
      [
        formatDateTime('2025-05-21T08:00:00.000Z', 'en'),
        'Someone deleted the reference ********1234 (no longer exists)',
      ],
      [formatDateTime('2025-05-21T07:00:00.000Z', 'en'), 'Eddie Tor accepted the reference ******5678'],
    ]);
    // A changed record opens; a deleted one does not.
    const activity = screen.getByTestId('activity');
    expect(within(activity).getByRole('link', { name: 'Asthma in adults' }).getAttribute('href')).toBe(
      pathsOf(studies).edit('study-a'),
    );
    expect(within(activity).getByRole('link', { name: '******5678' }).getAttribute('href')).toBe(
      pathsOf(references).edit('ref-7'),
    );
    expect(within(activity).queryByRole('link', { name: '********1234' })).toBeNull();
    expect(activity.textContent).not.toContain('ref-9');

    // In French, the same sentences.
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() =>
      expect(rows('activity').map((row) => row[1])).toEqual([
        'Eddie Tor a modifié l’étude Asthma in adults',
        'Quelqu’un a supprimé la référence ********1234 (n’existe plus)',
        'Eddie Tor a accepté la référence ******5678',
      ]),
    );
    await act(() => i18n.changeLanguage('en'));

    const requests = screen.getByTestId('access-requests');
    expect(requests.textContent).toContain('3 accounts wait for approval');
    expect(within(requests).getAllByTestId('access-request')).toHaveLength(1);
    expect(within(requests).getByRole('link', { name: 'New Person' }).getAttribute('href')).toBe(
      pathsOf(users).edit('new-uid'),
    );
    expect(requests.textContent).toContain('new.person@example.org · Asks to be Editor');
    expect(within(requests).getByRole('link', { name: 'Review requests' }).getAttribute('href')).toBe(
      `${pathsOf(users).list}?approval=pending`,
    );
  });

  it('an Editor sees no access requests and no link to user accounts', async () => {
    await act(() => i18n.changeLanguage('en'));
    const activity = dashboardStats().activity;
    backend.reset(
      serve(() =>
        dashboardStats({
          users: null,
          activity: [
            ...activity,
            { ...activity[0], id: 'audit-9', entity: 'users', entityId: 'some-uid', label: 'someone@trialdesk.test' },
          ],
        }),
      ),
    );
    await renderRoutes(routes, '/app/dashboard', { user: EDITOR });
    await screen.findByTestId('activity');
    expect(screen.queryByTestId('access-requests')).toBeNull();
    expect(rows('activity')[3][1]).toBe('Eddie Tor changed the account someone@trialdesk.test');
    expect(within(screen.getByTestId('activity')).queryByRole('link', { name: 'someone@trialdesk.test' })).toBeNull();
    expect(value('kpi-pending')).toBe('57');
  });

  it('says when there is no decision yet, and when the ranking read only part of the window', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(
      serve(() =>
        dashboardStats({
          decisions: { acceptanceRate: null, medianDays: null, sampled: 0 },
          topStudiesPartial: true,
        }),
      ),
    );
    await renderRoutes(routes, '/app/dashboard');
    await screen.findByTestId('kpi-acceptance');
    expect(value('kpi-acceptance')).toBe('—');
    expect(value('kpi-median')).toBe('—');
    expect(screen.getByTestId('kpi-median').textContent).toContain('No decision yet');
    expect(screen.getByTestId('top-studies-partial').textContent).toContain('More than 20,000 references');
  });

  it('the study filter asks for that study, keeps it in the URL and carries it to triage; clearing drops it', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(serve(figures));
    const { router } = await renderRoutes(routes, '/app/dashboard');
    await screen.findByTestId('top-studies');

    const select = within(screen.getByTestId('dashboard-study')).getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Asthma in adults'));
    await waitFor(() => expect(locationOf(router)).toBe('/app/dashboard?study=study-a'));
    await waitFor(() => expect(backend.callsOf('dashboard-stats').at(-1)).toEqual({ studyId: 'study-a' }));
    // One study: no ranking of studies, nor studies by status.
    await waitFor(() => expect(screen.queryByTestId('top-studies')).toBeNull());
    expect(screen.queryByTestId('studies-by-status')).toBeNull();
    expect(screen.getAllByTestId('chart').map((chart) => chart.dataset.kind)).toEqual(['column', 'donut']);
    expect(within(screen.getByTestId('kpi-pending')).getByRole('link', { name: 'Triage' }).getAttribute('href')).toBe(
      `${pathsOf(references).list}/triage?study=study-a`,
    );

    fireEvent.mouseDown(select);
    fireEvent.click(screen.getByTestId('dashboard-study').querySelector('.ant-select-clear')!);
    await waitFor(() => expect(locationOf(router)).toBe('/app/dashboard'));
    await screen.findByTestId('top-studies');
    // All studies' figures come from the cache: asked once, at first.
    expect(backend.callsOf('dashboard-stats')).toEqual([{}, { studyId: 'study-a' }]);
  });

  it('opened at ?study= it asks for that study and names it in the filter', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(serve(figures));
    await renderRoutes(routes, '/app/dashboard?study=study-b');
    await screen.findByTestId('kpi-references');
    expect(backend.callsOf('dashboard-stats')).toEqual([{ studyId: 'study-b' }]);
    expect(await within(screen.getByTestId('dashboard-study')).findByText('Bone density after 60')).toBeTruthy();
  });

  it('the backlog opens the triage screen', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(serve(figures));
    const { router } = await renderRoutes(routes, '/app/dashboard');
    fireEvent.click(await screen.findByRole('link', { name: 'Triage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${pathsOf(references).list}/triage`));
  });

  it('a failed call says why and asks again on Retry', async () => {
    await act(() => i18n.changeLanguage('en'));
    let fail = true;
    backend.reset((name, data) => {
      if (name === 'dashboard-stats' && fail) throw callableError('unavailable');
      return serve(figures)(name, data);
    });
    await renderRoutes(routes, '/app/dashboard');
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('The server cannot be reached');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(value('kpi-references')).toBe('1,234'));
  });

  it('reads in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(serve(figures));
    await renderRoutes(routes, '/app/dashboard');
    await heading('Tableau de bord du recrutement');
    await screen.findByTestId('kpi-references');
    expect(value('kpi-references')).toBe(new Intl.NumberFormat('fr-CA').format(1234));
    expect(value('kpi-acceptance')).toBe(new Intl.NumberFormat('fr-CA', { style: 'percent' }).format(0.6));
    expect(value('kpi-median')).toBe('3,5\u00a0jours');
    expect(screen.getByTestId('kpi-median').textContent).toContain('sur les 500 dernières décisions');
    expect(within(screen.getByTestId('kpi-pending')).getByRole('link', { name: 'Triage' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('the study funnel', () => {
  it("shows on the study's edit screen above its documents: referred, decided, accepted and the figures", async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(serve(figures));
    await renderRoutes(routes, pathsOf(studies).edit('study-a'));
    const funnel = await screen.findByTestId('study-funnel');
    expect(within(funnel).getByText('Recruitment')).toBeTruthy();
    await within(funnel).findByTestId('funnel-referred-value');
    expect(backend.callsOf('dashboard-stats')).toEqual([{ studyId: 'study-a' }]);

    expect(value('funnel-referred')).toBe('1,234');
    // Accepted, rejected and duplicates: 600 + 400 + 170.
    expect(value('funnel-decided')).toBe('1,170');
    expect(screen.getByTestId('funnel-decided').textContent).toContain('94.8% of references');
    expect(value('funnel-accepted')).toBe('600');
    expect(screen.getByTestId('funnel-accepted').textContent).toContain('48.6% of references');
    expect(value('funnel-pending')).toBe('57');
    expect(value('funnel-acceptance')).toBe('60%');
    expect(value('funnel-median')).toBe('3.5 days');
    expect(
      within(funnel)
        .getAllByTestId('chart')
        .map((chart) => chart.dataset.kind),
    ).toEqual(['column']);

    // The funnel's card comes before the documents' card (a panel of the documents, loaded on first use).
    const documents = await screen.findByText('Documents', { selector: '#study-documents' });
    expect(funnel.compareDocumentPosition(documents) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
