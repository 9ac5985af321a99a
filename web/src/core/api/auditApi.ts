// The audit-list endpoint: a record's change history, refreshed when the record changes.
import { call } from './callable';
import { baseApi } from './baseApi';
import type { AuditEntity, AuditEntry, ListResponse } from '@trialdesk/shared';

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    recordHistory: build.query<ListResponse<AuditEntry>, { entity: AuditEntity; entityId: string }>({
      query: ({ entity, entityId }) => call('audit-list', { entity, entityId, page: 1, pageSize: 50 }),
      providesTags: (_result, _error, { entityId }) => [{ type: 'Audit', id: entityId }],
    }),
  }),
});

export const { useRecordHistoryQuery } = auditApi;
