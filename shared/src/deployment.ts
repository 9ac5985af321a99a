// A deployment's settings, each declared once: its name, who reads it (the web build, the functions' parameters or
// secrets), its form, and the local stack's demo value that production must not keep (docs/operations.md).

/** Who reads a setting: the web build (a `VITE_` variable), the functions (a parameter), or Secret Manager. */
export type SettingSide = 'web' | 'functions' | 'secret';

/** What a value must look like. */
export type SettingFormat =
  'text' | 'email' | 'https' | 'host' | 'port' | 'boolean' | 'bucket' | 'mailbox' | 'seconds' | 'timeZone';

export interface DeploymentSetting {
  /** The variable's name: `VITE_…` for the web, the parameter's or secret's name for the functions. */
  name: string;
  side: SettingSide;
  format: SettingFormat;
  /** What it is for, in the words docs/operations.md uses. */
  describe: string;
  /** Production may leave it unset: the functions then use this default (`defineString`'s, written once here). */
  default?: string;
  /** The local stack's value (never a production one). */
  demo?: string;
}

export const DEPLOYMENT_SETTINGS = [
  // The Firebase project's web app (Firebase console, Project settings, Your apps).
  { name: 'VITE_FIREBASE_API_KEY', side: 'web', format: 'text', describe: 'The web app’s API key' },
  { name: 'VITE_FIREBASE_AUTH_DOMAIN', side: 'web', format: 'host', describe: 'The Auth domain' },
  {
    name: 'VITE_FIREBASE_PROJECT_ID',
    side: 'web',
    format: 'text',
    describe: 'The Firebase project id',
    demo: 'demo-trialdesk',
  },
  { name: 'VITE_FIREBASE_APP_ID', side: 'web', format: 'text', describe: 'The web app’s id' },
  { name: 'VITE_FIREBASE_STORAGE_BUCKET', side: 'web', format: 'bucket', describe: 'The default Storage bucket' },
  { name: 'VITE_FIREBASE_MESSAGING_SENDER_ID', side: 'web', format: 'text', describe: 'The project’s number' },
  // What people read on the public pages.
  {
    name: 'VITE_ORGANISATION_NAME',
    side: 'web',
    format: 'text',
    describe: 'The organisation that runs this TrialDesk (public pages, privacy notice)',
    demo: 'TrialDesk demo',
  },
  {
    name: 'VITE_SUPPORT_EMAIL',
    side: 'web',
    format: 'email',
    describe: 'Where people write for help (support page)',
    demo: 'support@trialdesk.test',
  },
  {
    name: 'VITE_PRIVACY_POLICY_URL',
    side: 'web',
    format: 'https',
    describe: 'The organisation’s privacy policy',
    demo: 'https://trialdesk.test/privacy',
  },
  {
    name: 'VITE_DATA_DELETION_EMAIL',
    side: 'web',
    format: 'email',
    describe: 'Whom people write to have their data deleted (data-deletion page)',
    demo: 'privacy@trialdesk.test',
  },
  {
    name: 'VITE_APP_CHECK_SITE_KEY',
    side: 'web',
    format: 'text',
    describe: 'The reCAPTCHA Enterprise site key App Check uses in the browser',
  },
  // The functions' parameters (functions/.env.<project>) and secrets.
  {
    name: 'APP_URL',
    side: 'functions',
    format: 'https',
    describe: 'The web app’s address: links in e-mail start with it',
    demo: 'http://127.0.0.1:5000',
  },
  {
    name: 'REGISTRY_API_URL',
    side: 'functions',
    format: 'https',
    describe: 'ClinicalTrials.gov’s API v2',
    default: 'https://clinicaltrials.gov/api/v2',
  },
  { name: 'SMTP_HOST', side: 'functions', format: 'host', describe: 'The SMTP server mail is sent through' },
  { name: 'SMTP_PORT', side: 'functions', format: 'port', describe: 'The SMTP server’s port', default: '587' },
  {
    name: 'SMTP_SECURE',
    side: 'functions',
    format: 'boolean',
    describe: 'TLS from the first byte (port 465) rather than STARTTLS',
    default: 'false',
  },
  {
    name: 'SMTP_USER',
    side: 'functions',
    format: 'text',
    describe: 'The SMTP account (empty: the server takes mail without signing in)',
    default: '',
  },
  {
    name: 'MAIL_FROM',
    side: 'functions',
    format: 'mailbox',
    describe: 'The sender of every message, such as "TrialDesk <no-reply@trialdesk.example.org>"',
    demo: 'TrialDesk <no-reply@trialdesk.test>',
  },
  {
    name: 'MAIL_RETRY_MIN_SECONDS',
    side: 'functions',
    format: 'seconds',
    describe: 'Seconds before a failed message is tried again (doubled after each failure)',
    default: '60',
  },
  {
    name: 'MAIL_RETRY_MAX_SECONDS',
    side: 'functions',
    format: 'seconds',
    describe: 'The longest wait between two attempts to send a message',
    default: '3600',
  },
  {
    name: 'TEAM_TIME_ZONE',
    side: 'functions',
    format: 'timeZone',
    describe: 'The team’s IANA time zone: the times readable exports write',
    default: 'America/Toronto',
  },
  { name: 'SMTP_PASSWORD', side: 'secret', format: 'text', describe: 'The SMTP account’s password' },
  {
    name: 'PATIENT_ID_HASH_SECRET',
    side: 'secret',
    format: 'text',
    describe: 'The key of the patient identifiers’ keyed hash (HMAC): set once, never changed (docs/security.md)',
  },
  {
    name: 'BACKUP_BUCKET',
    side: 'functions',
    format: 'bucket',
    describe: 'The Cloud Storage bucket the nightly Firestore export is written to',
    demo: 'demo-trialdesk-backups',
  },
  {
    name: 'ENFORCE_APP_CHECK',
    side: 'functions',
    format: 'boolean',
    describe: 'Callables refuse calls without a valid App Check token (false only for a first deployment)',
    default: 'true',
  },
] as const satisfies readonly DeploymentSetting[];

