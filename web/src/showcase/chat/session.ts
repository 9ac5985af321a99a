// The chat showcase's session: the sample's conversations kept in sessionStorage, messages sent and the answers.
import { z } from 'zod';
import {
  browserSessionStore,
  clearSession,
  loadSession,
  saveSession,
  type SessionStore,
} from '../../core/sessionStore';
import { COLLEAGUES, generateChat, MESSAGE_KEYS, messageId, REPLY_KEYS, type Conversation } from './sample';
import { chooseReply } from './threads';

/** Where the session's conversations are kept: the browser's sessionStorage, or a stand-in with the same methods. */
export type ChatStorage = SessionStore;

/** The one storage key of the chat's session. */
export const CHAT_STORAGE_KEY = 'trialdesk.demo.chat';
/** How long a colleague "types" before answering. */
export const REPLY_DELAY_MS = 1500;
/** The longest message the composer takes. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The sample's seed: every browser session starts from the same conversations. */
const CHAT_SEED = 2026;

export interface ChatSnapshot {
  /** One per colleague, in COLLEAGUES order. */
  conversations: readonly Conversation[];
  /** The ids of the conversations whose colleague is writing an answer. */
  typing: readonly string[];
}

export interface ChatSessionOptions {
  /** The sample's seed: the same seed and `now` give the same conversations. */
  seed: number;
  /** The sample's "now"; a stored session of the same seed is taken up again with its own. */
  now: Date | string | number;
  /** sessionStorage when the browser has one (the default); null keeps the session in memory only. */
  storage?: ChatStorage | null;
  /** The time of the messages sent and of the answers. */
  clock?: () => Date;
  replyDelayMs?: number;
}

export interface ChatSession {
  /** The seed and instant the sample was generated from. */
  readonly seed: number;
  readonly now: string;
  /** The same object until something changes (what React's useSyncExternalStore asks). */
  getSnapshot(): ChatSnapshot;
  subscribe(listener: () => void): () => void;
  /** The conversation on screen, or null: its unread count is cleared, and its answers arrive read. */
  view(id: string | null): void;
  /** Sends a message, then the colleague types and answers; false (nothing sent) for a blank one or an unknown id. */
  send(id: string, text: string): boolean;
  /** Back to the sample as generated: the session's messages are forgotten, pending answers dropped. */
  reset(): void;
}

// ---- storage ----

const SESSION_FORMAT = 1;
const baseMessage = { id: z.string(), from: z.enum(['me', 'them']), at: z.iso.datetime() };
const sessionSchema = z.strictObject({
  format: z.literal(SESSION_FORMAT),
  seed: z.number(),
  now: z.iso.datetime(),
  conversations: z
    .array(
      z.strictObject({
        id: z.enum(COLLEAGUES.map((colleague) => colleague.id)),
        unread: z.number().int().min(0),
        messages: z.array(
          z.union([
            z.strictObject({ ...baseMessage, key: z.enum([...MESSAGE_KEYS, ...REPLY_KEYS]) }),
            z.strictObject({ ...baseMessage, text: z.string().min(1).max(MESSAGE_MAX_LENGTH) }),
          ]),
        ),
      }),
    )
    // One conversation per colleague, in their order.
    .refine((list) => list.map((c) => c.id).join() === COLLEAGUES.map((c) => c.id).join()),
});
type Stored = { format: typeof SESSION_FORMAT; seed: number; now: string; conversations: Conversation[] };

/** Whether a stored value is a session of this seed. */
const sessionOf =
  (seed: number) =>
  (value: unknown): value is Stored => {
    const parsed = sessionSchema.safeParse(value);
    return parsed.success && parsed.data.seed === seed;
  };

// ---- the session ----

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { seed } = options;
  const storage = options.storage === undefined ? browserSessionStore() : options.storage;
  const clock = options.clock ?? (() => new Date());
  const delay = options.replyDelayMs ?? REPLY_DELAY_MS;
  const stored = loadSession(storage, CHAT_STORAGE_KEY, sessionOf(seed));
  const now = stored?.now ?? new Date(options.now).toISOString();

  let snapshot: ChatSnapshot = { conversations: stored?.conversations ?? generateChat({ seed, now }), typing: [] };
  let viewing: string | null = null;
  const listeners = new Set<() => void>();
  /** Each conversation's pending answer. */
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const save = () => {
    const session: Stored = { format: SESSION_FORMAT, seed, now, conversations: [...snapshot.conversations] };
    saveSession(storage, CHAT_STORAGE_KEY, session);
  };

  const commit = (next: ChatSnapshot, persist: boolean) => {
    snapshot = next;
    if (persist) save();
    for (const listener of [...listeners]) listener();
  };

  /** The snapshot with one conversation changed. */
  const changed = (id: string, change: (conversation: Conversation) => Conversation): ChatSnapshot => ({
    ...snapshot,
    conversations: snapshot.conversations.map((conversation) =>
      conversation.id === id ? change(conversation) : conversation,
    ),
  });

  const find = (id: string) => snapshot.conversations.find((conversation) => conversation.id === id);

  const answer = (id: string) => {
    timers.delete(id);
    const conversation = find(id);
    if (!conversation) return;
    const sent = conversation.messages.filter((message) => message.from === 'me').length;
    const next = changed(id, (c) => ({
      ...c,
      messages: [
        ...c.messages,
        {
          id: messageId(id, c.messages.length),
          from: 'them',
          at: clock().toISOString(),
          key: chooseReply(seed, id, sent),
        },
      ],
      unread: viewing === id ? 0 : c.unread + 1,
    }));
    commit({ ...next, typing: next.typing.filter((typing) => typing !== id) }, true);
  };

  return {
    seed,
    now,
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: (id) => {
      viewing = id;
      if (id !== null && (find(id)?.unread ?? 0) > 0)
        commit(
          changed(id, (c) => ({ ...c, unread: 0 })),
          true,
        );
    },
    send: (id, text) => {
      const body = text.trim().slice(0, MESSAGE_MAX_LENGTH);
      if (!body || !find(id)) return false;
      const next = changed(id, (c) => ({
        ...c,
        messages: [
          ...c.messages,
          { id: messageId(id, c.messages.length), from: 'me', at: clock().toISOString(), text: body },
        ],
        // Writing to a colleague reads what they sent.
        unread: 0,
      }));
      commit({ ...next, typing: next.typing.includes(id) ? next.typing : [...next.typing, id] }, true);
      // Messages sent in a row get one answer, after the last.
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => answer(id), delay),
      );
      return true;
    },
    reset: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      clearSession(storage, CHAT_STORAGE_KEY);
      commit({ conversations: generateChat({ seed, now }), typing: [] }, false);
    },
  };
}

let session: ChatSession | undefined;
/** The browser session's chat, made on first use (the sample is generated only when the chat page opens). */
export const chatSession = (): ChatSession => (session ??= createChatSession({ seed: CHAT_SEED, now: new Date() }));
