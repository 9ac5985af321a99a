// The referral portal's endpoints: the recruiting studies, the caller's referrals, a new referral, the caller's record.
import type { CallableRequest, CallableResponse } from '@trialdesk/shared';
import { baseApi } from '../core/api/baseApi';
import { call } from '../core/api/callable';

/** The portal's cache tags ride on the kinds' (a referral is a reference, a recruiting study a study). */
const portalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    recruitingStudies: build.query<CallableResponse<'referrals-studies'>, CallableRequest<'referrals-studies'>>({
      query: (data) => call('referrals-studies', data),
      providesTags: [{ type: 'studies', id: 'REFERRALS' }],
    }),
    myReferrals: build.query<CallableResponse<'referrals-list'>, CallableRequest<'referrals-list'>>({
      query: (data) => call('referrals-list', data),
      providesTags: [{ type: 'references', id: 'REFERRALS' }],
      // Each visit shows the study teams' latest decisions.
      keepUnusedDataFor: 0,
    }),
    createReferral: build.mutation<CallableResponse<'referrals-create'>, CallableRequest<'referrals-create'>>({
      query: (data) => call('referrals-create', data),
      // A new referral refreshes My referrals; criteria changed since the page read them refresh the study.
      invalidatesTags: (_r, error) =>
        error
          ? error.key === 'errors.criteriaChanged'
            ? [{ type: 'studies', id: 'REFERRALS' }]
            : []
          : [{ type: 'references', id: 'REFERRALS' }],
    }),
    /** The caller's own record (the phone a referral form starts from). */
    portalMe: build.query<CallableResponse<'users-me'>, void>({
      query: () => call('users-me', {}),
    }),
  }),
});

export const { useRecruitingStudiesQuery, useMyReferralsQuery, useCreateReferralMutation, usePortalMeQuery } =
  portalApi;
