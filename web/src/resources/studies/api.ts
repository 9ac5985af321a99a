// The studies endpoints (other kinds name studies by key: ui/resource/references.tsx), and following a study.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';
import { recordApi, recordsApi } from '../../core/api/records';

export const studyApi = recordApi('studies');

const followApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    followStudy: build.mutation<CallableResponse<'studies-follow'>, CallableRequest<'studies-follow'>>({
      query: (data) => call('studies-follow', data),
      // The study as the server answers it takes the cached one's place: no list shows its followers.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(recordsApi.util.upsertQueryData('getRecord', { resource: 'studies', id }, data));
      },
    }),
  }),
});

export const { useFollowStudyMutation } = followApi;
