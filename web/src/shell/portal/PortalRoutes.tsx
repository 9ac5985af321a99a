// The referral portal's routes under /refer: its sign-in in its layout, and its pages for approved referrers only.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import PortalLayout from './PortalLayout';

// One chunk per page: the sign-in page carries none of the signed-in pages.
const PortalLoginPage = lazy(() => import('./PortalLoginPage'));
const StudiesPage = lazy(() => import('../../portal/StudiesPage'));
const ReferPage = lazy(() => import('../../portal/ReferPage'));
const ReferralsPage = lazy(() => import('../../portal/ReferralsPage'));
// The guard of the signed-in pages, with what they share (the server-data API, antd's App).
const RequireReferrer = lazy(() => import('./RequireReferrer'));
const PortalNotFound = lazy(() => import('../../portal/PortalNotFound'));

/** Matched below /refer (see shell/routes.tsx). */
export default function PortalRoutes() {
  return (
    <Routes>
      <Route element={<PortalLayout />}>
        <Route path="login" element={<PortalLoginPage />} />
        <Route element={<RequireReferrer />}>
          <Route index element={<StudiesPage />} />
          <Route path="studies/:id" element={<ReferPage />} />
          <Route path="referrals" element={<ReferralsPage />} />
        </Route>
        <Route path="*" element={<PortalNotFound />} />
      </Route>
    </Routes>
  );
}
