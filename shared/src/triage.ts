// Triage of a pending reference: the study's criteria as a checklist, the decision request, what is stored.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { idSchema, multilineText, text, versioned, versionSchema } from './validation.js';

/** What triage decides: the reference's next status. */
export const TRIAGE_DECISIONS = ['Accepted', 'Rejected', 'Duplicate'] as const;
export type TriageDecision = (typeof TRIAGE_DECISIONS)[number];

/** One criterion's answer: the patient meets it, does not, or nobody knows yet. */
export const CRITERION_ANSWERS = ['met', 'notMet', 'unknown'] as const;
export type CriterionAnswer = (typeof CRITERION_ANSWERS)[number];

/** Why a referral is rejected (labels in the web dictionaries); `other` asks for the free text. */
export const REJECT_REASONS = [
  'inclusionNotMet',
  'exclusionMet',
  'declined',
  'unreachable',
  'studyFull',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** A line bullet a coordinator types before a criterion: `-`, `*`, `•`, `1.` or `1)`. */
const BULLET = /^(?:[-*•◦▪]|\d{1,3}[.)])\s+/u;

/** A study's criteria text as its checklist: one item per non-empty line, without the line's bullet. */
export function criteriaLines(criteria: string): string[] {
  return criteria
    .split(/\r?\n|\r/)
    .map((line) => line.trim().replace(BULLET, '').trim())
    .filter((line) => line.length > 0);
}

const answerSchema = z.strictObject({
  answer: z.enum(CRITERION_ANSWERS),
  note: text(LIMITS.triageNoteMax).default(''),
});
export type ChecklistAnswer = z.infer<typeof answerSchema>;

/** Accepting against the checklist (an inclusion not met, an exclusion met) needs the coordinator's confirmation. */
export function acceptNeedsConfirmation(answers: {
  inclusion: readonly { answer: CriterionAnswer }[];
  exclusion: readonly { answer: CriterionAnswer }[];
}): boolean {
  return answers.inclusion.some((a) => a.answer === 'notMet') || answers.exclusion.some((a) => a.answer === 'met');
}

/** How many criteria of the checklist are still unknown: accepting with any asks once, naming how many. */
export function unansweredCount(answers: {
  inclusion: readonly { answer: CriterionAnswer }[];
  exclusion: readonly { answer: CriterionAnswer }[];
}): number {
  return [...answers.inclusion, ...answers.exclusion].filter((a) => a.answer === 'unknown').length;
}

/**
 * A decision can be undone for this long after it was taken (the server's bound, docs/architecture.md "Triage"): a
 * little longer than the ten seconds the screen offers Undo, so a slow network's undo still arrives in time.
 */
export const TRIAGE_UNDO_MINUTES = 10;
/** How long the screen offers Undo after a decision. */
export const TRIAGE_UNDO_OFFER_SECONDS = 10;

/** Undo a triage decision: the reference at the version the decision produced (a later change refuses it). */
export const referenceUndoTriageSchema = z.strictObject({ ...versioned });
export type ReferenceUndoTriage = z.infer<typeof referenceUndoTriageSchema>;

/** The originals a referral may be marked a duplicate of (`references-originals`). */
export const referenceOriginalsSchema = z.strictObject({ id: idSchema });
export type ReferenceOriginals = z.infer<typeof referenceOriginalsSchema>;

/**
 * A triage decision on a pending reference, at the version the coordinator read. The answers follow the study's
 * criteria lines in order, as they stood at `studyVersion` (the server checks it); a rejection names its reason, `other` with a text;
 * a duplicate names the original reference.
 */
export const referenceTriageSchema = z
  .strictObject({
    ...versioned,
    /** The study's version whose criteria were answered: a study changed since asks for the checklist again. */
    studyVersion: versionSchema,
    decision: z.enum(TRIAGE_DECISIONS),
    inclusion: z.array(answerSchema).max(LIMITS.criteriaLinesMax).default([]),
    exclusion: z.array(answerSchema).max(LIMITS.criteriaLinesMax).default([]),
    reason: z.enum(REJECT_REASONS).nullable().default(null),
    reasonNote: multilineText(LIMITS.triageReasonMax).default(''),
    duplicateOf: idSchema.nullable().default(null),
    /** The coordinator confirmed accepting against the checklist. */
    confirmed: z.boolean().default(false),
    /** A message to the referrer with the decision (a portal referral's only), sent and shown as written. */
    message: multilineText(LIMITS.referrerMessageMax).default(''),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.decision === 'Rejected') {
      if (value.reason === null) issue('reason', 'validation.required');
      else if (value.reason === 'other' && value.reasonNote === '') issue('reasonNote', 'validation.required');
    } else if (value.reason !== null) issue('reason', 'validation.invalid');
    if (value.decision === 'Duplicate') {
      if (value.duplicateOf === null) issue('duplicateOf', 'validation.required');
      else if (value.duplicateOf === value.id) issue('duplicateOf', 'validation.invalid');
    } else if (value.duplicateOf !== null) issue('duplicateOf', 'validation.invalid');
  });
export type ReferenceTriage = z.infer<typeof referenceTriageSchema>;

/** One checklist item as stored: the criterion's text when it was answered, the answer and the note. */
export interface ChecklistItem extends ChecklistAnswer {
  criterion: string;
}

/** What triage stored on a reference (shown on its edit screen). */
export interface TriageRecord {
  decision: TriageDecision;
  inclusion: ChecklistItem[];
  exclusion: ChecklistItem[];
  reason: RejectReason | null;
  reasonNote: string;
  /** Accepted although the checklist said otherwise, after confirming. */
  confirmed: boolean;
  /** The message to the referrer with the decision ('' when none). */
  message: string;
}
