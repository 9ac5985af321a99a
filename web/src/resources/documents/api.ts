// The documents endpoints: the record endpoints, a new version of a document, and how many documents folders hold.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';
import { changedTags, recordApi } from '../../core/api/records';

export const documentApi = recordApi('documents');

const documentActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addDocumentVersion: build.mutation<
      CallableResponse<'documents-addVersion'>,
      CallableRequest<'documents-addVersion'>
    >({
      query: (data) => call('documents-addVersion', data),
      invalidatesTags: (_r, _e, { id }) => changedTags('documents', id),
    }),
    // Counted again whenever a document is added or deleted (both change the documents' list).
    documentCounts: build.query<CallableResponse<'documents-counts'>, CallableRequest<'documents-counts'>>({
      query: (data) => call('documents-counts', data),
      providesTags: [{ type: 'documents', id: 'LIST' }],
    }),
  }),
});

export const { useAddDocumentVersionMutation, useDocumentCountsQuery } = documentActionsApi;
