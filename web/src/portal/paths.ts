// The referral portal's addresses (docs/architecture.md, "The referral portal").
import { PORTAL_LOGIN_PATH } from '../core/auth/redirect';

export const PORTAL_PATHS = {
  studies: '/refer',
  refer: (studyId: string) => `/refer/studies/${encodeURIComponent(studyId)}`,
  referrals: '/refer/referrals',
  login: PORTAL_LOGIN_PATH,
} as const;

/** Where a portal sign-in leads: `target` when it is one of the portal's pages, the recruiting studies otherwise. */
export const portalTarget = (target: string): string =>
  /^\/refer([/?#]|$)/.test(target) ? target : PORTAL_PATHS.studies;
