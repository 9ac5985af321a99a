// The study contacts endpoints (list, get, create, update, delete), contact select options and names.
import { RecordName } from '../../ui/RecordName';
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse, StudyContact } from '@trialdesk/shared';

export const studyContactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listStudyContacts: build.query<CallableResponse<'studyContacts-list'>, CallableRequest<'studyContacts-list'>>({
      query: (data) => call('studyContacts-list', data),
      providesTags: [{ type: 'StudyContact', id: 'LIST' }],
    }),
    getStudyContact: build.query<CallableResponse<'studyContacts-get'>, string>({
      query: (id) => call('studyContacts-get', { id }),
      providesTags: (_r, _e, id) => [{ type: 'StudyContact', id }],
    }),
    createStudyContact: build.mutation<
      CallableResponse<'studyContacts-create'>,
      CallableRequest<'studyContacts-create'>
    >({
      query: (data) => call('studyContacts-create', data),
      invalidatesTags: [{ type: 'StudyContact', id: 'LIST' }],
    }),
    updateStudyContact: build.mutation<
      CallableResponse<'studyContacts-update'>,
      CallableRequest<'studyContacts-update'>
    >({
      query: (data) => call('studyContacts-update', data),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'StudyContact', id: 'LIST' },
        { type: 'StudyContact', id },
        { type: 'Audit', id },
      ],
    }),
    deleteStudyContact: build.mutation<
      CallableResponse<'studyContacts-delete'>,
      CallableRequest<'studyContacts-delete'>
    >({
      query: (data) => call('studyContacts-delete', data),
      // Not the record's own tag: refetching a deleted record would only answer not-found while its page closes.
      invalidatesTags: [{ type: 'StudyContact', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStudyContactsQuery,
  useGetStudyContactQuery,
  useCreateStudyContactMutation,
  useUpdateStudyContactMutation,
  useDeleteStudyContactMutation,
} = studyContactsApi;

export const contactName = (c: StudyContact) => c.displayName || `${c.firstName} ${c.lastName}`;

/** Study contacts matching a search, as select options (study form). */
export function useContactOptions(search: string) {
  const { data, isFetching } = useListStudyContactsQuery({ search: search || undefined, page: 1, pageSize: 20 });
  return {
    options: (data?.items ?? []).map((c) => ({ value: c.id, label: `${contactName(c)} <${c.email}>` })),
    loading: isFetching,
  };
}

/** A contact's name by id (a selected value whose option is not loaded). */
export function ContactName({ id }: { id: string }) {
  return <RecordName query={useGetStudyContactQuery(id)} name={contactName} />;
}
