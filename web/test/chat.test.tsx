// Tests of the chat showcase: its sample, grouping, search and answers, its session, and the page in the router.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import {
  COLLEAGUES,
  generateChat,
  REPLY_KEYS,
  trailingTheirs,
  type ChatMessage,
  type Conversation,
} from '../src/showcase/chat/sample';
import {
  CHAT_STORAGE_KEY,
  chatSession,
  createChatSession,
  REPLY_DELAY_MS,
  type ChatStorage,
} from '../src/showcase/chat/session';
import {
  byRecency,
  chooseReply,
  formatDay,
  formatTime,
  groupByDay,
  initials,
  listTime,
  searchConversations,
} from '../src/showcase/chat/threads';
import { routes } from '../src/shell/routes';
import { locationOf, renderRoutes } from './renderApp';

/** A Wednesday afternoon, local time. */
const NOW = new Date(2026, 2, 11, 14, 30);
const DAY = 24 * 60 * 60 * 1000;

const message = (at: Date, from: ChatMessage['from'] = 'them'): ChatMessage => ({
  id: `m-${at.getTime()}`,
  from,
  at: at.toISOString(),
  text: 'x',
});

function memoryStorage(): ChatStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('chat sample', () => {
  it('is the same for the same seed and now, and another for another seed', () => {
    const first = generateChat({ seed: 7, now: NOW });
    expect(generateChat({ seed: 7, now: NOW.toISOString() })).toEqual(first);
    expect(generateChat({ seed: 8, now: NOW })).not.toEqual(first);
  });

  it('has one conversation per colleague, messages in order over the last ten days, some unread', () => {
    for (const seed of [1, 2, 3, 2026]) {
      const conversations = generateChat({ seed, now: NOW });
      expect(conversations.map((c) => c.id)).toEqual(COLLEAGUES.map((c) => c.id));
      for (const conversation of conversations) {
        const times = conversation.messages.map((m) => Date.parse(m.at));
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
        expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 11 * DAY);
        expect(conversation.unread).toBeLessThanOrEqual(trailingTheirs(conversation.messages));
        expect(new Set(conversation.messages.map((m) => m.id)).size).toBe(conversation.messages.length);
      }
      expect(conversations.filter((c) => c.unread > 0).length).toBeGreaterThanOrEqual(2);
      // Today, yesterday and earlier days all appear, so the threads show each kind of day separator.
      const kinds = new Set(conversations.flatMap((c) => groupByDay(c.messages, NOW).map((day) => day.kind)));
      expect([...kinds].sort()).toEqual(['date', 'today', 'yesterday']);
    }
  });
});

