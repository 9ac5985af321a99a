// Tests of lists at every width: below 600 px each row is a card (its identity as the title, every column with a value
// labelled, its actions, the sort as a choice); wider, the table keeps the identifying column and the actions fixed at its edges.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Study, User } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { studies } from '../src/resources/studies';
import { users } from '../src/resources/users';
import { NARROW_LIST } from '../src/ui/ListTable';
import { backend } from './fakeCallables';
import { locationOf, renderList } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const AT = '2025-06-01T10:00:00.000Z';
const meta = { version: 1, createdAt: AT, createdBy: 'admin-uid', updatedAt: AT, updatedBy: 'admin-uid' };
const study = (id: string, title: string, status: Study['status']) =>
  ({
    ...meta,
    id,
    title,
    status,
    specialty: 'Oncology',
    startDate: '2025-01-15',
    endDate: null,
    referenceCount: 4,
  }) as unknown as Study;
const STUDIES = [
  study('s1', 'Metformin in early type 2 diabetes, a long title that a phone has to wrap', 'Recruiting'),
  // Imported from the registry: its NCT number (the other, typed by hand, has none).
  { ...study('s2', 'Low-dose aspirin after stroke', 'Completed'), nctId: 'NCT01234567' },
];
const user = {
  ...meta,
  id: 'u1',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.org',
  phone: '',
  role: 'Editor',
  status: 'PendingEditor',
  roleApproved: false,
  isAdmin: false,
  isUser: false,
  picture: '',
  emailVerified: true,
  provider: 'password',
} as User;

function answer(name: string) {
  if (name === 'studies-list') return { items: STUDIES, total: 2, page: 1, pageSize: 20 };
  if (name === 'users-list') return { items: [user], total: 1, page: 1, pageSize: 20 };
  throw new Error(`unexpected call of ${name}`);
}

/** The window as wide as `width`: media queries on max-width answer for it. */
function windowWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return { ...original(query), matches: max ? width <= Number(max[1]) : original(query).matches };
  };
  return () => {
    window.matchMedia = original;
  };
}

let restore = () => {};
beforeAll(async () => {
  await initFirebase();
});
afterEach(async () => {
  restore();
  await act(() => i18n.changeLanguage('en'));
});

describe('below 600 px', () => {
  it('shows each study as a card: its title linked, its status and every other column labelled, in French too', async () => {
    restore = windowWidth(390);
    expect(window.matchMedia(NARROW_LIST).matches).toBe(true);
    backend.reset(answer);
    await act(() => i18n.changeLanguage('fr'));
    const { router } = await renderList(studies, '/app/studies');
    const cards = await screen.findAllByTestId('list-card');
    expect(screen.queryByTestId('list-table')).toBeNull();
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: STUDIES[0].title })).toBeTruthy();
    // Every column but the title, each with its label: the status among them; no NCT number line without one.
    const labels = (card: HTMLElement) => [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
    const field = (name: string) => i18n.t(`studies.fields.${name}`);
    expect(labels(cards[0])).toEqual([field('specialty'), field('status'), field('dates'), field('referenceCount')]);
    expect(field('status')).toBe('Statut');
    expect(labels(cards[1])).toEqual([
      'Numéro NCT',
      field('specialty'),
      field('status'),
      field('dates'),
      field('referenceCount'),
    ]);
    expect(within(cards[1]).getByText('NCT01234567')).toBeTruthy();
    expect(within(cards[1]).getByText('Terminée')).toBeTruthy();
    expect(screen.getByTestId('pagination-total').textContent).toBe('Affichage de 1 à 2 sur 2 entrées');
    // A card opens its study, as a table row does.
    fireEvent.click(within(cards[1]).getByText('Terminée'));
    expect(locationOf(router)).toBe('/app/studies/s2');
  });

  it('sorts through a choice of the sortable columns, both ways, kept in the URL', async () => {
    restore = windowWidth(390);
    backend.reset(answer);
    const { router } = await renderList(studies, '/app/studies');
    await screen.findAllByTestId('list-card');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.mouseDown(sort);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(
      ['title', 'startDate'].flatMap((key) => {
        const column = i18n.t(`studies.fields.${key === 'title' ? 'title' : 'dates'}`);
        return [`${column}, ascending`, `${column}, descending`];
      }),
    );
    expect(options[0]).toBe('Title, ascending');
    fireEvent.click(screen.getByText('Title, descending', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(locationOf(router)).toContain('sort=title%3Adesc'));
    await waitFor(() => expect(backend.callsOf('studies-list').at(-1)).toMatchObject({ sort: 'title:desc' }));
  });

  it('offers the page sizes beside the pager, kept in the URL, in French too', async () => {
    restore = windowWidth(390);
    backend.reset(answer);
    await act(() => i18n.changeLanguage('fr'));
    const { router } = await renderList(studies, '/app/studies');
    await screen.findAllByTestId('list-card');
    const size = screen.getByRole('combobox', { name: 'Lignes par page' });
    expect(screen.getByTestId('cards-page-size').textContent).toBe('20 / page');
    fireEvent.mouseDown(size);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    fireEvent.click(screen.getByText('50 / page', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(locationOf(router)).toContain('pageSize=50'));
    await waitFor(() => expect(backend.callsOf('studies-list').at(-1)).toMatchObject({ pageSize: 50 }));
    // antd's own choice is not shown twice.
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeNull();
  });

  it("puts a user's Approve and Revoke at the foot of the card", async () => {
    restore = windowWidth(390);
    backend.reset(answer);
    await renderList(users, '/app/users');
    const [card] = await screen.findAllByTestId('list-card');
    expect(within(card).getByRole('link', { name: /Ana Lima/ })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    // The actions are not repeated as a labelled line.
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).not.toContain('Actions');
  });
});

describe('from 600 px', () => {
  it("keeps the users' name fixed at the left and the actions at the right while the table scrolls", async () => {
    restore = windowWidth(800);
    backend.reset(answer);
    await renderList(users, '/app/users');
    const table = await screen.findByTestId('list-table');
    await within(table).findByText('ana@example.org');
    const headers = [...table.querySelectorAll('thead th')];
    const fixed = (side: string) =>
      headers.filter((th) => th.className.includes(`ant-table-cell-fix-${side}`)).map((th) => th.textContent);
    expect(fixed('start')).toEqual(['Name']);
    expect(fixed('end')).toEqual(['Actions']);
    expect(screen.queryByTestId('list-cards')).toBeNull();
    // Columns as wide as their content still (fixed columns alone would make antd share the width equally).
    expect(table.querySelector('table')!.style.tableLayout).toBe('auto');
  });

  it("shows an imported study's NCT number beside its title, and a blank for a study typed by hand", async () => {
    restore = windowWidth(1440);
    backend.reset(answer);
    await renderList(studies, '/app/studies');
    const table = await screen.findByTestId('list-table');
    await within(table).findByText('NCT01234567');
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['Title', 'NCT number', 'Specialty']);
    const cells = (title: string) =>
      within(within(table).getByText(title).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Low-dose aspirin after stroke')[1]).toBe('NCT01234567');
    expect(cells(STUDIES[0].title)[1]).toBe('');
  });
});
