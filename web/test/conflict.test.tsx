// Tests of a save that meets a newer version or a deleted record: the choices beside Save, the merged save, the way out.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import type { RouteObject } from 'react-router';
import type { Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { studies } from '../src/resources/studies';
import { screenOf } from '../src/shell/ResourceRoutes';
import { findConflict, mergeChoices } from '../src/ui/conflict/findConflict';
import { backend, callableError } from './fakeCallables';
import { renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const StudyEdit = screenOf(studies, 'edit');
const AT = '2026-06-01T10:00:00.000Z';
const loaded: Study = {
  id: 'study-1',
  version: 1,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  title: 'Asthma in adults',
  contactId: null,
  startDate: '2026-01-10',
  endDate: null,
  conditions: ['Asthma'],
  inclusionCriteria: '',
  exclusionCriteria: '',
  specialty: 'Pulmonology',
  status: 'Recruiting',
  summary: 'First summary.',
  details: '',
  referenceCount: 0,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
};
// What another tab saved meanwhile: the title and status (also edited here) and the end date (not edited here).
const latest: Study = {
  ...loaded,
  version: 2,
  title: 'Asthma in adults, phase II',
  status: 'Completed',
  endDate: '2026-12-31',
};

const routes: RouteObject[] = [
  { path: '/app/studies/:id', element: <AntApp>{<StudyEdit />}</AntApp> },
  { path: '/app/studies', element: <p>studies list</p> },
];

/** The server: the study as `current()` says, updates refused as `refuse` says, then accepted. */
function serve(current: () => Study | null, refuse: () => Error | null) {
  backend.reset((name, data) => {
    const study = current();
    if (name === 'studies-get') {
      if (!study) throw callableError('not-found', { key: 'errors.notFound' });
      return study;
    }
    if (name === 'studies-update') {
      const refusal = refuse();
      if (refusal) throw refusal;
      return { ...study, ...(data as object) };
    }
    if (name === 'audit-list' || name === 'documents-list') return { items: [], total: 0, page: 1, pageSize: 50 };
    throw callableError('unavailable');
  });
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
async function chooseStatus(label: string) {
  const select = screen.getByLabelText('Status', { exact: true });
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle(label));
}

/** Opens the study, edits title, status and summary, presses Save: the save meets version 2. */
async function editStale() {
  let stored: Study | null = loaded;
  let refusals = 1;
  serve(
    () => stored,
    () => (refusals-- > 0 ? callableError('failed-precondition', { key: 'errors.staleVersion' }) : null),
  );
  const view = await renderRoutes(routes, '/app/studies/study-1');
  await waitFor(() => expect(input('Title').value).toBe('Asthma in adults'));
  type('Title', 'Asthma in adults (amended)');
  await chooseStatus('Withdrawn');
  type('Summary', 'Second summary.');
  stored = latest;
  fireEvent.click(screen.getByTestId('form-submit'));
  return { ...view, remove: () => (stored = null) };
}

// jsdom does not lay out; browsers now answer scrollIntoView with a promise (which must not become an effect's cleanup).
const scrolled = vi.fn(() => Promise.resolve());

beforeAll(async () => {
  await initFirebase();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
});
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('a stale save', () => {
  it('lists beside Save the fields to choose, latest and yours side by side, and keeps the edits meanwhile', async () => {
    await editStale();
    const conflict = await screen.findByTestId('conflict');
    await waitFor(() => expect(scrolled.mock.contexts).toContain(conflict));
    // Right above the Save button, not at the top of the page; and as a toast.
    expect(conflict.nextElementSibling?.contains(screen.getByTestId('form-submit'))).toBe(true);
    expect(await screen.findByText(/Not saved: someone else changed this record/)).toBeTruthy();
    expect(within(conflict).getByRole('alert').textContent).toContain(
      'Someone else saved this record while you were editing',
    );

    const row = (field: string) => within(screen.getByTestId(`conflict-row-${field}`));
    expect(row('title').getByText('Changed on both sides')).toBeTruthy();
    expect(row('title').getByText('Asthma in adults, phase II')).toBeTruthy();
    expect(row('title').getByText('Asthma in adults (amended)')).toBeTruthy();
    expect(row('status').getByText('Completed')).toBeTruthy();
    expect(row('summary').getByText('Changed by you only')).toBeTruthy();
    expect(screen.getByTestId('conflict-theirs').textContent).toBe(
      'Also changed meanwhile, the latest value is kept: End date',
    );
    expect(screen.queryByTestId('conflict-row-endDate')).toBeNull();

    // Values read as people read them: enum labels in the interface language.
    await act(() => i18n.changeLanguage('fr'));
    expect(row('status').getByText('Terminée')).toBeTruthy();
    expect(row('status').getByText('Retirée')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));

    // Nothing is lost while the person has not chosen: the form still holds every edit.
    expect(input('Title').value).toBe('Asthma in adults (amended)');
    expect(input('Summary').value).toBe('Second summary.');
    expect((screen.getByTestId('form-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the choices against the latest version: theirs where chosen, the others keep the latest', async () => {
    const { router } = await editStale();
    await screen.findByTestId('conflict');
    const save = screen.getByTestId('conflict-save') as HTMLButtonElement;
    // Fields changed on both sides wait for a choice; one changed by the person only keeps their edit.
    expect(save.disabled).toBe(true);
    const radio = (id: string) => screen.getByTestId(id) as HTMLInputElement;
    expect(radio('conflict-summary-yours').checked).toBe(true);
    expect(
      ['title', 'status']
        .flatMap((f) => [radio(`conflict-${f}-latest`), radio(`conflict-${f}-yours`)])
        .some((r) => r.checked),
    ).toBe(false);
    fireEvent.click(screen.getByTestId('conflict-title-latest'));
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('conflict-status-yours'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(backend.callsOf('studies-update')).toHaveLength(2));
    expect(backend.callsOf('studies-update')[1]).toEqual({
      id: 'study-1',
      version: 2,
      status: 'Withdrawn',
      summary: 'Second summary.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/studies'));
  });

  it('discards the edits only when asked, showing the latest version', async () => {
    await editStale();
    await screen.findByTestId('conflict');
    fireEvent.click(screen.getByTestId('conflict-discard'));
    await waitFor(() => expect(screen.queryByTestId('conflict')).toBeNull());
    // The form is still there (the conflict's closing did not break the screen).
    expect(input('Title').value).toBe('Asthma in adults, phase II');
    expect(input('Summary').value).toBe('First summary.');
    expect(backend.callsOf('studies-update')).toHaveLength(1);
  });

  it('a record deleted meanwhile is said so beside Save, the form kept, with the way back to the list', async () => {
    let stored: Study | null = loaded;
    serve(
      () => stored,
      () => callableError('not-found', { key: 'errors.notFound' }),
    );
    const { router } = await renderRoutes(routes, '/app/studies/study-1');
    await waitFor(() => expect(input('Title').value).toBe('Asthma in adults'));
    type('Summary', 'Written while it was deleted.');
    stored = null;
    fireEvent.click(screen.getByTestId('form-submit'));
    const gone = await screen.findByTestId('record-gone');
    expect(gone.textContent).toContain('Someone else deleted this record');
    expect(await screen.findByText('Not saved: this record was deleted.')).toBeTruthy();
    // The refused update refreshes the record, which answers not-found: the form stays for the person to copy from.
    await waitFor(() => expect(backend.callsOf('studies-get').length).toBeGreaterThan(1));
    expect(input('Summary').value).toBe('Written while it was deleted.');
    fireEvent.click(screen.getByTestId('record-gone-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/studies'));
  });
});

describe('comparing versions', () => {
  const base: Record<string, unknown> = { title: 'A', status: 'Recruiting', summary: '', endDate: null, password: '' };
  it('asks about fields the person changed that differ from the latest; theirs alone are kept; write-only never asked', () => {
    const yours = { ...base, title: 'B', summary: 'mine', password: 'secret' };
    const newest = { ...base, title: 'C', endDate: '2026-12-31', password: '' };
    const stored = ['title', 'status', 'summary', 'endDate'];
    expect(findConflict(base, yours, newest, stored)).toEqual({
      fields: [
        { name: 'title', latest: 'C', yours: 'B', both: true },
        { name: 'summary', latest: '', yours: 'mine', both: false },
      ],
      theirs: ['endDate'],
    });
    // The same change on both sides is no conflict.
    expect(findConflict(base, { ...base, title: 'C' }, { ...base, title: 'C' }, stored)).toEqual({
      fields: [],
      theirs: [],
    });
    expect(mergeChoices<Record<string, unknown>>(newest, yours, stored, { title: 'latest', summary: 'yours' })).toEqual(
      {
        title: 'C',
        status: 'Recruiting',
        summary: 'mine',
        endDate: '2026-12-31',
        password: 'secret',
      },
    );
  });
});
