// The whole demo seed on a stack of its own, started and seeded as `npm start` does (the records written while the
// Functions emulator loads, what causes mail once it serves the trigger): the demo referrer's referrals in several
// states, the mail it causes delivered by the real trigger to maildev's inbox, and none of the raw patient identifiers
// the seed sent kept anywhere: in no document of any collection, in no message. Then, on the same stack (only its
// launcher, this process, can stop its SMTP server): a referral made while SMTP is down is mailed once it is back.
import type { CollectionReference } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_COLLECTION, normalizePatientId, type MailDocument, type MailKind } from '@trialdesk/shared';
import { mapLimit, signedInClient } from '@trialdesk/scripts/client';
import { DEMO_PASSWORD, DEMO_REFERRALS } from '@trialdesk/scripts/seed-data';
import { demoPatientIds, startSeededStack } from '@trialdesk/scripts/seed';
import type { Stack } from '@trialdesk/scripts/stack';
import { stackTestTimeout, UI_WAIT_MS } from '@trialdesk/scripts/limits';
import { db } from '../../src/common/firebase.js';

let stack: Stack | undefined;
beforeAll(async () => {
  ({ stack } = await startSeededStack({ ports: 'free', hosting: false }));
}, stackTestTimeout(1));
afterAll(async () => {
  await stack?.stop();
});

/** Every document of the database, subcollections included, as its path and its data in JSON. */
async function everyDocument(): Promise<{ path: string; json: string }[]> {
  const found: { path: string; json: string }[] = [];
  const visit = async (collection: CollectionReference): Promise<void> => {
    for (const doc of (await collection.get()).docs)
      found.push({ path: doc.ref.path, json: JSON.stringify(doc.data()) });
    // Documents with no data of their own may still hold subcollections: listDocuments names them too.
    await mapLimit(await collection.listDocuments(), 16, async (ref) => {
      for (const sub of await ref.listCollections()) await visit(sub);
    });
  };
  for (const collection of await db().listCollections()) await visit(collection);
  return found;
}

