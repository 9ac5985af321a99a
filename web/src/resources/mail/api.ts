// The mail queue's endpoint: Admins list the messages TrialDesk sends, by state, newest first.
import { call } from '../../core/api/callable';
import { baseApi } from '../../core/api/baseApi';
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';

export const mailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMail: build.query<CallableResponse<'mail-list'>, CallableRequest<'mail-list'>>({
      query: (data) => call('mail-list', data),
    }),
  }),
});

/** The mail queue's list query, as list screens call theirs. */
export const useMailList = (request: Record<string, unknown>) =>
  mailApi.useListMailQuery(request as CallableRequest<'mail-list'>);

/** How many messages were given up: the smallest page of failed ones, for its total. */
export const useFailedCount = () => mailApi.useListMailQuery({ state: 'failed', page: 1, pageSize: 10 }).data?.total;
