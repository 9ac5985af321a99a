// The RTK Query API every resource injects its endpoints into, with the cache tags mutations invalidate.
import { createApi } from '@reduxjs/toolkit/query/react';
import { callableBaseQuery } from './callable';

/** Every resource injects its endpoints here; tags invalidate lists and records after mutations. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: callableBaseQuery,
  tagTypes: ['Study', 'Reference', 'StudyContact', 'User', 'Document', 'Audit', 'AccessLog', 'Demo'],
  endpoints: () => ({}),
});