export type DeploymentSettingName = (typeof DEPLOYMENT_SETTINGS)[number]['name'];

/** The declaration of setting `name`. */
export function deploymentSetting(name: DeploymentSettingName): DeploymentSetting {
  return DEPLOYMENT_SETTINGS.find((setting) => setting.name === name)!;
}

/** A functions parameter's options (`defineString`'s and its kin's), from its declaration: written once, here. */
export function parameterOptions(name: DeploymentSettingName): { description: string; default?: string } {
  const setting = deploymentSetting(name);
  return setting.default === undefined
    ? { description: setting.describe }
    : { description: setting.describe, default: setting.default };
}

/** Why a value cannot go to production. */
export type SettingProblem = 'missing' | 'demo' | 'invalid';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;
/** Hosts only a developer's machine or a demo has: `.test` (RFC 2606), loopback, and `demo-` projects. */
const DEMO_MARK = /(\.test\b|\b127\.0\.0\.1\b|\blocalhost\b|^demo-)/i;

function formatHolds(format: SettingFormat, value: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(value);
    case 'https':
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    case 'host':
      return HOST.test(value);
    case 'port':
      return /^\d{1,5}$/.test(value) && Number(value) > 0 && Number(value) < 65536;
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'bucket':
      return BUCKET.test(value.replace(/^gs:\/\//, ''));
    case 'mailbox': {
      const address = /<([^>]+)>\s*$/.exec(value)?.[1] ?? value;
      return EMAIL.test(address.trim());
    }
    case 'seconds':
      return /^\d{1,9}$/.test(value) && Number(value) > 0;
    case 'timeZone':
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    case 'text':
      return value.trim().length > 0;
  }
}

/**
 * What stops `value` going to production for `setting`: unset without a default, the local stack's demo value or a
 * demo host, or not of its form. `undefined` when it may go.
 */
export function settingProblem(setting: DeploymentSetting, value: string | undefined): SettingProblem | undefined {
  const given = value?.trim();
  if (!given) return setting.default === undefined ? 'missing' : undefined;
  if (given === setting.demo || DEMO_MARK.test(given)) return 'demo';
  return formatHolds(setting.format, given) ? undefined : 'invalid';
}

/** Every setting of `sides` that `values` cannot deploy, in declaration order. */
export function deploymentProblems(
  values: Readonly<Record<string, string | undefined>>,
  sides: readonly SettingSide[] = ['web', 'functions', 'secret'],
): { setting: DeploymentSetting; problem: SettingProblem }[] {
  return DEPLOYMENT_SETTINGS.filter((setting) => sides.includes(setting.side)).flatMap((setting) => {
    const problem = settingProblem(setting, values[setting.name]);
    return problem ? [{ setting, problem }] : [];
  });
}

/** What a value of each form looks like, for the sentence naming an invalid one. */
const FORMS: Record<SettingFormat, string> = {
  text: 'some text',
  email: 'an e-mail address such as privacy@example.org',
  https: 'an https:// address',
  host: 'a host name such as smtp.example.org',
  port: 'a port number (1 to 65535)',
  boolean: 'true or false',
  bucket: 'a Cloud Storage bucket name (gs:// may precede it)',
  mailbox: 'a sender such as "TrialDesk <no-reply@example.org>"',
  seconds: 'a whole number of seconds above 0',
  timeZone: 'an IANA time zone such as America/Toronto',
};

/** Where a deployment's value of `setting` is kept for `project` (docs/operations.md, "Configuration"). */
export function settingPlace(setting: DeploymentSetting, project: string): string {
  switch (setting.side) {
    case 'web':
      return `web/.env.${project}`;
    case 'functions':
      return `functions/.env.${project}`;
    case 'secret':
      return `Secret Manager: firebase functions:secrets:set ${setting.name} --project ${project}`;
  }
}

/** One line naming `setting` and what is wrong with `value`, for a build's or the preflight's refusal. */
export function settingProblemText(setting: DeploymentSetting, problem: SettingProblem, value?: string): string {
  const shown = JSON.stringify(value?.trim() ?? '');
  switch (problem) {
    case 'missing':
      return `${setting.name} is not set (${setting.describe})`;
    case 'demo':
      return `${setting.name} is ${shown}, a value of the local stack (a .test, localhost or demo- one), not this deployment’s`;
    case 'invalid':
      return `${setting.name} is ${shown}, which is not ${FORMS[setting.format]}`;
  }
}