interface InboxMessage {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

const inbox = async () => (await (await fetch(`${stack!.urls.mail}/email`)).json()) as InboxMessage[];

/** Text compared without case or separators, as the server compares identifiers (normalizePatientId). */
const bare = (text: string) => normalizePatientId(text);

describe('the demo seed', () => {
  it('gives the demo referrer referrals in several states, with the coordinator’s messages', async () => {
    const user = await signedInClient(stack!.urls, stack!.projectId, 'user@trialdesk.test', DEMO_PASSWORD);
    try {
      const { items, total } = await user.call('referrals-list', { page: 1, pageSize: 20 });
      expect(total).toBe(DEMO_REFERRALS.length);
      expect(new Set(items.map((r) => r.status))).toEqual(new Set(['received', 'accepted', 'notEligible']));
      // Newest first, each as the referrer sent it and as the coordinator answered it.
      const byAge = [...DEMO_REFERRALS].sort((a, b) => a.daysAgo - b.daysAgo);
      expect(items.map((r) => r.patientIdMasked.slice(-4))).toEqual(byAge.map((r) => r.patientId.slice(-4)));
      expect(items.map((r) => r.message)).toEqual(byAge.map((r) => r.decision?.message ?? ''));
      const accepted = items.filter((r) => r.status === 'accepted');
      expect(accepted.every((r) => r.decidedAt !== null && r.decidedAt > r.createdAt)).toBe(true);
    } finally {
      await user.close();
    }
  });

  it('sends its mail through the trigger: every message in the inbox once', async () => {
    const mail = async () => (await db().collection(MAIL_COLLECTION).get()).docs.map((d) => d.data() as MailDocument);
    await expect
      .poll(async () => (await mail()).filter((m) => m.delivery.state !== 'sent').length, { timeout: UI_WAIT_MS })
      .toBe(0);
    const documents = await mail();
    const kinds = new Set<MailKind>(documents.map((m) => m.kind));
    for (const kind of ['referralReceived', 'referralDecided', 'accessRequested'] as const)
      expect(kinds, kind).toContain(kind);
    // The referrer hears of each decision; the study's contact and the Editor who follows it of new referrals.
    const decided = documents.filter((m) => m.kind === 'referralDecided');
    expect(decided.map((m) => m.to)).toEqual(
      DEMO_REFERRALS.filter((r) => r.decision).map(() => ['user@trialdesk.test']),
    );
    expect(documents.some((m) => m.kind === 'referralReceived' && m.to[0] === 'editor@trialdesk.test')).toBe(true);
    const received = await inbox();
    expect(received.map((m) => `${m.to[0].address} ${m.subject}`).sort()).toEqual(
      documents.map((m) => `${m.to[0]} ${m.message.subject}`).sort(),
    );
  });

  it('keeps none of the raw patient identifiers it sent: not in any document, not in any message', async () => {
    const raw = demoPatientIds().map(bare);
    expect(raw.length).toBeGreaterThan(DEMO_REFERRALS.length);
    const documents = await everyDocument();
    // The references are there, under their hashes and masks.
    expect(documents.filter((d) => d.path.startsWith('references/')).length).toBeGreaterThanOrEqual(raw.length);
    const leaks = documents.flatMap(({ path, json }) => raw.filter((id) => bare(json).includes(id)).map(() => path));
    expect(leaks).toEqual([]);
    const messages = await inbox();
    expect(messages.length).toBeGreaterThan(0);
    const inMail = messages.filter((m) => raw.some((id) => bare(m.subject + m.text + m.html).includes(id)));
    expect(inMail.map((m) => m.subject)).toEqual([]);
  });
});

describe('another referrer, with a real token', () => {
  it('reaches none of the demo referrer’s referrals through any callable', async () => {
    const { urls, projectId } = stack!;
    const [admin, demoReferrer] = await Promise.all(
      ['admin', 'user'].map((who) => signedInClient(urls, projectId, `${who}@trialdesk.test`, DEMO_PASSWORD)),
    );
    const email = `other.referrer.${Date.now()}@clinic.test`;
    await admin.call('users-create', {
      firstName: 'Other',
      lastName: 'Referrer',
      email,
      role: 'User',
      roleApproved: true,
      organisation: 'Clinique du Lac',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
    const other = await signedInClient(urls, projectId, email, DEMO_PASSWORD);
    try {
      const theirs = (await demoReferrer.call('referrals-list', { page: 1, pageSize: 20 })).items;
      expect(await other.call('referrals-list', { page: 1, pageSize: 20 })).toMatchObject({ total: 0, items: [] });
      const refused = async (call: Promise<unknown>) =>
        expect(
          (
            await call.then(
              () => null,
              (error: { code?: string }) => error,
            )
          )?.code,
        ).toBe('functions/permission-denied');
      await refused(other.call('references-get', { id: theirs[0].id }));
      await refused(other.call('references-originals', { id: theirs[0].id }));
      await refused(other.call('references-list', { page: 1, pageSize: 20 }));
      await refused(other.call('references-export', { language: 'en' }));
      await refused(other.call('audit-list', { page: 1, pageSize: 20, entity: 'references', entityId: theirs[0].id }));
      // The same patient to the same study: "already referred", and nothing of whose referral it is.
      const first = DEMO_REFERRALS[0];
      const error = (await other
        .call('referrals-create', {
          studyId: theirs.find((r) => r.patientIdMasked.endsWith(first.patientId.slice(-4)))!.studyId,
          patientId: first.patientId,
          birthYear: first.birthYear,
          sex: first.sex,
          note: '',
          consentToContact: true,
          phone: '418 555-0160',
        })
        .then(
          () => null,
          (reason: unknown) => reason,
        )) as { code: string } | null;
      expect(error?.code).toBe('functions/already-exists');
      const told = JSON.stringify(error) + String(error);
      for (const secret of [...theirs.map((r) => r.id), 'Pelletier', 'Érables', 'user@trialdesk.test'])
        expect(told).not.toContain(secret);
    } finally {
      await Promise.all([admin, demoReferrer, other].map((client) => client.close()));
    }
  });
});

describe('a referral while SMTP is down', () => {
  /** The mail a referral caused (its link names the reference), by recipient. */
  const mailOf = async (referenceId: string) =>
    (await db().collection(MAIL_COLLECTION).get()).docs
      .map((d) => d.data() as MailDocument)
      .filter((m) => m.link.endsWith(`/${referenceId}`));
  /** The inbox's messages about the patient `masked`, as "address subject". */
  const inboxAbout = async (masked: string) =>
    (await inbox()).filter((m) => m.subject.includes(masked)).map((m) => `${m.to[0].address} ${m.subject}`);
  const WAIT = { timeout: UI_WAIT_MS, interval: 250 };

  it('is mailed to the study’s contact and its follower once SMTP is back, once only', async () => {
    const user = await signedInClient(stack!.urls, stack!.projectId, 'user@trialdesk.test', DEMO_PASSWORD);
    try {
      const { items } = await user.call('referrals-studies', { page: 1, pageSize: 10, search: 'EARLY-REHAB' });
      // Identifiers of their own whose masks (17 stars and the last four) no other message names.
      const run = Date.now();
      const refer = (n: number) =>
        user.call('referrals-create', {
          studyId: items[0].id,
          patientId: `SMTP ${run} 000${n}`,
          birthYear: 1960,
          sex: 'female',
          note: '',
          consentToContact: true,
          phone: '450 555-0150',
        });
      await stack!.smtp.stop();
      let referral: Awaited<ReturnType<typeof refer>>;
      try {
        referral = await refer(1);
        // Both messages tried, failed and kept for the retry queue.
        await expect
          .poll(
            async () =>
              (await mailOf(referral.id)).map((m) => m.delivery.attempts > 0 && m.delivery.lastError !== null),
            WAIT,
          )
          .toEqual([true, true]);
        expect((await mailOf(referral.id)).map((m) => m.delivery.state)).not.toContain('sent');
      } finally {
        await stack!.smtp.start();
      }
      const expected = (await mailOf(referral.id)).map((m) => `${m.to[0]} ${m.message.subject}`).sort();
      expect(expected.map((line) => line.split(' ')[0])).toEqual([
        'editor@trialdesk.test',
        'genevieve.tremblay@chum.test',
      ]);
      await expect.poll(async () => (await inboxAbout(referral.patientIdMasked)).sort(), WAIT).toEqual(expected);
      await expect
        .poll(async () => (await mailOf(referral.id)).map((m) => m.delivery.state), WAIT)
        .toEqual(['sent', 'sent']);
      // A later referral's mail arrives too; the first one's messages are still there once each.
      const later = await refer(2);
      await expect.poll(async () => (await inboxAbout(later.patientIdMasked)).length, WAIT).toBe(2);
      expect((await inboxAbout(referral.patientIdMasked)).sort()).toEqual(expected);
    } finally {
      await user.close();
    }
  });
});