describe('chat logic', () => {
  it('groups a thread by local day: today, yesterday, then dates in the language', () => {
    const messages = [
      message(new Date(2026, 2, 6, 9, 0)),
      message(new Date(2026, 2, 6, 9, 5), 'me'),
      message(new Date(2026, 2, 10, 17, 0)),
      message(new Date(2026, 2, 11, 8, 0), 'me'),
      message(new Date(2026, 2, 11, 8, 2)),
    ];
    const days = groupByDay(messages, NOW);
    expect(days.map((day) => [day.day, day.kind, day.messages.length])).toEqual([
      ['2026-03-06', 'date', 2],
      ['2026-03-10', 'yesterday', 1],
      ['2026-03-11', 'today', 2],
    ]);
    expect(formatDay(days[0].date, NOW, 'en')).toBe('Friday, March 6');
    expect(formatDay(days[0].date, NOW, 'fr')).toBe('vendredi 6 mars');
    expect(formatDay(new Date(2025, 11, 30), NOW, 'en')).toBe('Tuesday, December 30, 2025');
    expect(formatTime(new Date(2026, 2, 11, 14, 5).toISOString(), 'fr')).toBe('14 h 05');
  });

  it("says when a conversation's last message came as its list item shows it", () => {
    expect(listTime(new Date(2026, 2, 11, 9, 7).toISOString(), NOW, 'en')).toEqual({
      kind: 'today',
      text: '9:07 a.m.',
    });
    expect(listTime(new Date(2026, 2, 10, 23, 59).toISOString(), NOW, 'en').kind).toBe('yesterday');
    expect(listTime(new Date(2026, 2, 9, 10, 0).toISOString(), NOW, 'fr')).toEqual({ kind: 'date', text: 'lun.' });
    expect(listTime(new Date(2026, 1, 20, 10, 0).toISOString(), NOW, 'en')).toEqual({ kind: 'date', text: 'Feb 20' });
  });

  it("searches by the colleague's name, accents and case aside", () => {
    const conversations = generateChat({ seed: 1, now: NOW });
    const ids = (query: string) => searchConversations(conversations, query).map((c) => c.id);
    expect(ids('cote')).toEqual(['olivier-cote']);
    expect(ids('ÉMILIE')).toEqual(['emilie-bouchard']);
    expect(ids('marc andre')).toEqual(['marc-andre-gagnon']);
    expect(ids('levesque')).toEqual(['jean-francois-levesque']);
    expect(ids('zzz')).toEqual([]);
    expect(ids('  ')).toHaveLength(COLLEAGUES.length);
  });

  it('orders conversations by their last message, newest first', () => {
    const conversations: Conversation[] = [
      { id: 'a', unread: 0, messages: [message(new Date(2026, 2, 9))] },
      { id: 'b', unread: 0, messages: [message(new Date(2026, 2, 11))] },
      { id: 'c', unread: 0, messages: [message(new Date(2026, 2, 10))] },
    ];
    expect(byRecency(conversations).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('chooses the same answer for the same seed, conversation and count, never the same twice in a row', () => {
    const answers = Array.from({ length: 30 }, (_, i) => chooseReply(5, 'olivier-cote', i + 1));
    expect(Array.from({ length: 30 }, (_, i) => chooseReply(5, 'olivier-cote', i + 1))).toEqual(answers);
    expect(answers.every((key) => REPLY_KEYS.includes(key))).toBe(true);
    expect(answers.slice(1).every((key, i) => key !== answers[i])).toBe(true);
    expect(new Set(answers).size).toBeGreaterThan(3);
  });

  it('makes initials from the first and last words', () => {
    expect(initials('Marc-André Gagnon')).toBe('MG');
    expect(initials('Émilie Bouchard')).toBe('ÉB');
    expect(initials('Priya')).toBe('P');
  });
});

describe('chat session', () => {
  afterEach(() => void vi.useRealTimers());

  it('sends, shows the colleague typing, then their answer, unread unless the conversation is on screen', () => {
    vi.useFakeTimers({ now: NOW });
    const storage = memoryStorage();
    const session = createChatSession({ seed: 3, now: NOW, storage });
    const id = 'priya-raman';
    const before = session.getSnapshot().conversations.find((c) => c.id === id)!;

    expect(session.send(id, '   \n ')).toBe(false);
    expect(session.send('nobody', 'Hello')).toBe(false);
    expect(session.send(id, '  Visit moved to Wednesday\nat 10  ')).toBe(true);
    let conversation = session.getSnapshot().conversations.find((c) => c.id === id)!;
    expect(conversation.messages.at(-1)).toMatchObject({
      from: 'me',
      text: 'Visit moved to Wednesday\nat 10',
    });
    expect(conversation.unread).toBe(0);
    expect(session.getSnapshot().typing).toEqual([id]);

    vi.advanceTimersByTime(REPLY_DELAY_MS);
    conversation = session.getSnapshot().conversations.find((c) => c.id === id)!;
    const sent = conversation.messages.filter((m) => m.from === 'me').length;
    expect(conversation.messages.at(-1)).toMatchObject({
      from: 'them',
      key: chooseReply(3, id, sent),
    });
    expect(conversation.messages).toHaveLength(before.messages.length + 2);
    expect(conversation.unread).toBe(1);
    expect(session.getSnapshot().typing).toEqual([]);

    session.view(id);
    expect(session.getSnapshot().conversations.find((c) => c.id === id)!.unread).toBe(0);
    session.send(id, 'Thanks');
    vi.advanceTimersByTime(REPLY_DELAY_MS);
    expect(session.getSnapshot().conversations.find((c) => c.id === id)!.unread).toBe(0);

    // The session is taken up again from storage, with its own "now".
    const again = createChatSession({
      seed: 3,
      now: new Date(2030, 0, 1),
      storage,
    });
    expect(again.now).toBe(NOW.toISOString());
    expect(again.getSnapshot().conversations).toEqual(session.getSnapshot().conversations);
    // Another seed's session, or one that cannot be read, is not.
    expect(createChatSession({ seed: 4, now: NOW, storage }).getSnapshot().conversations).toEqual(
      generateChat({ seed: 4, now: NOW }),
    );
    storage.items.set(CHAT_STORAGE_KEY, '{"format":1,"seed":3}');
    expect(createChatSession({ seed: 3, now: NOW, storage }).getSnapshot().conversations).toEqual(
      generateChat({ seed: 3, now: NOW }),
    );
  });

  it('answers once after messages sent in a row, and forgets everything on reset', () => {
    vi.useFakeTimers({ now: NOW });
    const storage = memoryStorage();
    const session = createChatSession({ seed: 3, now: NOW, storage });
    const id = 'amelie-roy';
    const length = () => session.getSnapshot().conversations.find((c) => c.id === id)!.messages.length;
    const start = length();
    session.send(id, 'One');
    vi.advanceTimersByTime(REPLY_DELAY_MS - 100);
    session.send(id, 'Two');
    vi.advanceTimersByTime(REPLY_DELAY_MS - 100);
    expect(length()).toBe(start + 2);
    vi.advanceTimersByTime(100);
    expect(length()).toBe(start + 3);

    session.send(id, 'Three');
    session.reset();
    vi.advanceTimersByTime(REPLY_DELAY_MS * 2);
    expect(length()).toBe(start);
    expect(storage.items.has(CHAT_STORAGE_KEY)).toBe(false);
  });
});

describe('chat page', () => {
  beforeAll(async () => {
    await initFirebase();
    await act(() => i18n.changeLanguage('en'));
  });

  beforeEach(() => {
    sessionStorage.clear();
    chatSession().reset();
  });

  const items = () => screen.getAllByTestId('chat-conversation');
  const open = async () => {
    // The first page transforms the shell's and the page's modules: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Chat' });
    expect(screen.getByTestId('sample-data')).toBeTruthy();
  };

  it('lists the conversations, newest first, and the search narrows them by name', async () => {
    await renderRoutes(routes, '/apps/chat');
    await open();
    const expected = byRecency(chatSession().getSnapshot().conversations).map((c) => c.id);
    expect(items().map((item) => item.dataset.id)).toEqual(expected);
    expect(screen.getByText('Choose a conversation to read it')).toBeTruthy();

    const search = screen.getByTestId('chat-search');
    expect(search.tagName).toBe('INPUT');
    fireEvent.change(search, { target: { value: 'cote' } });
    expect(items()).toHaveLength(1);
    expect(items()[0].textContent).toContain('Olivier Côté');
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.queryAllByTestId('chat-conversation')).toHaveLength(0);
    expect(screen.getByText('No colleague matches “nobody”')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(items()).toHaveLength(COLLEAGUES.length);
  });

  it('opens an unread conversation: its count clears, the URL keeps it, its days are separated', async () => {
    const { router } = await renderRoutes(routes, '/apps/chat');
    await open();
    const unread = chatSession()
      .getSnapshot()
      .conversations.find((c) => c.unread > 0)!;
    const name = COLLEAGUES.find((c) => c.id === unread.id)!.name;
    // Its name is what it shows (name, time, last message) and its unread count in words.
    const label = new RegExp(`^${name}.*${unread.unread} unread message${unread.unread > 1 ? 's' : ''}$`);
    const item = screen.getByRole('button', { name: label });
    expect(within(item).getByTestId('chat-unread')).toBeTruthy();
    expect(item.getAttribute('aria-current')).toBeNull();

    fireEvent.click(item);
    await waitFor(() => expect(within(item).queryByTestId('chat-unread')).toBeNull());
    expect(screen.getByRole('button', { name: new RegExp(`^${name}(?!.*unread)`) })).toBe(item);
    expect(item.getAttribute('aria-current')).toBe('true');
    expect(locationOf(router)).toBe(`/apps/chat?c=${unread.id}`);
    expect(
      chatSession()
        .getSnapshot()
        .conversations.find((c) => c.id === unread.id)!.unread,
    ).toBe(0);

    const thread = screen.getByTestId('chat-thread');
    expect(thread.getAttribute('role')).toBe('log');
    expect(thread.getAttribute('aria-live')).toBe('polite');
    expect(thread.getAttribute('aria-label')).toBe(`Messages with ${name}`);
    expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(within(thread).getAllByTestId('chat-message')).toHaveLength(unread.messages.length);

    const now = new Date();
    const labels = groupByDay(unread.messages, now).map((day) =>
      day.kind === 'today' ? 'Today' : day.kind === 'yesterday' ? 'Yesterday' : formatDay(day.date, now, 'en'),
    );
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(
      within(thread)
        .getAllByTestId('chat-day')
        .map((day) => day.textContent),
    ).toEqual(labels);
  });

  it('sends on Enter, adds a line on Shift+Enter, keeps the focus in the composer, and the colleague answers', async () => {
    const id = 'olivier-cote';
    await renderRoutes(routes, `/apps/chat?c=${id}`);
    await open();
    const thread = screen.getByTestId('chat-thread');
    const mine = () =>
      within(thread)
        .queryAllByTestId('chat-message')
        .filter((m) => m.dataset.from === 'me');
    const count = mine().length;
    const composer = screen.getByLabelText('Message to Olivier Côté') as HTMLTextAreaElement;
    expect(screen.getByTestId('chat-composer')).toBe(composer);
    const user = userEvent.setup({ delay: null });

    // An empty message is not sent.
    await user.click(composer);
    await user.keyboard('{Enter}');
    expect(mine()).toHaveLength(count);
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    await user.type(composer, 'Hi{Shift>}{Enter}{/Shift}all');
    expect(composer.value).toBe('Hi\nall');
    expect(mine()).toHaveLength(count);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(mine()).toHaveLength(count + 1));
    expect(mine().at(-1)!.textContent).toContain('Hi\nall');
    expect(composer.value).toBe('');
    expect(document.activeElement).toBe(composer);

    expect(within(thread).getByTestId('chat-typing').textContent).toBe('Olivier Côté is typing…');
    const sent = chatSession()
      .getSnapshot()
      .conversations.find((c) => c.id === id)!
      .messages.filter((m) => m.from === 'me').length;
    const reply = i18n.t(chooseReply(chatSession().seed, id, sent));
    await waitFor(() => expect(within(thread).queryByTestId('chat-typing')).toBeNull());
    const last = within(thread).getAllByTestId('chat-message').at(-1)!;
    expect(last.dataset.from).toBe('them');
    expect(last.textContent).toContain(reply);
    // Read as it arrives: the conversation is on screen.
    expect(within(screen.getByRole('button', { name: /^Olivier Côté/ })).queryByTestId('chat-unread')).toBeNull();

    // The Send button sends too, and the focus goes back to the composer.
    await user.type(composer, 'Ok');
    await user.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(mine()).toHaveLength(count + 2));
    expect(document.activeElement).toBe(composer);
  });

  it('shows one pane at a time on a narrow screen, with a way back to the list', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...wide(query),
      matches: query === '(max-width: 639px)',
    });
    try {
      const { router } = await renderRoutes(routes, '/apps/chat');
      await open();
      expect(items()).toHaveLength(COLLEAGUES.length);
      expect(screen.queryByTestId('chat-thread')).toBeNull();

      const id = 'nathalie-pelletier';
      fireEvent.click(items().find((item) => item.dataset.id === id)!);
      await screen.findByTestId('chat-thread');
      expect(screen.queryAllByTestId('chat-conversation')).toHaveLength(0);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('chat-composer')));

      fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
      await waitFor(() => expect(items()).toHaveLength(COLLEAGUES.length));
      expect(screen.queryByTestId('chat-thread')).toBeNull();
      expect(locationOf(router)).toBe('/apps/chat');
      await waitFor(() => expect((document.activeElement as HTMLElement).dataset.id).toBe(id));
    } finally {
      window.matchMedia = wide;
    }
  });
});
