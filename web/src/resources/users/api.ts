// The users endpoints (list, get, create, update, delete, approve, revoke) and user select options.
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';

type Q<N extends Parameters<typeof call>[0]> = { res: CallableResponse<N>; req: CallableRequest<N> };

const changed = (id: string) => [
  { type: 'User' as const, id: 'LIST' },
  { type: 'User' as const, id },
  { type: 'Audit' as const, id },
];

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Q<'users-list'>['res'], Q<'users-list'>['req']>({
      query: (data) => call('users-list', data),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getUser: build.query<Q<'users-get'>['res'], string>({
      query: (id) => call('users-get', { id }),
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<Q<'users-create'>['res'], Q<'users-create'>['req']>({
      query: (data) => call('users-create', data),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<Q<'users-update'>['res'], Q<'users-update'>['req']>({
      query: (data) => call('users-update', data),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    deleteUser: build.mutation<Q<'users-delete'>['res'], Q<'users-delete'>['req']>({
      query: (data) => call('users-delete', data),
      // Not the record's own tag: refetching a deleted record would only answer not-found while its page closes.
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    approveUser: build.mutation<Q<'users-approve'>['res'], Q<'users-approve'>['req']>({
      query: (data) => call('users-approve', data),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    revokeUser: build.mutation<Q<'users-revoke'>['res'], Q<'users-revoke'>['req']>({
      query: (data) => call('users-revoke', data),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useApproveUserMutation,
  useRevokeUserMutation,
} = usersApi;

/** Users matching a search, as select options (the access log's person filter). */
export function useUserOptions(search: string) {
  const { data, isFetching } = useListUsersQuery({ search: search || undefined, page: 1, pageSize: 20 });
  return {
    options: (data?.items ?? []).map((u) => {
      const name = `${u.firstName} ${u.lastName}`.trim();
      return { value: u.id, label: name ? `${name} <${u.email}>` : u.email };
    }),
    loading: isFetching,
  };
}
