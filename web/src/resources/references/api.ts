// The references endpoints (list, get, create, update, delete) and the cache tags they refresh.
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';

// Reference changes move study reference counts: study lists and records refresh too.
const changed = (id: string) => [
  { type: 'Reference' as const, id: 'LIST' },
  { type: 'Reference' as const, id },
  { type: 'Audit' as const, id },
  { type: 'Study' as const, id: 'LIST' },
];

export const referencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listReferences: build.query<CallableResponse<'references-list'>, CallableRequest<'references-list'>>({
      query: (data) => call('references-list', data),
      providesTags: [{ type: 'Reference', id: 'LIST' }],
    }),
    getReference: build.query<CallableResponse<'references-get'>, string>({
      query: (id) => call('references-get', { id }),
      providesTags: (_r, _e, id) => [{ type: 'Reference', id }],
    }),
    createReference: build.mutation<CallableResponse<'references-create'>, CallableRequest<'references-create'>>({
      query: (data) => call('references-create', data),
      invalidatesTags: [
        { type: 'Reference', id: 'LIST' },
        { type: 'Study', id: 'LIST' },
      ],
    }),
    updateReference: build.mutation<CallableResponse<'references-update'>, CallableRequest<'references-update'>>({
      query: (data) => call('references-update', data),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    deleteReference: build.mutation<CallableResponse<'references-delete'>, CallableRequest<'references-delete'>>({
      query: (data) => call('references-delete', data),
      // Not the record's own tag: refetching a deleted record would only answer not-found while its page closes.
      invalidatesTags: [
        { type: 'Reference', id: 'LIST' },
        { type: 'Study', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListReferencesQuery,
  useGetReferenceQuery,
  useCreateReferenceMutation,
  useUpdateReferenceMutation,
  useDeleteReferenceMutation,
} = referencesApi;
