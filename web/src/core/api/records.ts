// The five record endpoints every resource shares (list, get, create, update, delete), typed per resource.
import {
  kindOf,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
  type KindName,
} from '@trialdesk/shared';
import { baseApi } from './baseApi';
import { call } from './callable';

/** The record kinds (`<name>-list`, `-get`, `-create`, `-update`, `-delete`); each one's cache tag is its name. */
export type RecordResource = KindName;

/** A kind's lists, and those showing figures its changes move (a reference counts on its study). */
const listsOf = (resource: RecordResource) =>
  [resource, ...((kindOf(resource).touches ?? []) as RecordResource[])].map((type) => ({ type, id: 'LIST' }));

/** The tags a change to one record invalidates: lists, the record and its history. */
export const changedTags = (resource: RecordResource, id: string) => [
  ...listsOf(resource),
  { type: resource, id },
  { type: 'Audit' as const, id },
];

type Arg = { resource: RecordResource; data: Record<string, unknown> };

export const recordsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRecords: build.query<unknown, Arg>({
      query: ({ resource, data }) => call(`${resource}-list`, data as never),
      providesTags: (_r, _e, { resource }) => [{ type: resource, id: 'LIST' }],
    }),
    getRecord: build.query<unknown, { resource: RecordResource; id: string }>({
      query: ({ resource, id }) => call(`${resource}-get`, { id }),
      providesTags: (_r, _e, { resource, id }) => [{ type: resource, id }],
    }),
    createRecord: build.mutation<unknown, Arg>({
      query: ({ resource, data }) => call(`${resource}-create`, data as never),
      invalidatesTags: (_r, _e, { resource }) => listsOf(resource),
    }),
    updateRecord: build.mutation<unknown, Arg>({
      query: ({ resource, data }) => call(`${resource}-update`, data as never),
      invalidatesTags: (_r, _e, { resource, data }) => changedTags(resource, String(data.id)),
    }),
    deleteRecord: build.mutation<unknown, Arg>({
      // Not the record's own tag: refetching a deleted record would only answer not-found while its page closes.
      query: ({ resource, data }) => call(`${resource}-delete`, data as never),
      invalidatesTags: (_r, _e, { resource }) => listsOf(resource),
    }),
  }),
});

type Res<N extends string> = N extends CallableName ? CallableResponse<N> : never;
type Req<N extends string> = N extends CallableName ? CallableRequest<N> : never;

/** A query's state as the screens read it, with the resource's own response type. */
export interface QueryState<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<{ data?: T }>;
}

type MutationHook<A> = () => readonly [(arg: A) => { unwrap: () => Promise<unknown> }, { isLoading: boolean }];

/**
 * A mutation hook of a generic endpoint (taking `{ resource, data }`) bound to one resource: it returns a function
 * of the request alone, resolving with the typed response or rejecting with the call's error.
 */
export const boundMutation =
  <Request, Response, Resource extends string>(
    resource: Resource,
    hook: MutationHook<{ resource: Resource; data: Record<string, unknown> }>,
  ) =>
  () => {
    const [run, state] = hook();
    const call = (data: Request) =>
      run({ resource, data: data as Record<string, unknown> }).unwrap() as Promise<Response>;
    return [call, state] as const;
  };

/** One resource's record endpoints as hooks, typed by its callables' requests and responses. */
export function recordApi<R extends RecordResource>(resource: R) {
  const mutation = <N extends string>(hook: MutationHook<Arg>) =>
    boundMutation<Req<N>, Res<N>, RecordResource>(resource, hook);
  return {
    resource,
    useList: (data: Req<`${R}-list`>, options?: { skip?: boolean }) =>
      recordsApi.useListRecordsQuery({ resource, data }, options) as QueryState<Res<`${R}-list`>>,
    useGet: (id: string, options?: { skip?: boolean }) =>
      recordsApi.useGetRecordQuery({ resource, id }, options) as QueryState<Res<`${R}-get`>>,
    useCreate: mutation<`${R}-create`>(recordsApi.useCreateRecordMutation),
    useUpdate: mutation<`${R}-update`>(recordsApi.useUpdateRecordMutation),
    useDelete: mutation<`${R}-delete`>(recordsApi.useDeleteRecordMutation),
  };
}

export type RecordApi<R extends RecordResource = RecordResource> = ReturnType<typeof recordApi<R>>;
