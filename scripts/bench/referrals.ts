// The referral portal's part of `npm run bench`: `referrals-create` over HTTP as approved referrers (role User), each
// making at most REFERRALS_PER_DAY referrals as the limit allows, to recruiting studies that name a contact (so each
// referral also writes its mail, which the stack's trigger then sends).
import { criteriaLines, REFERRALS_PER_DAY, type CallableRequest } from '@trialdesk/shared';
import { mapLimit, signedInClient, type Client } from '../client.js';
import type { StackUrls } from '../stack.js';
import { studyInput } from './studies.js';
import type { Figure } from './timing.js';

/** The recruiting studies the benchmark's referrals go to, made with a contact for this measurement. */
const STUDIES = 10;
const PASSWORD = 'bench-referrer';

export interface ReferralBench {
  /** Times `calls` referrals after `warmup` unmeasured ones (sequential, as `time` runs them). */
  measure(time: (run: () => Promise<unknown>) => Promise<Figure>): Promise<Figure>;
  close(): Promise<void>;
}

/**
 * Prepares `calls + warmup` referrals as the limit allows them: a new referrer for every REFERRALS_PER_DAY (never
 * the limit lifted), made by the Admin `admin` through users-create and signed in before the timing begins, and
 * recruiting studies with a contact. `next`: the number of the next study input (studyInput) to use.
 */
export async function prepareReferrals(
  admin: Client,
  stack: { urls: StackUrls; projectId: string },
  total: number,
  next: () => number,
): Promise<ReferralBench> {
  const contact = await admin.call('studyContacts-create', {
    firstName: 'Bench',
    lastName: 'Contact',
    email: 'bench.contact@trialdesk.test',
    phoneNumber: '514 555-0199',
    isTrialContact: true,
  });
  const studies = await mapLimit(Array.from({ length: STUDIES }), 4, () =>
    admin.call('studies-create', { ...studyInput(next()), status: 'Recruiting', contactId: contact.id }),
  );
  const tag = Date.now().toString(36);
  const referrers = await mapLimit(
    Array.from({ length: Math.ceil(total / REFERRALS_PER_DAY) }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench.referrer.${tag}.${i}@clinic.test`;
      await admin.call('users-create', {
        firstName: 'Bench',
        lastName: `Referrer ${i}`,
        email,
        role: 'User',
        roleApproved: true,
        organisation: `Bench clinic ${i}`,
        phone: '514 555-0198',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      return signedInClient(stack.urls, stack.projectId, email, PASSWORD);
    },
  );
  let made = 0;
  const referral = (): CallableRequest<'referrals-create'> => {
    const study = studies[made % studies.length];
    return {
      studyId: study.id,
      patientId: `BENCH-REF-${tag}-${made}`,
      birthYear: 1950 + (made % 60),
      sex: (['female', 'male', 'other', 'unknown'] as const)[made % 4],
      checklist: {
        inclusion: criteriaLines(study.inclusionCriteria).map(() => 'met'),
        exclusion: criteriaLines(study.exclusionCriteria).map(() => 'unknown'),
      },
      note: 'Benchmark referral: a short note as a referring clinician writes one.',
      consentToContact: true,
      phone: '514 555-0198',
    };
  };
  return {
    measure: (time) =>
      time(() => {
        // Each referrer makes as many as the day allows, then the next one takes over.
        const client = referrers[Math.floor(made / REFERRALS_PER_DAY)];
        const request = referral();
        made++;
        return client.call('referrals-create', request);
      }),
    close: async () => {
      await Promise.all(referrers.map((client) => client.close()));
    },
  };
}
