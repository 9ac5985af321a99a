// The chat showcase's sample: a study team's colleagues and their conversations, the same for the same seed and now.
import { mulberry32 } from '../ecommerce/random';
import type words from './words';

type ChatWords = (typeof words)['en']['showcase']['chat'];
/** A dictionary key of a colleague's role. */
export type RoleKey = `showcase.chat.roles.${keyof ChatWords['roles']}`;
/** A dictionary key of a sample message (the conversations' scripts). */
export type MessageKey = `showcase.chat.messages.${keyof ChatWords['messages']}`;
/** A dictionary key of a colleague's answer to a message sent. */
export type ReplyKey = `showcase.chat.replies.${keyof ChatWords['replies']}`;

export interface Colleague {
  /** Also the id of the conversation with them (`?c=<id>`). */
  id: string;
  name: string;
  role: RoleKey;
}

/** One message: the sample's and the answers are dictionary keys (shown in the active language), typed ones text. */
export type ChatMessage = {
  id: string;
  from: 'me' | 'them';
  /** ISO instant. */
  at: string;
} & ({ key: MessageKey | ReplyKey } | { text: string });

export interface Conversation {
  /** The colleague's id. */
  id: string;
  /** Messages in time order, oldest first. */
  messages: ChatMessage[];
  /** How many of the colleague's last messages have not been read. */
  unread: number;
}

/** The study team, in the order their conversations are generated. */
export const COLLEAGUES: readonly Colleague[] = [
  { id: 'genevieve-tremblay', name: 'Geneviève Tremblay', role: 'showcase.chat.roles.coordinator' },
  { id: 'marc-andre-gagnon', name: 'Marc-André Gagnon', role: 'showcase.chat.roles.investigator' },
  { id: 'emilie-bouchard', name: 'Émilie Bouchard', role: 'showcase.chat.roles.dataManager' },
  { id: 'olivier-cote', name: 'Olivier Côté', role: 'showcase.chat.roles.ethicsLiaison' },
  { id: 'nathalie-pelletier', name: 'Nathalie Pelletier', role: 'showcase.chat.roles.pharmacist' },
  { id: 'priya-raman', name: 'Priya Raman', role: 'showcase.chat.roles.monitor' },
  { id: 'jean-francois-levesque', name: 'Jean-François Lévesque', role: 'showcase.chat.roles.biostatistician' },
  { id: 'amelie-roy', name: 'Amélie Roy', role: 'showcase.chat.roles.nurse' },
];

const COLLEAGUES_BY_ID = new Map(COLLEAGUES.map((colleague) => [colleague.id, colleague]));

/** The colleague of a conversation id, or undefined for an id of no colleague. */
export const colleagueOf = (id: string): Colleague | undefined => COLLEAGUES_BY_ID.get(id);

type Line = readonly ['me' | 'them', MessageKey];

/** Each conversation's lines in order; each ends with the colleague's, so some can be unread. */
const SCRIPTS: Record<string, readonly Line[]> = {
  'genevieve-tremblay': [
    ['them', 'showcase.chat.messages.coordinator1'],
    ['me', 'showcase.chat.messages.coordinator2'],
    ['them', 'showcase.chat.messages.coordinator3'],
    ['me', 'showcase.chat.messages.coordinator4'],
    ['them', 'showcase.chat.messages.coordinator5'],
    ['them', 'showcase.chat.messages.coordinator6'],
    ['them', 'showcase.chat.messages.coordinator7'],
  ],
  'marc-andre-gagnon': [
    ['me', 'showcase.chat.messages.investigator1'],
    ['them', 'showcase.chat.messages.investigator2'],
    ['me', 'showcase.chat.messages.investigator3'],
    ['them', 'showcase.chat.messages.investigator4'],
    ['them', 'showcase.chat.messages.investigator5'],
    ['me', 'showcase.chat.messages.investigator6'],
    ['them', 'showcase.chat.messages.investigator7'],
  ],
  'emilie-bouchard': [
    ['them', 'showcase.chat.messages.dataManager1'],
    ['me', 'showcase.chat.messages.dataManager2'],
    ['them', 'showcase.chat.messages.dataManager3'],
    ['me', 'showcase.chat.messages.dataManager4'],
    ['them', 'showcase.chat.messages.dataManager5'],
    ['them', 'showcase.chat.messages.dataManager6'],
    ['them', 'showcase.chat.messages.dataManager7'],
  ],
  'olivier-cote': [
    ['me', 'showcase.chat.messages.ethicsLiaison1'],
    ['them', 'showcase.chat.messages.ethicsLiaison2'],
    ['them', 'showcase.chat.messages.ethicsLiaison3'],
    ['me', 'showcase.chat.messages.ethicsLiaison4'],
    ['them', 'showcase.chat.messages.ethicsLiaison5'],
    ['them', 'showcase.chat.messages.ethicsLiaison6'],
  ],
  'nathalie-pelletier': [
    ['them', 'showcase.chat.messages.pharmacist1'],
    ['them', 'showcase.chat.messages.pharmacist2'],
    ['me', 'showcase.chat.messages.pharmacist3'],
    ['them', 'showcase.chat.messages.pharmacist4'],
    ['me', 'showcase.chat.messages.pharmacist5'],
    ['them', 'showcase.chat.messages.pharmacist6'],
    ['them', 'showcase.chat.messages.pharmacist7'],
  ],
  'priya-raman': [
    ['them', 'showcase.chat.messages.monitor1'],
    ['me', 'showcase.chat.messages.monitor2'],
    ['them', 'showcase.chat.messages.monitor3'],
    ['me', 'showcase.chat.messages.monitor4'],
    ['them', 'showcase.chat.messages.monitor5'],
    ['them', 'showcase.chat.messages.monitor6'],
  ],
  'jean-francois-levesque': [
    ['me', 'showcase.chat.messages.biostatistician1'],
    ['them', 'showcase.chat.messages.biostatistician2'],
    ['me', 'showcase.chat.messages.biostatistician3'],
    ['them', 'showcase.chat.messages.biostatistician4'],
    ['them', 'showcase.chat.messages.biostatistician5'],
    ['them', 'showcase.chat.messages.biostatistician6'],
  ],
  'amelie-roy': [
    ['them', 'showcase.chat.messages.nurse1'],
    ['me', 'showcase.chat.messages.nurse2'],
    ['them', 'showcase.chat.messages.nurse3'],
    ['them', 'showcase.chat.messages.nurse4'],
    ['me', 'showcase.chat.messages.nurse5'],
    ['them', 'showcase.chat.messages.nurse6'],
    ['them', 'showcase.chat.messages.nurse7'],
  ],
};

