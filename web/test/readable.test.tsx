// Tests of what people and screen readers read on a list: a study's period with or without dates, dropdown options
// named by their translated label only, and French times as Quebec writes them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultsOf, STUDY_STATUSES, studySchema, type Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { studies } from '../src/resources/studies';
import { formatDateTime } from '../src/ui/format';
import { backend } from './fakeCallables';
import { renderList } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const AT = '2025-05-01T10:00:00.000Z';
const study = (id: string, title: string, dates: Pick<Study, 'startDate' | 'endDate'>): Study => ({
  id,
  title,
  version: 1,
  createdAt: AT,
  createdBy: 'admin-uid',
  updatedAt: AT,
  updatedBy: 'admin-uid',
  ...defaultsOf(studySchema),
  ...dates,
  specialty: 'Cardiology',
  status: 'Recruiting',
  referenceCount: 0,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
});
const STUDIES = [
  study('s-both', 'Both dates', { startDate: '2025-01-15', endDate: '2026-06-30' }),
  study('s-start', 'Start only', { startDate: '2025-02-01', endDate: null }),
  study('s-end', 'End only', { startDate: null, endDate: '2026-12-31' }),
  study('s-none', 'No dates at all', { startDate: null, endDate: null }),
];

beforeAll(async () => {
  await initFirebase();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** The studies list with the four studies, in `language`; resolves once the rows show. */
async function renderStudies(language: 'en' | 'fr') {
  await act(() => i18n.changeLanguage(language));
  backend.reset((name) => {
    if (name === 'studies-list') return { items: STUDIES, total: STUDIES.length, page: 1, pageSize: 10 };
    throw new Error(`unexpected call of ${name}`);
  });
  await renderList(studies, '/app/studies');
  await screen.findByText('No dates at all');
}

/** Each study's "Start / end" cell, by title. */
function periods(): Record<string, string> {
  const table = screen.getByTestId('list-table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const column = headers.findIndex((text) => text === i18n.t('studies.fields.dates'));
  expect(column).toBeGreaterThan(-1);
  const rows = within(table).getAllByRole('row').slice(1);
  return Object.fromEntries(
    rows.map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[0].textContent, cells[column].textContent];
    }),
  );
}

describe('a study’s period', () => {
  it('reads "No dates" without dates, "From"/"Until" with one, and both with an arrow', async () => {
    await renderStudies('en');
    expect(periods()).toEqual({
      'Both dates': '2025-01-15 → 2026-06-30',
      'Start only': 'From 2025-02-01',
      'End only': 'Until 2026-12-31',
      'No dates at all': 'No dates',
    });
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(periods()['No dates at all']).toBe('Aucune date'));
    expect(periods()).toEqual({
      'Both dates': '2025-01-15 → 2026-06-30',
      'Start only': 'À partir du 2025-02-01',
      'End only': 'Jusqu’au 2026-12-31',
      'No dates at all': 'Aucune date',
    });
  });
});

describe('a dropdown for screen readers', () => {
  it('names each option by its translated label alone, never its stored value', async () => {
    await renderStudies('fr');
    const filter = screen.getByTestId('filter-status');
    fireEvent.mouseDown(filter.querySelector('.ant-select-selector') ?? filter);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    const labels = STUDY_STATUSES.map((status) => i18n.t(`enums.studyStatus.${status}`));
    // Every option, as a screen reader finds it: its name and the text it holds are the label.
    expect(options.map((option) => option.getAttribute('aria-label') ?? option.textContent)).toEqual(labels);
    expect(options.map((option) => option.textContent)).toEqual(labels);
    // No stored value anywhere in the list (a hidden copy of the options would hold them).
    for (const status of STUDY_STATUSES.filter((status) => !labels.includes(status)))
      expect(listbox.parentElement?.textContent).not.toContain(status);
    // The combobox points at options that exist, by id.
    const combobox = within(filter).getByRole('combobox');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    const active = combobox.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.getAttribute('role')).toBe('option');
  });
});

describe('a time', () => {
  it('reads "6 h 54" in French and "6:54 a.m." in English', () => {
    const morning = new Date(2026, 2, 5, 6, 54).toISOString();
    const afternoon = new Date(2026, 2, 5, 16, 4).toISOString();
    expect(formatDateTime(morning, 'fr')).toBe('5 mars 2026, 6 h 54');
    expect(formatDateTime(afternoon, 'fr')).toBe('5 mars 2026, 16 h 04');
    expect(formatDateTime(morning, 'en')).toBe('Mar 5, 2026, 6:54 a.m.');
  });
});
