// E-mail as documents of the `mail` collection: what causes a message, its delivery states, and the Admins' queue
// screen's list (docs/mail.md).
import { z } from 'zod';
import type { ExportLanguage } from './exports.js';
import { listSchema } from './validation.js';

/** The `mail` collection: each message is written in the same transaction as the change that causes it. */
export const MAIL_COLLECTION = 'mail';

/** Why a message is sent (its template). */
export const MAIL_KINDS = [
  // To the study's contact and the Editors who follow the study.
  'referralReceived',
  // To the referrer, with the coordinator's message.
  'referralDecided',
  // To the Admins.
  'accessRequested',
  // To the person.
  'accessApproved',
  'accessRevoked',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Where a message stands: waiting for its first attempt, being sent, sent, waiting to be tried again after a
 * failure, or given up (a day of failures, or an address the server refused for good).
 */
export const MAIL_STATES = ['pending', 'sending', 'sent', 'retrying', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** How long a message is retried before it is given up. */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;

/** The Admins' mail queue: by state, newest first. */
export const mailListSchema = listSchema({ state: z.enum(MAIL_STATES).optional() });
export type MailListQuery = z.infer<typeof mailListSchema>;

/** A message as the Admins' queue shows it: never its body (which may name a study and a masked patient ID). */
export interface MailItem {
  id: string;
  kind: MailKind;
  to: string[];
  subject: string;
  language: ExportLanguage;
  createdAt: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/**
 * A `mail/{id}` document as stored: one per recipient (each in their own language), written with its text already
 * rendered, in the same transaction as the change that causes it; the sending function fills in `delivery`.
 * Times are Firestore timestamps on the server (strings in MailItem).
 */
export interface MailDocument<Time = unknown> {
  kind: MailKind;
  to: string[];
  language: ExportLanguage;
  message: { subject: string; text: string; html: string };
  /** The screen concerned, as an absolute address of the app. */
  link: string;
  createdAt: Time;
  delivery: {
    state: MailState;
    attempts: number;
    lastError: string | null;
    lastAttemptAt: Time | null;
    nextAttemptAt: Time | null;
    sentAt: Time | null;
    /** The SMTP server's id for the message once sent. */
    messageId: string | null;
  };
}

/** A new message's delivery: waiting for the sending function's first attempt. */
export const NEW_DELIVERY: MailDocument['delivery'] = {
  state: 'pending',
  attempts: 0,
  lastError: null,
  lastAttemptAt: null,
  nextAttemptAt: null,
  sentAt: null,
  messageId: null,
};
