// The triage endpoints: a pending reference's decision with its checklist answers, its undo, and the originals a
// duplicate may name.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../../../core/api/baseApi';
import { call } from '../../../core/api/callable';
import { changedTags } from '../../../core/api/records';

const triageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    triageReference: build.mutation<CallableResponse<'references-triage'>, CallableRequest<'references-triage'>>({
      query: (data) => call('references-triage', data),
      // The reference, the references lists (the queue among them) and the studies' lists. A refusal because the
      // reference moved on (decided elsewhere, a newer version) refreshes them too; a refused field changes nothing.
      invalidatesTags: (_r, error, { id }) => (error?.code === 'invalid-argument' ? [] : changedTags('references', id)),
    }),
    undoTriage: build.mutation<CallableResponse<'references-undoTriage'>, CallableRequest<'references-undoTriage'>>({
      query: (data) => call('references-undoTriage', data),
      // The referral is pending again: back in the queue.
      invalidatesTags: (_r, _error, { id }) => changedTags('references', id),
    }),
    referenceOriginals: build.query<CallableResponse<'references-originals'>, string>({
      query: (id) => call('references-originals', { id }),
      // Read afresh each time the dialog opens: another referral may have been decided since.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTriageReferenceMutation, useUndoTriageMutation, useReferenceOriginalsQuery } = triageApi;
