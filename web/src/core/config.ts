// The web's settings: contact points and links of the public pages, the signed-in base path, layout and search timing.
export const SUPPORT_EMAIL = 'support@trialdesk.test';
export const PRIVACY_OFFICER_EMAIL = 'privacy@trialdesk.test';
/** Placeholder until the organisation publishes its privacy policy. */
export const PRIVACY_POLICY_URL = 'https://trialdesk.test/privacy';
export const CAI_URL = 'https://www.cai.gouv.qc.ca';
/** The sider becomes a drawer below this width. */
export const MOBILE_BREAKPOINT = 1023;
export const SEARCH_DEBOUNCE_MS = 250;
/** Where the signed-in screens live; a resource's paths are built under it (see ui/resource/definition.ts). */
export const APP_PATH = '/app';
/** Where the template showcase's e-commerce screens live (sample data, kept in the browser). */
export const ECOMMERCE_PATH = '/apps/ecommerce';
/** The first segments of the template showcase's pages: signed-in paths beside /app (see docs/architecture.md). */
export const SHOWCASE_BASES = ['/dashboards', '/apps', '/ui'] as const;
