// What the triage screen will need next, asked for before it is needed: the filtered study with the queue, and the
// next referral's study (and the queue's next page) while the coordinator reads the current one.
import { useEffect } from 'react';
import type { Reference, ReferenceListQuery } from '@trialdesk/shared';
import { recordsApi } from '../../../core/api/records';

/**
 * `studyId`: the study the queue is filtered on, known before the queue answers, so its criteria load beside it
 * rather than after. `next`: the referral after the one on screen. `nextPage`: the queue's next page, once the
 * current referral is the last of its page.
 */
export function usePrefetch({
  studyId,
  next,
  nextPage,
}: {
  studyId: string | undefined;
  next: Reference | undefined;
  nextPage: ReferenceListQuery | undefined;
}) {
  const prefetchRecord = recordsApi.usePrefetch('getRecord');
  const prefetchList = recordsApi.usePrefetch('listRecords');
  const nextStudy = next?.studyId ?? studyId;
  useEffect(() => {
    if (nextStudy) prefetchRecord({ resource: 'studies', id: nextStudy });
  }, [nextStudy, prefetchRecord]);
  useEffect(() => {
    if (studyId) prefetchRecord({ resource: 'studies', id: studyId });
  }, [studyId, prefetchRecord]);
  const pageKey = nextPage && JSON.stringify(nextPage);
  useEffect(() => {
    if (pageKey) prefetchList({ resource: 'references', data: JSON.parse(pageKey) as Record<string, unknown> });
  }, [pageKey, prefetchList]);
}
