// The web's settings: the organisation and its contact points (the deployment's), the signed-in base path, layout and
// search timing.

// A deployment's own, from its build (web/.env.<project>; docs/operations.md, "Configuration"): a production build
// without them stops (build/deploymentSettings.ts), a local stack's build takes the demo values.
/** The organisation that runs this TrialDesk: the public pages and the privacy notice name it. */
export const ORGANISATION_NAME = import.meta.env.VITE_ORGANISATION_NAME;
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL;
export const PRIVACY_POLICY_URL = import.meta.env.VITE_PRIVACY_POLICY_URL;
/** Whom people write to have their personal information deleted (the data-deletion page). */
export const DATA_DELETION_EMAIL = import.meta.env.VITE_DATA_DELETION_EMAIL;
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
