// Mail through the whole local stack: a `mail/{id}` written to the built-in Firestore emulator is delivered as a
// document event to mail-send in the Functions emulator, sent to maildev and read from its inbox; with maildev's SMTP
// stopped, mail-retry (firebase-tools' Cloud Tasks emulator) sends it once SMTP is back, once only.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_COLLECTION, NEW_DELIVERY, type MailDocument } from '@trialdesk/shared';
import { stackTestTimeout, STACK_READY_MS } from '@trialdesk/scripts/limits';
import { startStack, type Stack } from '@trialdesk/scripts/stack';

let stack: Stack;
let app: App;
let firestore: Firestore;

beforeAll(async () => {
  // A stack of its own: this test stops its SMTP server, which only the stack's launcher (this process) can.
  stack = await startStack({ ports: 'free', hosting: false });
  process.env.FIRESTORE_EMULATOR_HOST = stack.urls.firestoreHost;
  app = initializeApp({ projectId: stack.projectId }, 'mail-http');
  firestore = getFirestore(app);
}, STACK_READY_MS);

afterAll(async () => {
  if (app) await deleteApp(app);
  await stack?.stop();
});

/** Waits sized for a busy machine: a function worker may start, and attempts are a second or a few apart. */
const WAIT = { timeout: 120_000, interval: 250 };

let count = 0;

/** Writes a pending message to an address of its own, as queueMail does. */
async function newMail(): Promise<{ id: string; to: string; subject: string }> {
  count += 1;
  const to = `contact${count}@hospital.test`;
  const subject = `New referral nº ${count}`;
  const document: MailDocument = {
    kind: 'referralReceived',
    to: [to],
    language: 'en',
    message: { subject, text: `A patient was referred (${count}).`, html: `<p>A patient was referred (${count}).</p>` },
    link: `${stack.urls.app}/app/references/r${count}`,
    createdAt: Timestamp.now(),
    delivery: NEW_DELIVERY,
  };
  const ref = firestore.collection(MAIL_COLLECTION).doc();
  await ref.create(document);
  return { id: ref.id, to, subject };
}

const deliveryOf = async (id: string) =>
  ((await firestore.collection(MAIL_COLLECTION).doc(id).get()).data() as MailDocument<Timestamp>).delivery;

/** The subjects of what maildev received for `address` (its REST API). */
async function inbox(address: string): Promise<string[]> {
  const all = (await (await fetch(`${stack.urls.mail}/email`)).json()) as {
    subject: string;
    to: { address: string }[];
  }[];
  return all.filter((m) => m.to.some((to) => to.address === address)).map((m) => m.subject);
}

describe('mail through the stack', () => {
  it(
    'sends a written message to the inbox and records it sent',
    async () => {
      const mail = await newMail();
      await expect.poll(() => inbox(mail.to), WAIT).toEqual([mail.subject]);
      await expect.poll(async () => (await deliveryOf(mail.id)).state, WAIT).toBe('sent');
      expect(await deliveryOf(mail.id)).toMatchObject({ attempts: 1, lastError: null });
    },
    stackTestTimeout(1),
  );

  it(
    'keeps a message while SMTP is down and sends it once when SMTP is back',
    async () => {
      await stack.smtp.stop();
      let mail: Awaited<ReturnType<typeof newMail>>;
      try {
        mail = await newMail();
        // Failed, recorded, and tried again by the retry queue.
        await expect.poll(async () => (await deliveryOf(mail.id)).attempts, WAIT).toBeGreaterThanOrEqual(2);
        const failed = await deliveryOf(mail.id);
        expect(failed.lastError).toContain('ECONNREFUSED');
        expect(failed.sentAt).toBeNull();
      } finally {
        await stack.smtp.start();
      }
      await expect.poll(async () => (await deliveryOf(mail.id)).state, WAIT).toBe('sent');
      await expect.poll(() => inbox(mail.to), WAIT).toEqual([mail.subject]);
      // A message written after it is sent too: the queue has moved on, and still holds the first once.
      const next = await newMail();
      await expect.poll(() => inbox(next.to), WAIT).toEqual([next.subject]);
      expect(await inbox(mail.to)).toEqual([mail.subject]);
    },
    stackTestTimeout(1),
  );
});
