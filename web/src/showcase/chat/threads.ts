// The chat's pure logic: conversations by recency and searched by name, a thread by day, dates and the reply chosen.
import { normalizeSearch } from '@trialdesk/shared';
import { localeOf } from '../../ui/format';
import { mulberry32 } from '../ecommerce/random';
import { colleagueOf, REPLY_KEYS, type ChatMessage, type Conversation, type ReplyKey } from './sample';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last message of a conversation, or undefined when it has none. */
export const lastMessageOf = (conversation: Conversation): ChatMessage | undefined =>
  conversation.messages[conversation.messages.length - 1];

/** The conversations with the latest message first (ties by id, so the order is stable). */
export function byRecency(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => {
    const [x, y] = [lastMessageOf(a)?.at ?? '', lastMessageOf(b)?.at ?? ''];
    return x < y ? 1 : x > y ? -1 : a.id.localeCompare(b.id);
  });
}

/** The conversations whose colleague's name holds the query, accents and case aside ("cote" finds "Côté"). */
export function searchConversations(conversations: readonly Conversation[], query: string): Conversation[] {
  const key = normalizeSearch(query);
  if (!key) return [...conversations];
  return conversations.filter((conversation) =>
    normalizeSearch(colleagueOf(conversation.id)?.name ?? '').includes(key),
  );
}

/** A name's initials for its avatar: the first letter of its first and last words ("Marc-André Gagnon" -> "MG"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Local midnight of an instant's day. */
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** How many calendar days (local time) `date` is before `now`: 0 today, 1 yesterday. */
export function daysBefore(date: Date, now: Date): number {
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / DAY_MS);
}

export type DayKind = 'today' | 'yesterday' | 'date';

export interface DayGroup {
  /** The local day, YYYY-MM-DD (unique in a thread). */
  day: string;
  kind: DayKind;
  /** Local midnight of the day. */
  date: Date;
  messages: ChatMessage[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A thread's messages grouped by local day, in order, each day said as today, yesterday or a date. */
export function groupByDay(messages: readonly ChatMessage[], now: Date): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const date = startOfDay(new Date(message.at));
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    const current = groups[groups.length - 1];
    if (current?.day === day) {
      current.messages.push(message);
      continue;
    }
    const before = daysBefore(date, now);
    groups.push({ day, date, kind: before === 0 ? 'today' : before === 1 ? 'yesterday' : 'date', messages: [message] });
  }
  return groups;
}

/** A day separator's date: "Monday, March 9" or "lundi 9 mars", with the year when it is not this year's. */
export function formatDay(date: Date, now: Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

/** A message's time of day: "2:05 p.m." or "14 h 05". */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** When a conversation's last message came, as its list item shows it: a time today, "yesterday", a weekday, a date. */
export function listTime(iso: string, now: Date, language: string): { kind: DayKind; text: string } {
  const date = new Date(iso);
  const before = daysBefore(date, now);
  if (before <= 0) return { kind: 'today', text: formatTime(iso, language) };
  if (before === 1) return { kind: 'yesterday', text: '' };
  const options: Intl.DateTimeFormatOptions = before < 7 ? { weekday: 'short' } : { month: 'short', day: 'numeric' };
  return { kind: 'date', text: new Intl.DateTimeFormat(localeOf(language), options).format(date) };
}

/** A number from a text, the same for the same text (FNV-1a), to seed a choice with a conversation's id. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The colleague's answer to the `sent`-th message sent in a conversation (1 for the first): the same for the same
 * seed, conversation and count, and not the same answer twice in a row.
 */
export function chooseReply(seed: number, conversationId: string, sent: number): ReplyKey {
  const base = seed ^ hashOf(conversationId);
  let index = -1;
  for (let count = 1; count <= Math.max(1, sent); count++) {
    const drawn = Math.floor(mulberry32(base + count)() * REPLY_KEYS.length);
    index = drawn === index ? (drawn + 1) % REPLY_KEYS.length : drawn;
  }
  return REPLY_KEYS[index];
}
