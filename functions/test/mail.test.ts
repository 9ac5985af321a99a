// Sending the `mail` documents (mail-send, mail-retry) through a real SMTP server (maildev) and firebase-tools'
// Cloud Tasks emulator, and the Admins' queue (mail-list).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { MAIL_COLLECTION, NEW_DELIVERY, MAIL_GIVE_UP_MS, type MailDocument, type MailState } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import { LEASE_MS } from '../src/mail/deliver.js';
import { MISSED_AFTER_MS, requeueMissed, send, sweep } from '../src/mail/functions.js';
import { call, callError, expectError, persona, useProject, type Persona } from './helpers.js';
import { startMailDelivery, type MailDelivery } from './mailDelivery.js';

const wrapper = useProject('mail');
const sendMail = wrapper.wrap(send) as unknown as (event: { params: { id: string } }) => Promise<void>;

let delivery: MailDelivery;
let admin: Persona;
let editor: Persona;

beforeAll(async () => {
  delivery = await startMailDelivery();
  [admin, editor] = await Promise.all([persona('admin'), persona('editor')]);
});
afterAll(() => delivery?.stop());

let count = 0;

/** How long a wait for a delivery may take on a busy machine (attempts are a second or two apart here). */
const WAIT = { timeout: 100_000, interval: 100 };

/** A new `mail/{id}` as queueMail writes one (pending), to an address of its own; `createdAt` may be set. */
async function newMail(
  createdAt = Timestamp.now(),
): Promise<{ id: string; to: string; subject: string; text: string }> {
  count += 1;
  const to = `person${count}@clinic.test`;
  const subject = `Référence reçue nº ${count}`;
  const text = `Une référence est arrivée (nº ${count}).`;
  const document: MailDocument = {
    kind: 'referralReceived',
    to: [to],
    language: 'fr',
    message: {
      subject,
      text,
      html: `<p>Une référence est arrivée (nº&nbsp;${count}).</p>`,
    },
    link: 'http://127.0.0.1:5000/app/references/r1',
    createdAt,
    delivery: NEW_DELIVERY,
  };
  const ref = db().collection(MAIL_COLLECTION).doc();
  await ref.create(document);
  return { id: ref.id, to, subject, text };
}

const deliveryOf = async (id: string) =>
  ((await db().collection(MAIL_COLLECTION).doc(id).get()).data() as MailDocument<Timestamp>).delivery;
const stateOf = async (id: string): Promise<MailState> => (await deliveryOf(id)).state;
/** Whether the retry queue's last dispatch for `id` ended it (2xx: nothing left to retry). */
const retriesEnded = (id: string) => delivery.dispatches.some((d) => d.id === id && d.status < 300);

