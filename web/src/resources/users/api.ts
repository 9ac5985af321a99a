// The users endpoints: the record endpoints, approve and revoke, the signed-in person's record, pictures.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';
import { changedTags, recordApi } from '../../core/api/records';

export const userApi = recordApi('users');

const usersActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    approveUser: build.mutation<CallableResponse<'users-approve'>, CallableRequest<'users-approve'>>({
      query: (data) => call('users-approve', data),
      invalidatesTags: (_r, _e, { id }) => changedTags('users', id),
    }),
    revokeUser: build.mutation<CallableResponse<'users-revoke'>, CallableRequest<'users-revoke'>>({
      query: (data) => call('users-revoke', data),
      invalidatesTags: (_r, _e, { id }) => changedTags('users', id),
    }),
    me: build.query<CallableResponse<'users-me'>, void>({
      query: () => call('users-me', {}),
      providesTags: [{ type: 'users', id: 'ME' }],
    }),
    setPicture: build.mutation<CallableResponse<'users-setPicture'>, CallableRequest<'users-setPicture'>>({
      query: (data) => call('users-setPicture', data),
      invalidatesTags: (_r, _e, { id }) => [...changedTags('users', id), { type: 'users', id: 'ME' }],
    }),
  }),
});

export const { useApproveUserMutation, useRevokeUserMutation, useMeQuery, useSetPictureMutation } = usersActionsApi;
