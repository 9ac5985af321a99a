// Tests of the ClinicalTrials.gov import's screens: the dialog of the studies list (an NCT number checked as typed,
// its review, the import, the server's refusals, a pasted list) and an imported study's screen (its registry facts,
// Refresh from the registry with the changed fields marked, the save naming the reviewed version).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Study, StudyImportResponse } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { studies } from '../src/resources/studies';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend, callableError } from './fakeCallables';
import { locationOf, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const AT = '2026-06-01T10:00:00.000Z';
const imported: Study = {
  id: 'study-1',
  version: 3,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  title: 'Asthma in adults (edited here)',
  contactId: null,
  startDate: '2024-05-01',
  endDate: null,
  conditions: ['Asthma'],
  inclusionCriteria: 'Adults\nAsthma for a year',
  exclusionCriteria: '',
  specialty: 'Pulmonology',
  status: 'Recruiting',
  summary: 'A summary.',
  details: '',
  referenceCount: 0,
  followers: [],
  nctId: 'NCT01234567',
  registryStatus: 'ACTIVE_NOT_RECRUITING',
  registryVerifiedAt: '2025-03',
};
const {
  id: _id,
  version: _v,
  createdAt: _c,
  createdBy: _cb,
  updatedAt: _u,
  updatedBy: _ub,
  referenceCount: _r,
  ...values
} = imported;
/** What the registry gives: its own title and a new criterion; the rest as saved. */
const fromRegistry = (changes: StudyImportResponse['changes'], version: number | null): StudyImportResponse => ({
  id: 'study-1',
  created: false,
  nctId: 'NCT01234567',
  study: { ...values, nctId: 'NCT01234567', title: 'Asthma in adults', exclusionCriteria: 'Smokers\nPregnancy' },
  changes,
  contact: { id: 'contact-1', displayName: 'Ada Lovelace', email: 'ada@example.org', created: false },
  version,
});

const empty = { items: [], total: 0, page: 1, pageSize: 20 };
/** The server's other answers: the study asked for, empty lists; the rest (the funnel's figures) unavailable. */
const lists = (name: string) => {
  if (['audit-list', 'documents-list', 'studies-list', 'studyContacts-list'].includes(name)) return empty;
  if (name !== 'studies-get') throw callableError('unavailable');
  return undefined;
};

const StudyEdit = screenOf(studies, 'edit');
const StudyList = screenOf(studies, 'list');
const routes: RouteObject[] = [
  { path: '/app/studies/:id', element: <AntApp>{<StudyEdit />}</AntApp> },
  { path: '/app/studies', element: <AntApp>{<StudyList />}</AntApp> },
];

const importCalls = () => backend.callsOf('studies-import') as Record<string, unknown>[];
const row = (field: string) => screen.getByTestId(`review-${field}`);

beforeAll(async () => {
  await initFirebase();
});
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe("an imported study's screen", () => {
  it('links its NCT number to the registry and shows the registry status beside ours and its verification date', async () => {
    backend.reset((name) => lists(name) ?? imported);
    await renderRoutes(routes, '/app/studies/study-1');
    const panel = await screen.findByTestId('registry-panel');
    const link = within(panel).getByRole('link', { name: 'NCT01234567 on ClinicalTrials.gov (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://clinicaltrials.gov/study/NCT01234567');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(panel).getByTestId('registry-status').textContent).toBe('Active, not recruiting');
    expect(within(panel).getByText('Recruiting')).toBeTruthy();
    expect(within(panel).getByText('March 2025')).toBeTruthy();
    // Never form fields.
    expect(screen.queryByLabelText('NCT number')).toBeNull();

    await act(() => i18n.changeLanguage('fr'));
    expect(within(panel).getByTestId('registry-status').textContent).toBe('Active, sans recrutement');
    expect(within(panel).getByText('mars 2025')).toBeTruthy();
  });

  it('shows a registry status it has no label for as the registry writes it', async () => {
    backend.reset((name) => lists(name) ?? { ...imported, registryStatus: 'SOME_NEW_STATUS' });
    await renderRoutes(routes, '/app/studies/study-1');
    expect((await screen.findByTestId('registry-status')).textContent).toBe('SOME_NEW_STATUS');
  });

  it('shows no registry facts on a study typed by hand', async () => {
    backend.reset(
      (name) => lists(name) ?? { ...imported, nctId: null, registryStatus: null, registryVerifiedAt: null },
    );
    await renderRoutes(routes, '/app/studies/study-1');
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(imported.title));
    expect(screen.queryByTestId('registry-panel')).toBeNull();
    expect(screen.queryByTestId('registry-refresh')).toBeNull();
  });

  it('refreshes from the registry: the review marks the changed fields, the save names the reviewed version', async () => {
    let saved = imported;
    backend.reset((name, data) => {
      if (name !== 'studies-import') return lists(name) ?? saved;
      if ((data as { dryRun?: boolean }).dryRun) return fromRegistry(['title', 'exclusionCriteria'], 3);
      saved = { ...imported, title: 'Asthma in adults', version: 4 };
      return { ...fromRegistry(['title', 'exclusionCriteria'], 4), id: 'study-1' };
    });
    await renderRoutes(routes, '/app/studies/study-1');
    fireEvent.click(await screen.findByTestId('registry-refresh'));
    await screen.findByTestId('import-review');
    expect(importCalls()).toEqual([{ nctId: 'NCT01234567', dryRun: true }]);
    expect(screen.getByText('This study was imported before: 2 fields differ from the registry.')).toBeTruthy();

    // Changed fields say so in words (not by colour alone), the others do not.
    expect(row('title').getAttribute('data-changed')).toBe('true');
    expect(within(row('title')).getByText('Changed')).toBeTruthy();
    expect(within(row('exclusionCriteria')).getByText('Changed')).toBeTruthy();
    for (const field of ['specialty', 'status', 'conditions', 'inclusionCriteria', 'startDate', 'registryStatus'])
      expect(within(row(field)).queryByText('Changed')).toBeNull();
    // Beside each other: the title in TrialDesk and the registry's; criteria as lists; labels, not codes.
    expect(within(row('title')).getByText('Asthma in adults (edited here)')).toBeTruthy();
    expect(within(row('title')).getByText('Asthma in adults')).toBeTruthy();
    expect(
      within(row('exclusionCriteria'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Smokers', 'Pregnancy']);
    expect(within(row('specialty')).getAllByText('Pulmonology')).toHaveLength(2);
    expect(within(row('registryStatus')).getAllByText('Active, not recruiting')).toHaveLength(2);
    expect(within(row('contactId')).getByText('Ada Lovelace <ada@example.org> (existing contact)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('import-save'));
    await waitFor(() => expect(importCalls()).toHaveLength(2));
    expect(importCalls()[1]).toEqual({ nctId: 'NCT01234567', version: 3 });
    await screen.findByText('Study NCT01234567 updated from the registry.');
    // The screen shows the saved study (the record read again), without leaving it.
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Asthma in adults'));
  });

  it('after a stale save, reviews the latest study again and says so', async () => {
    let dryRuns = 0;
    backend.reset((name, data) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      if ((data as { dryRun?: boolean }).dryRun) return fromRegistry(['title'], 3 + dryRuns++);
      if (dryRuns === 1) throw callableError('failed-precondition', { key: 'errors.staleVersion' });
      return fromRegistry(['title'], 5);
    });
    await renderRoutes(routes, '/app/studies/study-1');
    fireEvent.click(await screen.findByTestId('registry-refresh'));
    await screen.findByTestId('import-review');
    fireEvent.click(screen.getByTestId('import-save'));
    await screen.findByText(/The study changed meanwhile: the review now shows its latest version/);
    await waitFor(() => expect(importCalls()).toHaveLength(3));
    expect(importCalls()[2]).toEqual({ nctId: 'NCT01234567', dryRun: true });
    fireEvent.click(await screen.findByTestId('import-save'));
    await waitFor(() => expect(importCalls()).toHaveLength(4));
    expect(importCalls()[3]).toEqual({ nctId: 'NCT01234567', version: 4 });
    await screen.findByText('Study NCT01234567 updated from the registry.');
  });
});

/** Opens the list's import dialog. */
async function openDialog() {
  const view = await renderRoutes(routes, '/app/studies');
  fireEvent.click(await screen.findByTestId('studies-import'));
  return view;
}
const nctInput = () => screen.getByTestId('import-nct') as HTMLInputElement;

describe('the import dialog of the studies list', () => {
  it('checks the NCT number as it is typed, reviews a new study, imports it and opens it', async () => {
    backend.reset((name, data) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      const dryRun = (data as { dryRun?: boolean }).dryRun;
      return { ...fromRegistry([], dryRun ? null : 1), id: dryRun ? null : 'study-1', created: !dryRun };
    });
    const { router } = await openDialog();
    fireEvent.change(nctInput(), { target: { value: 'NCT123' } });
    expect(await screen.findByText('Enter an NCT number: NCT followed by 8 digits, such as NCT01234567')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-review-start'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(importCalls()).toEqual([]);

    fireEvent.change(nctInput(), { target: { value: ' nct01234567 ' } });
    fireEvent.click(screen.getByTestId('import-review-start'));
    await screen.findByTestId('import-review');
    expect(importCalls()).toEqual([{ nctId: 'NCT01234567', dryRun: true }]);
    expect(screen.getByText('A new study will be created from NCT01234567.')).toBeTruthy();
    // A new study: one column of values, nothing marked.
    expect(screen.queryByText('In TrialDesk now')).toBeNull();
    expect(screen.queryAllByTestId('review-changed')).toEqual([]);

    fireEvent.click(screen.getByTestId('import-save'));
    await waitFor(() => expect(locationOf(router)).toBe('/app/studies/study-1'));
    // A new study names no version.
    expect(importCalls()[1]).toEqual({ nctId: 'NCT01234567' });
  });

  it('reads a dropped registry file in the browser, says what is wrong with it, and reviews the record it holds', async () => {
    backend.reset((name) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      return { ...fromRegistry([], null), id: null, created: true };
    });
    await openDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'Registry file' }));
    const drop = (text: string) =>
      fireEvent.change(document.querySelector('.ant-upload input[type="file"]')!, {
        target: { files: [new File([text], 'download.json', { type: 'application/json' })] },
      });
    drop('not json');
    expect(
      await screen.findByText('This file is not JSON. Choose the JSON file downloaded from ClinicalTrials.gov.'),
    ).toBeTruthy();
    expect((screen.getByTestId('import-review-start') as HTMLButtonElement).disabled).toBe(true);

    const record = {
      protocolSection: { identificationModule: { nctId: 'NCT01234567', briefTitle: 'Asthma in adults' } },
    };
    drop(JSON.stringify(record));
    expect(await screen.findByText('download.json: study NCT01234567')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-review-start'));
    await screen.findByTestId('import-review');
    // The record as read, for the server to check again.
    expect(importCalls()).toEqual([{ record, dryRun: true }]);
  });

  it("shows the server's refusal translated: an unknown number, an unreachable registry", async () => {
    backend.reset((name) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      throw callableError('not-found', { key: 'errors.registryNotFound', params: { nctId: 'NCT09999999' } });
    });
    await openDialog();
    fireEvent.change(nctInput(), { target: { value: 'NCT09999999' } });
    fireEvent.click(screen.getByTestId('import-review-start'));
    expect((await screen.findByTestId('import-error')).textContent).toContain(
      'ClinicalTrials.gov has no study NCT09999999. Check the NCT number.',
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('import-error').textContent).toContain(
      'ClinicalTrials.gov n’a pas d’étude NCT09999999. Vérifiez le numéro NCT.',
    );
  });

  it('lists a malformed record’s field issues with their paths', async () => {
    backend.reset((name) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      throw callableError('invalid-argument', [
        { path: 'record.protocolSection.statusModule.startDateStruct.date', key: 'validation.invalid' },
      ]);
    });
    await openDialog();
    fireEvent.change(nctInput(), { target: { value: 'NCT01234567' } });
    fireEvent.click(screen.getByTestId('import-review-start'));
    const error = await screen.findByTestId('import-error');
    expect(within(error).getByRole('listitem').textContent).toMatch(
      /^record\.protocolSection\.statusModule\.startDateStruct\.date: /,
    );
  });

  it('imports a pasted list in turn: malformed numbers not sent, a failure stopping nothing, then retried', async () => {
    let unknownFails = true;
    backend.reset((name, data) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      const { nctId } = data as { nctId: string };
      if (nctId === 'NCT09999999' && unknownFails)
        throw callableError('not-found', { key: 'errors.registryNotFound', params: { nctId } });
      if (nctId === 'NCT00000002') return { ...fromRegistry(['title', 'status'], 5), nctId };
      if (nctId === 'NCT00000003') return { ...fromRegistry([], 5), nctId };
      return { ...fromRegistry([], 1), id: `new-${nctId}`, created: true, nctId };
    });
    await openDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'Paste a list' }));
    fireEvent.change(screen.getByTestId('batch-text'), {
      target: { value: 'NCT00000001, NCT09999999\nNCT0000\nnct00000002 NCT00000003 NCT00000001' },
    });
    expect(screen.getByText('4 numbers to import')).toBeTruthy();
    expect(screen.getByTestId('batch-malformed').textContent).toContain('NCT0000');
    fireEvent.click(screen.getByTestId('batch-import-all'));

    await waitFor(() => expect(screen.getByTestId('batch-summary').textContent).toContain('1 failed'));
    expect(importCalls().map((call) => call.nctId)).toEqual([
      'NCT00000001',
      'NCT09999999',
      'NCT00000002',
      'NCT00000003',
    ]);
    expect(importCalls().every((call) => !('dryRun' in call) && !('version' in call))).toBe(true);
    expect(screen.getByTestId('batch-summary').textContent).toBe(
      'Imported 4 of 4 · 1 created, 1 updated, 1 unchanged, 1 failed',
    );
    const line = (nctId: string) => within(screen.getByTestId(`batch-line-${nctId}`));
    expect(line('NCT00000001').getByRole('link', { name: 'Created' }).getAttribute('href')).toBe(
      '/app/studies/new-NCT00000001',
    );
    expect(line('NCT09999999').getByText(/ClinicalTrials.gov has no study NCT09999999/)).toBeTruthy();
    expect(line('NCT00000002').getByText('Updated: 2 fields changed')).toBeTruthy();
    expect(line('NCT00000003').getByText('Unchanged')).toBeTruthy();

    unknownFails = false;
    fireEvent.click(screen.getByTestId('batch-retry'));
    await waitFor(() => expect(screen.getByTestId('batch-summary').textContent).toContain('0 failed'));
    expect(importCalls().at(-1)).toMatchObject({ nctId: 'NCT09999999' });
    expect(importCalls()).toHaveLength(5);
    // Nothing lost: every line still listed.
    expect(screen.getAllByTestId(/^batch-line-/)).toHaveLength(4);
    expect(screen.queryByTestId('batch-retry')).toBeNull();
  });

  /** A backend whose first import of `held` waits until `release` is called; the others answer at once (created). */
  function holdingBackend(held: string) {
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    backend.reset(async (name, data) => {
      if (name !== 'studies-import') return lists(name) ?? imported;
      const { nctId } = data as { nctId: string };
      if (nctId === held) await gate;
      return { ...fromRegistry([], 1), id: `new-${nctId}`, created: true, nctId };
    });
    return () => act(release);
  }
  const pasteAndImport = async (text: string) => {
    await openDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'Paste a list' }));
    fireEvent.change(screen.getByTestId('batch-text'), { target: { value: text } });
    fireEvent.click(screen.getByTestId('batch-import-all'));
    await waitFor(() => expect(importCalls()).toHaveLength(1));
  };
  const lineState = (nctId: string) => screen.getByTestId(`batch-line-${nctId}`).getAttribute('data-state');

  it('stops a pasted list after the number being imported, and imports the rest when asked', async () => {
    const release = holdingBackend('NCT00000001');
    await pasteAndImport('NCT00000001 NCT00000002 NCT00000003');
    fireEvent.click(screen.getByTestId('batch-stop'));
    expect(screen.getByTestId('batch-stop').textContent).toBe('Stopping after this number…');
    await release();

    await waitFor(() => expect(lineState('NCT00000003')).toBe('stopped'));
    // The number already sent was imported; the others were never sent.
    expect(importCalls()).toHaveLength(1);
    expect(lineState('NCT00000001')).toBe('done');
    expect(lineState('NCT00000002')).toBe('stopped');
    expect(within(screen.getByTestId('batch-line-NCT00000002')).getByText('Not imported: stopped')).toBeTruthy();
    expect(screen.getByTestId('batch-summary').textContent).toBe(
      'Imported 1 of 3 · 1 created, 0 updated, 0 unchanged, 0 failed · 2 not imported (stopped)',
    );
    expect(screen.queryByTestId('batch-stop')).toBeNull();

    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('batch-continue').textContent).toBe('Importer le reste (2)');
    expect(screen.getByTestId('batch-summary').textContent).toContain('2 non importés (arrêt)');
    await act(() => i18n.changeLanguage('en'));

    fireEvent.click(screen.getByTestId('batch-continue'));
    await waitFor(() => expect(lineState('NCT00000003')).toBe('done'));
    expect(importCalls().map((call) => call.nctId)).toEqual(['NCT00000001', 'NCT00000002', 'NCT00000003']);
    expect(screen.getByTestId('batch-summary').textContent).toBe(
      'Imported 3 of 3 · 3 created, 0 updated, 0 unchanged, 0 failed',
    );
    expect(screen.queryByTestId('batch-continue')).toBeNull();
  });

  it('stops a pasted list when the dialog is closed, says how far it went, and keeps the rest for later', async () => {
    const release = holdingBackend('NCT00000001');
    await pasteAndImport('NCT00000001 NCT00000002 NCT00000003');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await release();

    expect(
      await screen.findByText('Import stopped after 1 of 3: open the import again to import the rest.'),
    ).toBeTruthy();
    expect(importCalls()).toHaveLength(1);
    // Opened again: the list as it was left, the rest one click away.
    fireEvent.click(screen.getByTestId('studies-import'));
    expect(lineState('NCT00000002')).toBe('stopped');
    expect(screen.getByTestId('batch-continue').textContent).toBe('Import the rest (2)');
  });
});
