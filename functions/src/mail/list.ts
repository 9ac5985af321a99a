// mail-list: the Admins' mail queue, newest first, by delivery state; never a message's body (docs/mail.md).
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { MAIL_COLLECTION, type ListResponse, type MailItem, type MailListQuery } from '@trialdesk/shared';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { iso } from '../common/records.js';

export const mailShape: QueryShape<'createdAt:desc'> = {
  collection: MAIL_COLLECTION,
  filters: [{ field: 'delivery.state', op: '==' }],
  sorts: { 'createdAt:desc': { field: 'createdAt', direction: 'desc' } },
};

/** What a page reads of each message: the body (text, HTML) and the link stay in the document. */
const FIELDS = ['kind', 'to', 'language', 'message.subject', 'createdAt', 'delivery'] as const;

/** A time that may be unset: null rather than the empty string `iso` gives. */
const isoOrNull = (value: unknown): string | null => iso(value) || null;

function toItem(snap: DocumentSnapshot): MailItem {
  const data = snap.data() ?? {};
  const delivery = data.delivery ?? {};
  return {
    id: snap.id,
    kind: data.kind,
    to: data.to ?? [],
    subject: data.message?.subject ?? '',
    language: data.language,
    createdAt: iso(data.createdAt),
    state: delivery.state,
    attempts: delivery.attempts ?? 0,
    lastError: delivery.lastError ?? null,
    lastAttemptAt: isoOrNull(delivery.lastAttemptAt),
    nextAttemptAt: isoOrNull(delivery.nextAttemptAt),
    sentAt: isoOrNull(delivery.sentAt),
  };
}

export function listMail(q: MailListQuery): Promise<ListResponse<MailItem>> {
  const query = shapedQuery(mailShape, { 'delivery.state': q.state }, 'createdAt:desc');
  return runList(mailShape.collection, query, q, (docs) => docs.map(toItem), FIELDS);
}
