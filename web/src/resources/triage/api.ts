// The triage endpoint: a pending reference's decision, with its checklist answers.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';
import { changedTags } from '../../core/api/records';

const triageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    triageReference: build.mutation<CallableResponse<'references-triage'>, CallableRequest<'references-triage'>>({
      query: (data) => call('references-triage', data),
      // The reference, the references lists (the queue among them) and the studies' lists. A refusal because the
      // reference moved on (decided elsewhere, a newer version) refreshes them too; a refused field changes nothing.
      invalidatesTags: (_r, error, { id }) => (error?.code === 'invalid-argument' ? [] : changedTags('references', id)),
    }),
  }),
});

export const { useTriageReferenceMutation } = triageApi;
