// The users endpoints: the record endpoints, approve and revoke, the signed-in person's record, pictures, and user
// select options.
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

/** Users matching a search, as select options (the access log's person filter). */
export function useUserOptions(search: string) {
  const { data, isFetching } = userApi.useList({ search: search || undefined, page: 1, pageSize: 20 });
  return {
    options: (data?.items ?? []).map((u) => {
      const name = `${u.firstName} ${u.lastName}`.trim();
      return { value: u.id, label: name ? `${name} <${u.email}>` : u.email };
    }),
    loading: isFetching,
  };
}
