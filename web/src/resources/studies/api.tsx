// The studies endpoints, study select options and a study's title by id.
import type { Study } from '@trialdesk/shared';
import { recordApi } from '../../core/api/records';
import { RecordName } from '../../ui/RecordName';

export const studyApi = recordApi('studies');

/** Studies matching a search, as select options (reference form). */
export function useStudyOptions(search: string) {
  const { data, isFetching } = studyApi.useList({ search: search || undefined, page: 1, pageSize: 20 });
  return { options: (data?.items ?? []).map((s) => ({ value: s.id, label: s.title })), loading: isFetching };
}

/** The title of a study by id (selected values whose option is not loaded). */
export function StudyTitle({ id }: { id: string }) {
  return <RecordName query={studyApi.useGet(id)} name={(study: Study) => study.title} />;
}