describe('mail-send', () => {
  it('sends a new message with its text and HTML to its recipient and records it sent', async () => {
    const mail = await newMail();
    await sendMail({ params: { id: mail.id } });
    const stored = await deliveryOf(mail.id);
    expect(stored).toMatchObject({ state: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(stored.sentAt).toBeInstanceOf(Timestamp);
    expect(stored.lastAttemptAt).toBeInstanceOf(Timestamp);
    await expect.poll(() => delivery.inbox(mail.to).then((m) => m.length), WAIT).toBe(1);
    const [message] = await delivery.inbox(mail.to);
    expect(message.subject).toBe(mail.subject);
    expect(message.text.trim()).toBe(mail.text);
    expect(message.html).toContain('<p>Une référence est arrivée');
    expect(message.from[0]).toEqual({ address: 'no-reply@trialdesk.test', name: 'TrialDesk' });
    // The id the SMTP server was given is the one recorded.
    expect(stored.messageId).toBe(`<${message.messageId}>`);
  });

  it('sends a message once when its event is delivered again while it is being sent', async () => {
    // An SMTP server (maildev's own library) that holds each message until released, and counts what it took.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const received: string[] = [];
    const holding = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, done) => {
        stream.resume();
        stream.on('end', () => {
          void held.then(() => {
            received.push(...session.envelope.rcptTo.map((to) => to.address));
            done();
          });
        });
      },
    });
    await new Promise<void>((done) => holding.listen(0, '127.0.0.1', done));
    const port = process.env.SMTP_PORT;
    process.env.SMTP_PORT = String((holding.server.address() as AddressInfo).port);
    const mail = await newMail();
    try {
      const first = sendMail({ params: { id: mail.id } });
      await expect.poll(() => stateOf(mail.id), WAIT).toBe('sending');
      // The second delivery finds the message claimed: it sends nothing and leaves it to the retry queue.
      await sendMail({ params: { id: mail.id } });
      release();
      await first;
      expect(await deliveryOf(mail.id)).toMatchObject({ state: 'sent', attempts: 1 });
      // The retry it queued ends once it finds the message sent.
      await expect.poll(() => retriesEnded(mail.id), WAIT).toBe(true);
    } finally {
      release();
      process.env.SMTP_PORT = port;
      await new Promise<void>((done) => holding.close(done));
    }
    expect(received).toEqual([mail.to]);
    expect((await deliveryOf(mail.id)).attempts).toBe(1);
  });

  it('retries a message while the SMTP server is down, then sends it once when it is back', async () => {
    await delivery.maildev.stopSmtp();
    const mail = await newMail();
    try {
      await sendMail({ params: { id: mail.id } });
      // Between two attempts: the failure, and when the next is due.
      await expect.poll(async () => (await deliveryOf(mail.id)).attempts, WAIT).toBeGreaterThanOrEqual(2);
      await expect.poll(() => stateOf(mail.id), WAIT).toBe('retrying');
      const stored = await deliveryOf(mail.id);
      expect(stored.lastError).toContain('ECONNREFUSED');
      expect(stored.nextAttemptAt!.toMillis()).toBeGreaterThan(stored.lastAttemptAt!.toMillis());
      expect(stored.sentAt).toBeNull();
    } finally {
      await delivery.maildev.startSmtp();
    }
    await expect.poll(() => stateOf(mail.id), WAIT).toBe('sent');
    await expect.poll(() => retriesEnded(mail.id), WAIT).toBe(true);
    const inbox = await delivery.inbox(mail.to);
    expect(inbox.map((m) => m.subject)).toEqual([mail.subject]);
    const stored = await deliveryOf(mail.id);
    expect(stored.attempts).toBeGreaterThanOrEqual(3);
    expect(stored.messageId).toBe(`<${inbox[0].messageId}>`);
  });

  it('fails a message at once when the server refuses its recipient for good', async () => {
    // An SMTP server (maildev's own library) that knows no recipient: 550, as for an address that does not exist.
    const refusing = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, done) =>
        done(Object.assign(new Error('No such user here'), { responseCode: 550 })),
    });
    await new Promise<void>((done) => refusing.listen(0, '127.0.0.1', done));
    const port = process.env.SMTP_PORT;
    process.env.SMTP_PORT = String((refusing.server.address() as AddressInfo).port);
    const mail = await newMail();
    try {
      await sendMail({ params: { id: mail.id } });
    } finally {
      process.env.SMTP_PORT = port;
      await new Promise<void>((done) => refusing.close(done));
    }
    const stored = await deliveryOf(mail.id);
    expect(stored).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null, sentAt: null });
    expect(stored.lastError).toMatch(/^EENVELOPE: .*550.*No such user here/);
    expect(delivery.dispatches.some((d) => d.id === mail.id)).toBe(false);
  });

  it('claims again a message whose sender died (a claim older than the lease) and sends it once', async () => {
    const mail = await newMail();
    const ref = db().collection(MAIL_COLLECTION).doc(mail.id);
    // As a sender leaves it when it dies between its claim and its outcome: sending, one attempt counted.
    const claimedAt = Timestamp.fromMillis(Date.now() - LEASE_MS - 60_000);
    await ref.update({ 'delivery.state': 'sending', 'delivery.attempts': 1, 'delivery.lastAttemptAt': claimedAt });
    await sendMail({ params: { id: mail.id } });
    const stored = await deliveryOf(mail.id);
    expect(stored).toMatchObject({ state: 'sent', attempts: 2, nextAttemptAt: null });
    expect(stored.lastAttemptAt!.toMillis()).toBeGreaterThan(claimedAt.toMillis());
    await expect.poll(() => delivery.inbox(mail.to).then((m) => m.length), WAIT).toBe(1);
  });

  it('leaves a message whose claim is younger than the lease to the delivery that holds it', async () => {
    const mail = await newMail();
    const ref = db().collection(MAIL_COLLECTION).doc(mail.id);
    const claimedAt = Timestamp.fromMillis(Date.now() - LEASE_MS + 60_000);
    await ref.update({ 'delivery.state': 'sending', 'delivery.attempts': 1, 'delivery.lastAttemptAt': claimedAt });
    await sendMail({ params: { id: mail.id } });
    expect(await deliveryOf(mail.id)).toMatchObject({ state: 'sending', attempts: 1, lastAttemptAt: claimedAt });
    expect(await delivery.inbox(mail.to)).toEqual([]);
  });

  it('gives a message up once a day has passed since it was written', async () => {
    const mail = await newMail(Timestamp.fromMillis(Date.now() - MAIL_GIVE_UP_MS - 60_000));
    await sendMail({ params: { id: mail.id } });
    expect(await deliveryOf(mail.id)).toMatchObject({ state: 'failed', attempts: 0, nextAttemptAt: null });
    expect(await delivery.inbox(mail.to)).toEqual([]);
  });

  it('gives a message up when its next attempt would come after a day', async () => {
    await delivery.maildev.stopSmtp();
    // Half a second left: the next attempt (a second later at the least) would be too late.
    const mail = await newMail(Timestamp.fromMillis(Date.now() - MAIL_GIVE_UP_MS + 500));
    try {
      await sendMail({ params: { id: mail.id } });
    } finally {
      await delivery.maildev.startSmtp();
    }
    const stored = await deliveryOf(mail.id);
    expect(stored).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
    expect(stored.lastError).toContain('ECONNREFUSED');
    expect(delivery.dispatches.some((d) => d.id === mail.id)).toBe(false);
  });
});

