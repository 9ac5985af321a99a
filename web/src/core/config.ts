// Contact points and external links shown on the public pages: one place to change them per deployment.
export const SUPPORT_EMAIL = 'support@trialdesk.test';
export const PRIVACY_OFFICER_EMAIL = 'privacy@trialdesk.test';
/** Placeholder until the organisation publishes its privacy policy. */
export const PRIVACY_POLICY_URL = 'https://trialdesk.test/privacy';
export const CAI_URL = 'https://www.cai.gouv.qc.ca';
/** Spec section 9: the sider becomes a drawer below this width. */
export const MOBILE_BREAKPOINT = 1023;
export const SEARCH_DEBOUNCE_MS = 250;
