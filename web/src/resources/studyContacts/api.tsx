// The study contacts endpoints, contact select options and names.
import type { StudyContact } from '@trialdesk/shared';
import { recordApi } from '../../core/api/records';
import { RecordName } from '../../ui/RecordName';

export const studyContactApi = recordApi('studyContacts');

export const contactName = (c: StudyContact) => c.displayName || `${c.firstName} ${c.lastName}`;

/** Study contacts matching a search, as select options (study form). */
export function useContactOptions(search: string) {
  const { data, isFetching } = studyContactApi.useList({ search: search || undefined, page: 1, pageSize: 20 });
  return {
    options: (data?.items ?? []).map((c) => ({ value: c.id, label: `${contactName(c)} <${c.email}>` })),
    loading: isFetching,
  };
}

/** A contact's name by id (a selected value whose option is not loaded). */
export function ContactName({ id }: { id: string }) {
  return <RecordName query={studyContactApi.useGet(id)} name={contactName} />;
}
