// The open referral's checklist answers: one per line of its study's criteria, started again when they change.
import { useState } from 'react';
import { criteriaLines, LIMITS, type ChecklistAnswer, type Study } from '@trialdesk/shared';
import type { CriteriaKind } from './Checklist';

interface Answers {
  /** The criteria these answers follow: new criteria start a new checklist. */
  criteria: string;
  inclusion: ChecklistAnswer[];
  exclusion: ChecklistAnswer[];
}

/** A criteria text's checklist items, as many as the server keeps. */
const checklistLines = (criteria: string) => criteriaLines(criteria).slice(0, LIMITS.criteriaLinesMax);

const criteriaOf = (study: Study | undefined) =>
  study ? `${study.inclusionCriteria}\u0000${study.exclusionCriteria}` : '';

/** Every line of the study's criteria, unanswered. */
const blankAnswers = (study: Study | undefined): Answers => {
  const unknown = (text: string) => checklistLines(text).map((): ChecklistAnswer => ({ answer: 'unknown', note: '' }));
  return {
    criteria: criteriaOf(study),
    inclusion: unknown(study?.inclusionCriteria ?? ''),
    exclusion: unknown(study?.exclusionCriteria ?? ''),
  };
};

/** The study's checklist lines of each kind, their answers so far, and how to answer one line of a kind. */
export function useAnswers(study: Study | undefined) {
  const [stored, setAnswers] = useState(() => blankAnswers(study));
  // The study loaded, or its criteria changed since: the checklist starts again from its lines.
  const outdated = criteriaOf(study) !== stored.criteria;
  if (outdated) setAnswers(blankAnswers(study));
  const answers = outdated ? blankAnswers(study) : stored;
  const lines: Record<CriteriaKind, string[]> = {
    inclusion: checklistLines(study?.inclusionCriteria ?? ''),
    exclusion: checklistLines(study?.exclusionCriteria ?? ''),
  };
  const answer = (kind: CriteriaKind) => (index: number, value: ChecklistAnswer) =>
    setAnswers((current) => ({ ...current, [kind]: current[kind].map((a, i) => (i === index ? value : a)) }));
  return { answers, lines, answer };
}
