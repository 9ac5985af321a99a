// Queues e-mail: one `mail/{id}` document per recipient, rendered in their language, written in the transaction of
// the change that causes it (docs/mail.md, "What is written"). The only writer of new mail documents.
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import {
  MAIL_COLLECTION,
  NEW_DELIVERY,
  type ExportLanguage,
  type MailDocument,
  type MailKind,
} from '@trialdesk/shared';
import { db } from '../common/firebase.js';
import { appLink } from './config.js';
import { MAIL_PATHS, renderMail, type MailParams } from './templates.js';

/** Who a message goes to: an address and the language TrialDesk writes to them in (null: unknown, both languages). */
export interface Recipient {
  email: string;
  language: ExportLanguage | null;
}

/**
 * Adds one message of `kind` per recipient to the transaction `tx` (so a change that fails sends nothing, and one
 * that commits loses no message). A recipient named twice (an address compared without case) gets one message;
 * answers the ids of the documents written. `tx.create`, so a message is never overwritten.
 */
export function queueMail<K extends MailKind>(
  tx: Transaction,
  kind: K,
  recipients: readonly Recipient[],
  params: MailParams[K],
): string[] {
  const link = appLink(MAIL_PATHS[kind](params));
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const recipient of recipients) {
    const address = recipient.email.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    const ref = db().collection(MAIL_COLLECTION).doc();
    const document: MailDocument = {
      kind,
      to: [address],
      // A message in both languages is recorded as English, the first it is written in.
      language: recipient.language ?? 'en',
      message: renderMail(kind, recipient.language, params, link),
      link,
      createdAt: FieldValue.serverTimestamp(),
      delivery: NEW_DELIVERY,
    };
    tx.create(ref, document);
    ids.push(ref.id);
  }
  return ids;
}
