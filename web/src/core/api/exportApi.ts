// The CSV export endpoint of the lists: a list's filters, search and sort in, the written file's place out.
import type { CallableRequest, ExportResource, ExportResponse } from '@trialdesk/shared';
import { baseApi } from './baseApi';
import { call } from './callable';

/** The callables writing a list's CSV file: one per kind that declares an export. */
export type ExportCallable = `${ExportResource}-export`;

const exportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: each press writes a new file, and nothing cached changes.
    exportList: build.mutation<ExportResponse, { name: ExportCallable; data: CallableRequest<ExportCallable> }>({
      query: ({ name, data }) => call(name, data as never),
    }),
  }),
});

export const { useExportListMutation } = exportApi;
