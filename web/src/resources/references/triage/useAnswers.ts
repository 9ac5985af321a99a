// The open referral's checklist answers: one per line of its study's criteria, started again when they change (from
// an undone decision's answers when they answered the same criteria).
import { useState } from 'react';
import {
  criteriaLines,
  LIMITS,
  type ChecklistAnswer,
  type CriterionAnswer,
  type Study,
  type TriageRecord,
} from '@trialdesk/shared';
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

/** The answers a decision stored, as answers again. */
type Previous = Pick<TriageRecord, 'inclusion' | 'exclusion'> | null | undefined;

/**
 * Every line of the study's criteria: unanswered, or as `previous` answered them (an undone decision) when it
 * answered these very lines.
 */
const blankAnswers = (study: Study | undefined, previous?: Previous): Answers => {
  const start = (text: string, kind: CriteriaKind) => {
    const lines = checklistLines(text);
    const before = previous?.[kind];
    if (before?.length === lines.length && before.every((item, i) => item.criterion === lines[i])) {
      return before.map(({ answer, note }): ChecklistAnswer => ({ answer, note }));
    }
    return lines.map((): ChecklistAnswer => ({ answer: 'unknown', note: '' }));
  };
  return {
    criteria: criteriaOf(study),
    inclusion: start(study?.inclusionCriteria ?? '', 'inclusion'),
    exclusion: start(study?.exclusionCriteria ?? '', 'exclusion'),
  };
};

/** The study's checklist lines of each kind, their answers so far, and how to answer one line of a kind. */
export function useAnswers(study: Study | undefined, previous?: Previous) {
  const [stored, setAnswers] = useState(() => blankAnswers(study, previous));
  // The study loaded, or its criteria changed since: the checklist starts again from its lines.
  const outdated = criteriaOf(study) !== stored.criteria;
  if (outdated) setAnswers(blankAnswers(study, previous));
  const answers = outdated ? blankAnswers(study, previous) : stored;
  const lines: Record<CriteriaKind, string[]> = {
    inclusion: checklistLines(study?.inclusionCriteria ?? ''),
    exclusion: checklistLines(study?.exclusionCriteria ?? ''),
  };
  const answer = (kind: CriteriaKind) => (index: number, value: ChecklistAnswer) =>
    setAnswers((current) => ({ ...current, [kind]: current[kind].map((a, i) => (i === index ? value : a)) }));
  /** Takes the given answers (the referrer's) where there is one, keeping each line's note. */
  const answerAll = (given: Record<CriteriaKind, (CriterionAnswer | undefined)[]>) =>
    setAnswers((current) => {
      const take = (kind: CriteriaKind) =>
        current[kind].map((a, i): ChecklistAnswer => ({ ...a, answer: given[kind][i] ?? a.answer }));
      return { ...current, inclusion: take('inclusion'), exclusion: take('exclusion') };
    });
  return { answers, lines, answer, answerAll };
}
