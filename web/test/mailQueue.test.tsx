// The Admins' mail queue: each message's kind and state in words (the state a tag with an icon, with when it was
// sent or is tried next), recipients, subject, attempts, last error, newest first as the server answers; the state
// filter in the URL and the request; the failed messages counted above the list and one click away; cards on a
// phone; English and French.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailItem } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { mail } from '../src/resources/mail';
import { formatDateTime } from '../src/ui/format';
import { backend } from './fakeCallables';
import { cellTexts, locationOf, renderList } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const base: Omit<MailItem, 'id' | 'kind' | 'to' | 'subject' | 'state' | 'createdAt'> = {
  language: 'en',
  attempts: 0,
  lastError: null,
  lastAttemptAt: null,
  nextAttemptAt: null,
  sentAt: null,
};

const items: MailItem[] = [
  {
    ...base,
    id: 'm3',
    kind: 'referralReceived',
    to: ['contact@hospital.test'],
    subject: 'New referral to Asthma in adults',
    state: 'failed',
    createdAt: '2026-11-27T06:30:00.000Z',
    attempts: 9,
    lastError: '550 Mailbox unavailable',
    lastAttemptAt: '2026-11-27T06:40:00.000Z',
  },
  {
    ...base,
    id: 'm2',
    kind: 'referralDecided',
    to: ['rita@clinique.test'],
    subject: 'Your referral ******4321 was accepted',
    state: 'retrying',
    createdAt: '2026-11-27T06:00:00.000Z',
    attempts: 2,
    lastError: 'connect ECONNREFUSED 127.0.0.1:1025',
    nextAttemptAt: '2026-11-27T06:05:00.000Z',
    language: 'fr',
  },
  {
    ...base,
    id: 'm1',
    kind: 'accessApproved',
    to: ['ana@example.org'],
    subject: 'Your TrialDesk access is approved',
    state: 'sent',
    createdAt: '2026-11-26T10:00:00.000Z',
    attempts: 1,
    sentAt: '2026-11-26T10:00:02.000Z',
  },
];

/** The fake server: the queue filtered by state, and how many failed (two, one of them on the page shown). */
const serve = () =>
  backend.reset((name, data) => {
    if (name !== 'mail-list') throw new Error(`unexpected call of ${name}`);
    const { state, page = 1, pageSize = 20 } = data as { state?: string; page?: number; pageSize?: number };
    const shown = state ? items.filter((item) => item.state === state) : items;
    return { items: shown, total: state === 'failed' ? 2 : shown.length, page, pageSize };
  });

const listRequests = () => backend.callsOf('mail-list') as Record<string, unknown>[];
const NARROW = 390;

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
  restore = () => {};
  await act(() => i18n.changeLanguage('en'));
});

describe('the mail queue', () => {
  it('lists every message in words, and leads to the failed ones from their count', async () => {
    await act(() => i18n.changeLanguage('en'));
    serve();
    const { router } = await renderList(mail, '/app/mail');
    const table = await screen.findByTestId('list-table');
    await waitFor(() => expect(cellTexts(table)).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mail queue');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Created',
      'Kind',
      'Recipients',
      'Subject',
      'State',
      'Attempts',
      'Last error',
    ]);
    const at = (time: string) => formatDateTime(time, 'en');
    expect(cellTexts(table)).toEqual([
      [
        at(items[0].createdAt),
        'New reference',
        'contact@hospital.test',
        items[0].subject,
        'Failed',
        '9',
        '550 Mailbox unavailable',
      ],
      [
        at(items[1].createdAt),
        'Reference decided',
        'rita@clinique.test',
        items[1].subject,
        `RetryingNext attempt ${at(items[1].nextAttemptAt!)}`,
        '2',
        'connect ECONNREFUSED 127.0.0.1:1025',
      ],
      [
        at(items[2].createdAt),
        'Access approved',
        'ana@example.org',
        items[2].subject,
        `SentSent ${at(items[2].sentAt!)}`,
        '1',
        '—',
      ],
    ]);
    // Each state's tag carries an icon besides its colour and word.
    for (const tag of within(table).getAllByTestId('mail-state')) expect(tag.querySelector('.anticon')).not.toBeNull();
    expect(listRequests()).toContainEqual({ page: 1, pageSize: 20 });

    const failed = await screen.findByTestId('mail-failed');
    expect(failed.textContent).toBe('2 messages failed');
    fireEvent.click(failed);
    await waitFor(() => expect(locationOf(router)).toBe('/app/mail?state=failed'));
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ state: 'failed', page: 1, pageSize: 20 }));
    await waitFor(() => expect(cellTexts(screen.getByTestId('list-table'))).toHaveLength(1));
    // The failed ones are the list shown: the count has done its work.
    expect(screen.queryByTestId('mail-failed')).toBeNull();
    expect(within(screen.getByTestId('filter-state')).getByText('Failed')).toBeTruthy();
  });

  it('filters by state from the filter, kept in the URL', async () => {
    serve();
    const { router } = await renderList(mail, '/app/mail');
    await screen.findByTestId('mail-failed');
    fireEvent.mouseDown(within(screen.getByTestId('filter-state')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Retrying'));
    await waitFor(() => expect(locationOf(router)).toBe('/app/mail?state=retrying'));
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ state: 'retrying', page: 1, pageSize: 20 }));
    await waitFor(() => expect(cellTexts(screen.getByTestId('list-table'))).toHaveLength(1));
    // Failures are still one click away while another state is shown.
    expect(screen.getByTestId('mail-failed').textContent).toBe('2 messages failed');
  });

  it('speaks French, and shows each message as a card on a phone', async () => {
    restore = windowWidth(NARROW);
    await act(() => i18n.changeLanguage('fr'));
    serve();
    await renderList(mail, '/app/mail');
    const cards = await screen.findAllByTestId('list-card');
    expect(cards).toHaveLength(3);
    expect(screen.queryByTestId('list-table')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('File des courriels');
    expect((await screen.findByTestId('mail-failed')).textContent).toBe('2 messages en échec');
    const first = within(cards[0]);
    expect(first.getByText('En échec')).toBeTruthy();
    expect(first.getByText('Nouvelle référence')).toBeTruthy();
    const labels = [...cards[1].querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Type', 'Destinataires', 'Objet', 'État', 'Tentatives', 'Dernière erreur']);
    expect(within(cards[1]).getByText('Nouvel essai prévu')).toBeTruthy();
    expect(
      within(cards[1]).getByText(`Prochaine tentative le ${formatDateTime(items[1].nextAttemptAt!, 'fr')}`),
    ).toBeTruthy();
  });
});
