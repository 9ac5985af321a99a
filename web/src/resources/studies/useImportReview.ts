// The import's two steps: a dry run to review, then the import of the same NCT number or record, naming the version
// reviewed; a stale save runs the review again so the person checks the latest study.
import { useState } from 'react';
import type { StudyImportResponse } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { useStudyImport } from './importApi';

/** What is imported: an NCT number (read from the registry) or a downloaded record. */
export type ImportSource = { nctId: string } | { record: unknown };

export interface ImportReviewState {
  source: ImportSource | null;
  /** The dry run's answer, shown for review. */
  answer: StudyImportResponse | null;
  error: CallError | null;
  /** The last save was refused as stale: the review shown is the one run again since. */
  stale: boolean;
  busy: boolean;
}

const idle: ImportReviewState = { source: null, answer: null, error: null, stale: false, busy: false };

export function useImportReview() {
  const [run] = useStudyImport();
  const [state, setState] = useState<ImportReviewState>(idle);

  const review = async (source: ImportSource, stale = false) => {
    setState({ source, answer: null, error: null, stale, busy: true });
    try {
      const answer = await run({ ...source, dryRun: true });
      setState({ source, answer, error: null, stale, busy: false });
    } catch (error) {
      setState({ source, answer: null, error: error as CallError, stale: false, busy: false });
    }
  };

  /** Imports what was reviewed; resolves with the answer, or null when it failed (the error is then shown). */
  const save = async (): Promise<StudyImportResponse | null> => {
    const { source, answer } = state;
    if (!source || !answer) return null;
    setState({ ...state, error: null, busy: true });
    try {
      const version = answer.id !== null && answer.version !== null ? answer.version : undefined;
      const saved = await run({ ...source, version });
      setState({ ...state, busy: false });
      return saved;
    } catch (error) {
      const failure = error as CallError;
      if (failure.key === 'errors.staleVersion') await review(source, true);
      else setState({ ...state, error: failure, busy: false });
      return null;
    }
  };

  return { ...state, review, save, reset: () => setState(idle) };
}

/** The review as the dialogs hold it. */
export type ImportReviewHook = ReturnType<typeof useImportReview>;
