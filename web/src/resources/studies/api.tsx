// The studies endpoints (list, get, create, update, delete), study select options and a study's title by id.
import { RecordName } from '../../ui/RecordName';
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse, Study } from '@trialdesk/shared';

export const studiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listStudies: build.query<CallableResponse<'studies-list'>, CallableRequest<'studies-list'>>({
      query: (data) => call('studies-list', data),
      providesTags: [{ type: 'Study', id: 'LIST' }],
    }),
    getStudy: build.query<CallableResponse<'studies-get'>, string>({
      query: (id) => call('studies-get', { id }),
      providesTags: (_r, _e, id) => [{ type: 'Study', id }],
    }),
    createStudy: build.mutation<CallableResponse<'studies-create'>, CallableRequest<'studies-create'>>({
      query: (data) => call('studies-create', data),
      invalidatesTags: [{ type: 'Study', id: 'LIST' }],
    }),
    updateStudy: build.mutation<CallableResponse<'studies-update'>, CallableRequest<'studies-update'>>({
      query: (data) => call('studies-update', data),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Study', id: 'LIST' },
        { type: 'Study', id },
        { type: 'Audit', id },
      ],
    }),
    deleteStudy: build.mutation<CallableResponse<'studies-delete'>, CallableRequest<'studies-delete'>>({
      query: (data) => call('studies-delete', data),
      // Not the record's own tag: refetching a deleted record would only answer not-found while its page closes.
      invalidatesTags: [{ type: 'Study', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStudiesQuery,
  useGetStudyQuery,
  useCreateStudyMutation,
  useUpdateStudyMutation,
  useDeleteStudyMutation,
} = studiesApi;

/** Studies matching a search, as select options (reference form). */
export function useStudyOptions(search: string) {
  const { data, isFetching } = useListStudiesQuery({ search: search || undefined, page: 1, pageSize: 20 });
  return { options: (data?.items ?? []).map((s) => ({ value: s.id, label: s.title })), loading: isFetching };
}

/** The title of a study by id (selected values whose option is not loaded). */
export function StudyTitle({ id }: { id: string }) {
  return <RecordName query={useGetStudyQuery(id)} name={(study: Study) => study.title} />;
}