describe('mail-sweep', () => {
  const runSweep = () => sweep.run({ scheduleTime: new Date().toISOString(), jobName: 'mail-sweep' } as never);

  it('puts the messages no trigger took on the retry queue, once, and leaves newer and claimed ones', async () => {
    // Written before a deploy (no trigger ran): still pending after the sweep's delay.
    const missed = await newMail(Timestamp.fromMillis(Date.now() - MISSED_AFTER_MS - 60_000));
    // Written a moment ago: its trigger may still be on its way.
    const recent = await newMail(Timestamp.fromMillis(Date.now() - MISSED_AFTER_MS + 60_000));
    // As old, but claimed by a sender that holds it: not the sweep's.
    const claimed = await newMail(Timestamp.fromMillis(Date.now() - MISSED_AFTER_MS - 60_000));
    await db()
      .collection(MAIL_COLLECTION)
      .doc(claimed.id)
      .update({ 'delivery.state': 'sending', 'delivery.attempts': 1, 'delivery.lastAttemptAt': Timestamp.now() });

    await runSweep();
    await expect.poll(() => stateOf(missed.id), WAIT).toBe('sent');
    await expect.poll(() => delivery.inbox(missed.to).then((m) => m.length), WAIT).toBe(1);
    expect(await deliveryOf(missed.id)).toMatchObject({ attempts: 1 });
    expect(delivery.dispatches.some((d) => d.id === recent.id || d.id === claimed.id)).toBe(false);
    expect(await stateOf(recent.id)).toBe('pending');
    expect(await stateOf(claimed.id)).toBe('sending');

    // A second sweep takes none of these: the missed one is sent, the others still not its.
    const again = await requeueMissed(MISSED_AFTER_MS);
    expect(again).not.toContain(missed.id);
    expect(again).not.toContain(recent.id);
    expect(again).not.toContain(claimed.id);
    // The recent one, once as old, is.
    expect(await requeueMissed(MISSED_AFTER_MS - 120_000)).toContain(recent.id);
    await expect.poll(() => stateOf(recent.id), WAIT).toBe('sent');
  });
});

describe('mail-list', () => {
  it('lists the queue newest first for Admins, by state, without any message body', async () => {
    const older = await newMail(Timestamp.fromMillis(Date.now() - 60_000));
    const newer = await newMail();
    await sendMail({ params: { id: newer.id } });
    const all = await call('mail-list', { page: 1, pageSize: 100 }, admin);
    const ids = all.items.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = all.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const item = all.items.find((i) => i.id === newer.id)!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'kind',
        'to',
        'subject',
        'language',
        'createdAt',
        'state',
        'attempts',
        'lastError',
        'lastAttemptAt',
        'nextAttemptAt',
        'sentAt',
      ].sort(),
    );
    expect(item).toMatchObject({ kind: 'referralReceived', to: [newer.to], subject: newer.subject, state: 'sent' });
    expect(item.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const pending = await call('mail-list', { page: 1, pageSize: 100, state: 'pending' }, admin);
    expect(pending.items.map((i) => i.id)).toContain(older.id);
    expect(pending.items.every((i) => i.state === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.items.length);
    const sent = await call('mail-list', { page: 1, pageSize: 100, state: 'sent' }, admin);
    expect(sent.items.map((i) => i.id)).toContain(newer.id);
    expect(sent.items.map((i) => i.id)).not.toContain(older.id);
  });

  it('refuses Editors and bad filters', async () => {
    await expectError(callError('mail-list', { page: 1, pageSize: 10 }, editor), 'permission-denied');
    await expectError(callError('mail-list', { page: 1, pageSize: 10, state: 'lost' }, admin), 'invalid-argument');
  });
});
