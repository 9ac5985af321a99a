// The e-commerce showcase's endpoints: the same hooks as the callables' record endpoints, answered in the browser.
import type { DeleteResponse, ListResponse } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import type { CallError } from '../../core/api/callable';
import { boundMutation, type QueryState } from '../../core/api/records';
import type { RootState } from '../../core/store';
import { isCallError } from './errors';
import { createDemoProvider, type DemoProvider, type EcommerceRecords, type EcommerceRequests } from './provider';
import type { EcommerceResource } from './sampleRecords';

/** The sample's seed: every browser session starts from the same records. */
const DEMO_SEED = 2026;

let provider: DemoProvider | undefined;
/** The session's provider, made on first use (the showcase's data is generated only when a showcase screen opens). */
export const demoProvider = (): DemoProvider => (provider ??= createDemoProvider({ seed: DEMO_SEED, now: new Date() }));

/** A provider call as RTK Query wants it: its answer as data, its CallError as error. */
async function answer<T>(run: () => Promise<T>): Promise<{ data: T } | { error: CallError }> {
  try {
    return { data: await run() };
  } catch (error) {
    if (isCallError(error)) return { error };
    throw error;
  }
}

type Arg = { resource: EcommerceResource; data: Record<string, unknown> };

/** Who a write is stamped with: the signed-in person, by name (the provider's own actor when signed out). */
const actorOf = (state: unknown) => {
  const user = (state as Partial<RootState>).auth?.user;
  return user ? user.displayName || user.email : undefined;
};
const list = (resource: EcommerceResource) => ({ type: 'Demo' as const, id: `${resource}:LIST` });
// Any change may move another resource's read-time names and totals: every list and record is read again.
const everything = [{ type: 'Demo' as const }];

const demoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDemo: build.query<unknown, Arg>({
      queryFn: ({ resource, data }) => answer(() => demoProvider().list(resource, data as never)),
      providesTags: (_r, _e, { resource }) => [list(resource)],
    }),
    getDemo: build.query<unknown, { resource: EcommerceResource; id: string }>({
      queryFn: ({ resource, id }) => answer(() => demoProvider().get(resource, id)),
      providesTags: (_r, _e, { resource, id }) => [{ type: 'Demo', id: `${resource}:${id}` }],
    }),
    createDemo: build.mutation<unknown, Arg>({
      queryFn: ({ resource, data }, { getState }) =>
        answer(() => demoProvider().create(resource, data as never, actorOf(getState()))),
      invalidatesTags: everything,
    }),
    updateDemo: build.mutation<unknown, Arg>({
      queryFn: ({ resource, data }, { getState }) =>
        answer(() => demoProvider().update(resource, data as never, actorOf(getState()))),
      invalidatesTags: everything,
    }),
    deleteDemo: build.mutation<DeleteResponse, Arg>({
      queryFn: ({ resource, data }) => answer(() => demoProvider().remove(resource, data as never)),
      // Not the deleted record's own tag: reading it again would only answer not-found while its page closes.
      invalidatesTags: (_r, _e, { resource }) => [list(resource)],
    }),
  }),
});

/** One showcase resource's endpoints as hooks, shaped as the callables' (`recordApi`), so the generic screens use them. */
export function sampleApi<R extends EcommerceResource>(resource: R) {
  const mutation = <Request, Response>(
    hook: Parameters<typeof boundMutation<Request, Response, EcommerceResource>>[1],
  ) => boundMutation<Request, Response, EcommerceResource>(resource, hook);
  return {
    resource,
    useList: (data: EcommerceRequests[R]['list'], options?: { skip?: boolean }) =>
      demoApi.useListDemoQuery({ resource, data: data as Record<string, unknown> }, options) as QueryState<
        ListResponse<EcommerceRecords[R]>
      >,
    useGet: (id: string, options?: { skip?: boolean }) =>
      demoApi.useGetDemoQuery({ resource, id }, options) as QueryState<EcommerceRecords[R]>,
    useCreate: mutation<EcommerceRequests[R]['create'], EcommerceRecords[R]>(demoApi.useCreateDemoMutation),
    useUpdate: mutation<EcommerceRequests[R]['update'], EcommerceRecords[R]>(demoApi.useUpdateDemoMutation),
    useDelete: mutation<{ id: string; version: number }, DeleteResponse>(demoApi.useDeleteDemoMutation),
  };
}
