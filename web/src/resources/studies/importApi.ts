// The studies-import endpoint: a dry run changes nothing; an import refreshes the study, the lists and the contacts.
// A pasted list's imports refresh them once, after the last (useRefreshStudies), not after each.
import { useCallback } from 'react';
import type { StudyImportRequest, StudyImportResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';
import { changedTags } from '../../core/api/records';
import { useAppDispatch } from '../../core/store';

/** What an import of these studies makes stale: the studies' lists and records, the contacts' lists (it may add one). */
const importedTags = (ids: string[]) => [
  ...ids.flatMap((id) => changedTags('studies', id)),
  { type: 'studies' as const, id: 'LIST' },
  { type: 'studyContacts' as const, id: 'LIST' },
];

const studyImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    importStudy: build.mutation<StudyImportResponse, StudyImportRequest>({
      query: (data) => call('studies-import', data),
      invalidatesTags: (answer, _error, { dryRun }) => (!answer?.id || dryRun ? [] : importedTags([answer.id])),
    }),
    importStudyQuietly: build.mutation<StudyImportResponse, StudyImportRequest>({
      query: (data) => call('studies-import', data),
    }),
  }),
});

/**
 * `import(request)` resolves with the answer or rejects with the call's error (core/api/callable.ts); `quiet`
 * refreshes nothing (a pasted list's, refreshed by useRefreshStudies once it is done).
 */
export function useStudyImport({ quiet = false }: { quiet?: boolean } = {}) {
  const [loud] = studyImportApi.useImportStudyMutation();
  const [silent] = studyImportApi.useImportStudyQuietlyMutation();
  const run = quiet ? silent : loud;
  return [(request: StudyImportRequest) => run(request).unwrap()] as const;
}

/** Refreshes the studies' lists and these studies' screens (after a pasted list's imports). */
export function useRefreshStudies() {
  const dispatch = useAppDispatch();
  return useCallback(
    (ids: string[]) => void dispatch(studyImportApi.util.invalidateTags(importedTags(ids))),
    [dispatch],
  );
}
