// The access log's endpoint: Admins list who read patient-level data and which calls were refused.
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';

export const accessLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAccessLog: build.query<CallableResponse<'accessLog-list'>, CallableRequest<'accessLog-list'>>({
      query: (data) => call('accessLog-list', data),
      providesTags: [{ type: 'AccessLog', id: 'LIST' }],
    }),
  }),
});

/** The access log's list query, as list screens call theirs. */
export const useAccessLogList = (request: Record<string, unknown>) =>
  accessLogApi.useListAccessLogQuery(request as CallableRequest<'accessLog-list'>);