/** Every key a sample message may hold: what a stored session is checked against. */
export const MESSAGE_KEYS: readonly MessageKey[] = Object.values(SCRIPTS).flatMap((lines) =>
  lines.map(([, key]) => key),
);

/** The colleagues' answers to a message sent, one chosen per message (see `chooseReply`). */
export const REPLY_KEYS: readonly ReplyKey[] = [
  'showcase.chat.replies.gotIt',
  'showcase.chat.replies.afternoon',
  'showcase.chat.replies.agenda',
  'showcase.chat.replies.checkBack',
  'showcase.chat.replies.soundsGood',
  'showcase.chat.replies.tracker',
  'showcase.chat.replies.team',
  'showcase.chat.replies.works',
];

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** The oldest message is at most this many calendar days before now. */
const SPAN_DAYS = 10;

/** The message ids of a conversation: its id and the message's serial number. */
export const messageId = (conversationId: string, serial: number) => `${conversationId}-${serial}`;

/** How many of the conversation's last messages are the colleague's (those that can be unread). */
export function trailingTheirs(messages: readonly Pick<ChatMessage, 'from'>[]): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i].from === 'them'; i--) count++;
  return count;
}

/** Local midnight of the day `days` before the day of `date`. */
const dayStart = (date: Date, days = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);

/** The instants of a script's lines: a few sittings on different days, the last one `lag` minutes before now. */
function instantsOf(count: number, lagMinutes: number, now: Date, next: () => number): Date[] {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  // Two or three sittings, split at distinct points, each with at least one line.
  const sittings = Math.min(count, int(2, 3));
  const cuts = new Set<number>();
  while (cuts.size < sittings - 1) cuts.add(int(1, count - 1));
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), count];

  // The last sitting ends `lag` before now and goes back a few minutes a line.
  const instants: Date[] = [];
  const lastSize = count - bounds[sittings - 1];
  let at = now.getTime() - lagMinutes * MINUTE;
  const last: Date[] = [];
  for (let i = 0; i < lastSize; i++) {
    last.unshift(new Date(at));
    at -= int(1, 20) * MINUTE;
  }
  // Earlier sittings fall on earlier calendar days, within working hours, so they stay before the last one.
  let offset = Math.round((dayStart(now).getTime() - dayStart(new Date(at)).getTime()) / (DAY_MINUTES * MINUTE));
  const earlier: Date[][] = [];
  for (let s = sittings - 2; s >= 0; s--) {
    offset = Math.min(offset + int(1, 3), Math.max(offset + 1, SPAN_DAYS));
    const day = dayStart(now, offset);
    let minute = int(8 * 60 + 15, 16 * 60);
    const sitting: Date[] = [];
    for (let i = bounds[s]; i < bounds[s + 1]; i++) {
      sitting.push(new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minute));
      minute += int(1, 20);
    }
    earlier.unshift(sitting);
  }
  for (const sitting of earlier) instants.push(...sitting);
  instants.push(...last);
  return instants;
}

export interface ChatSampleOptions {
  seed: number;
  /** The sample's "now": messages are spread over the ten days before it. */
  now: Date | string | number;
}

/**
 * The conversations of the sample, one per colleague in COLLEAGUES order: each script's lines at times spread over
 * the last ten days (some today, some yesterday), some of the colleagues' last messages unread.
 */
export function generateChat({ seed, now: nowInput }: ChatSampleOptions): Conversation[] {
  const now = new Date(nowInput);
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

  // Which conversation is the most recent, which the next, and so on (a shuffle of the colleagues).
  const ranks = COLLEAGUES.map((_, i) => i);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = int(0, i);
    [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
  }

  const conversations = COLLEAGUES.map((colleague, i): Conversation => {
    const rank = ranks[i];
    // The first three today (or late yesterday), the others a day or more ago, one day further each.
    const lag =
      rank === 0
        ? int(2, 30)
        : rank < 3
          ? int(rank * 60, rank * 60 + 180)
          : int((rank - 2) * DAY_MINUTES, (rank - 1.5) * DAY_MINUTES);
    const script = SCRIPTS[colleague.id];
    const instants = instantsOf(script.length, lag, now, next);
    const messages = script.map(([from, key], serial): ChatMessage => ({
      id: messageId(colleague.id, serial),
      from,
      at: instants[serial].toISOString(),
      key,
    }));
    return { id: colleague.id, messages, unread: next() < 0.5 ? int(1, trailingTheirs(messages)) : 0 };
  });

  // At least two conversations are unread, so the counts always show.
  for (const conversation of conversations) {
    if (conversations.filter((c) => c.unread > 0).length >= 2) break;
    if (conversation.unread === 0) conversation.unread = trailingTheirs(conversation.messages);
  }
  return conversations;
}
