// The referral portal (/refer): what referring clinicians (approved role User) send and read, and what a reference
// keeps of the referral they made (docs/referrals.md).
import { z } from 'zod';
import type { ReferenceStatus, Specialty } from './enums.js';
import { LIMITS } from './limits.js';
import { patientIdSchema } from './references.js';
import { CRITERION_ANSWERS, type ChecklistItem } from './triage.js';
import { idSchema, listBase, listSchema, multilineText, phoneSchema, requiredText } from './validation.js';

/** The patient's sex as FHIR's administrative gender. */
export const SEXES = ['female', 'male', 'other', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

/** Referrals one referrer may make per day (the app's time zone): beyond, `resource-exhausted`. */
export const REFERRALS_PER_DAY = 30;

/** The earliest year of birth a referral accepts: no patient is older than 130. */
export const BIRTH_YEAR_SPAN = 130;

/** A year of birth: not in the future, not more than BIRTH_YEAR_SPAN years ago (today's year on either side). */
export const birthYearSchema = z
  .number()
  .int()
  .superRefine((year, ctx) => {
    const max = new Date().getUTCFullYear();
    const min = max - BIRTH_YEAR_SPAN;
    if (year < min || year > max)
      ctx.addIssue({ code: 'custom', message: 'validation.birthYear', params: { min, max } });
  });

/**
 * The referrer's answers to the study's criteria, in the order of its criteria lines (criteriaLines), as far as they
 * know: each `met`, `notMet` or `unknown`. The server checks the counts against the study as it stands.
 */
export const referralChecklistSchema = z.strictObject({
  inclusion: z.array(z.enum(CRITERION_ANSWERS)).max(LIMITS.criteriaLinesMax).default([]),
  exclusion: z.array(z.enum(CRITERION_ANSWERS)).max(LIMITS.criteriaLinesMax).default([]),
});

/** `referrals-create`: one patient referred to one recruiting study by the caller. */
export const referralCreateSchema = z.strictObject({
  studyId: idSchema,
  patientId: patientIdSchema,
  birthYear: birthYearSchema,
  sex: z.enum(SEXES),
  checklist: referralChecklistSchema.optional(),
  note: multilineText(LIMITS.referralNoteMax).default(''),
  /** The patient agreed to be contacted by the study team: required, and only `true` is accepted. */
  consentToContact: z.literal(true, { message: 'validation.consentRequired' }),
  /** Where the study team reaches the referrer about this patient. */
  phone: phoneSchema.pipe(requiredText(LIMITS.phoneMax)),
});
export type ReferralCreate = z.infer<typeof referralCreateSchema>;

/**
 * `referrals-studies`: the recruiting studies, searched by title, condition or specialty words; with `id`, that one
 * recruiting study only (the refer page opened from a link or a reload: an empty page when it does not recruit).
 */
export const referralStudiesSchema = listSchema({ search: listBase.search, id: idSchema.optional() });
export type ReferralStudiesQuery = z.infer<typeof referralStudiesSchema>;

/** `referrals-list`: the caller's own referrals, newest first. */
export const referralListSchema = listSchema({});
export type ReferralListQuery = z.infer<typeof referralListSchema>;

/** What a referrer sees of a recruiting study: its public fields only (never its contact, counts or history). */
export interface ReferralStudy {
  id: string;
  /** The study's version: a referral's checklist answers the criteria as they stood then. */
  version: number;
  title: string;
  summary: string;
  conditions: string[];
  specialty: Specialty;
  inclusionCriteria: string;
  exclusionCriteria: string;
  startDate: string | null;
  endDate: string | null;
}

/** How a referrer reads a reference's status: plain words, never the back office's workflow. */
export const REFERRAL_STATUSES = ['received', 'accepted', 'notEligible', 'alreadyReferred'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_OF: Record<ReferenceStatus, ReferralStatus> = {
  Pending: 'received',
  Unknown: 'received',
  Accepted: 'accepted',
  Rejected: 'notEligible',
  Duplicate: 'alreadyReferred',
};

/** One of the caller's referrals as the portal lists it. */
export interface Referral {
  id: string;
  studyId: string;
  /** Null when the study was deleted since. */
  studyTitle: string | null;
  patientIdMasked: string;
  createdAt: string;
  status: ReferralStatus;
  /** The coordinator's message to the referrer with the decision, as written ('' when none). */
  message: string;
  decidedAt: string | null;
}

/** `referrals-create`'s answer: the new referral as the portal lists it (with its masked identifier). */
export type ReferralCreateResponse = Referral;

/**
 * What a reference keeps of the referral a referrer made through the portal (null on one typed by staff): who
 * referred (name and organisation as their users record had them then), how to reach them, and what they told.
 */
export interface ReferralDetails {
  /** The referrer's users record id (also the reference's top-level `refererId`, which lists are filtered on). */
  refererId: string;
  name: string;
  organisation: string;
  email: string;
  phone: string;
  birthYear: number;
  sex: Sex;
  /** The referrer's checklist, each answer with the criterion's text as it read then (`note` is always ''). */
  checklist: { inclusion: ChecklistItem[]; exclusion: ChecklistItem[] } | null;
  note: string;
  consentToContact: true;
}
