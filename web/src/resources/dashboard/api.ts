// The recruitment figures (`dashboard-stats`), for all studies or one, asked again whenever the records change.
import { KIND_NAMES, type DashboardStats, type DashboardStatsQuery } from '@trialdesk/shared';
import { baseApi } from '../../core/api/baseApi';
import { call } from '../../core/api/callable';

/**
 * The lists' tags: every change of a record invalidates its resource's list (`core/api/records.ts`), and each moves
 * a figure here (counts, the backlog, decisions, pending access requests, the latest activity).
 */
const CHANGES = KIND_NAMES.map((type) => ({ type, id: 'LIST' }));

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dashboardStats: build.query<DashboardStats, DashboardStatsQuery>({
      query: (data) => call('dashboard-stats', data),
      providesTags: CHANGES,
    }),
  }),
});

export const { useDashboardStatsQuery } = dashboardApi;
