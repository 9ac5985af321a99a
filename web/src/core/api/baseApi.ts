// The RTK Query API every resource injects its endpoints into, with the cache tags mutations invalidate.
import { createApi } from '@reduxjs/toolkit/query/react';
import { KIND_NAMES } from '@trialdesk/shared';
import { callableBaseQuery } from './callable';

/** Every resource injects its endpoints here; tags (each record kind's is its name) invalidate lists and records
 * after mutations. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: callableBaseQuery,
  tagTypes: [...KIND_NAMES, 'Audit', 'AccessLog', 'Demo'],
  endpoints: () => ({}),
});
