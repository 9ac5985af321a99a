// The preflight (scripts/preflight.ts) on a temporary copy of the deployed files: a good configuration passes; a
// broken one fails naming each problem (a demo value, a missing setting, a secret in a file, a rules syntax error,
// a stale indexes file, a missing and a foreign callable, a local CSP host); `npm run preflight` on the repository
// as it stands fails naming its demo project and missing settings.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspProblems, formatReport, preflight, type PreflightReport } from '@trialdesk/scripts/preflight';
import { ROOT } from '@trialdesk/scripts/stack';
import { CALLABLE_NAMES } from '@trialdesk/shared';

const PROJECT = 'chum-trialdesk';

const GOOD_WEB = {
  VITE_FIREBASE_API_KEY: 'AIzaSyPreflightTestKey0123456789abcdef',
  VITE_FIREBASE_AUTH_DOMAIN: 'chum-trialdesk.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0123456789abcdef',
  VITE_FIREBASE_STORAGE_BUCKET: 'chum-trialdesk.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  VITE_ORGANISATION_NAME: 'CHUM Research Centre',
  VITE_SUPPORT_EMAIL: 'trialdesk-support@chum.example.org',
  VITE_PRIVACY_POLICY_URL: 'https://chum.example.org/privacy',
  VITE_DATA_DELETION_EMAIL: 'privacy@chum.example.org',
  VITE_APP_CHECK_SITE_KEY: '6LcPreflightTestSiteKey',
};
const GOOD_FUNCTIONS = {
  APP_URL: 'https://trialdesk.chum.example.org',
  SMTP_HOST: 'smtp.chum.example.org',
  MAIL_FROM: 'TrialDesk <no-reply@chum.example.org>',
  BACKUP_BUCKET: 'chum-trialdesk-backups',
};

const dotenv = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${value}"\n`)
    .join('');

/** A folder with the repository's deployed files and the project's env files (`web`, `functions`). */
function projectCopy(web: Record<string, string>, functions: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'trialdesk-preflight-'));
  for (const file of ['firebase.json', 'firestore.rules', 'storage.rules', 'firestore.indexes.json', '.firebaserc']) {
    copyFileSync(join(ROOT, file), join(root, file));
  }
  mkdirSync(join(root, 'web'));
  mkdirSync(join(root, 'functions'));
  writeFileSync(join(root, 'web', `.env.${PROJECT}`), dotenv(web));
  writeFileSync(join(root, 'functions', `.env.${PROJECT}`), dotenv(functions));
  return root;
}

const problemsOf = (report: PreflightReport, check: string) =>
  report.problems.filter((found) => found.check === check).map((found) => `${found.problem} | ${found.fix}`);

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the preflight', () => {
  let bundle: string;
  let good: PreflightReport;

  beforeAll(async () => {
    const root = projectCopy(GOOD_WEB, GOOD_FUNCTIONS);
    folders.push(root);
    // Builds functions/lib, as the command does.
    good = await preflight({ project: PROJECT, root });
    bundle = join(ROOT, 'functions', 'lib', 'index.js');
  });

  it('passes a good configuration, and tells the secrets to set', () => {
    expect(good.problems, formatReport(good)).toEqual([]);
    const notes = good.notes.map((note) => note.text).join('\n');
    expect(notes).toContain(`firebase functions:secrets:set SMTP_PASSWORD --project ${PROJECT}`);
    expect(notes).toContain(`firebase functions:secrets:set PATIENT_ID_HASH_SECRET --project ${PROJECT}`);
    expect(formatReport(good)).toMatch(/preflight chum-trialdesk: all 5 checks passed$/);
  });

  it('fails a broken configuration, naming each problem and its fix', async () => {
    const root = projectCopy(
      { ...GOOD_WEB, VITE_SUPPORT_EMAIL: 'support@trialdesk.test' },
      { ...GOOD_FUNCTIONS, SMTP_HOST: '', SMTP_PASSWORD: 'in-a-file' },
    );
    folders.push(root);
    // A rules syntax error on line 8.
    const rules = readFileSync(join(root, 'firestore.rules'), 'utf8').replace(
      'allow read, write: if false;',
      'allow read, write if false;',
    );
    writeFileSync(join(root, 'firestore.rules'), rules);
    const indexes = JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as { indexes: unknown[] };
    writeFileSync(
      join(root, 'firestore.indexes.json'),
      JSON.stringify({ ...indexes, indexes: indexes.indexes.slice(1) }),
    );
    const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      hosting: { headers: { headers: { key: string; value: string }[] }[] };
    };
    const csp = config.hosting.headers[0].headers.find((header) => header.key === 'Content-Security-Policy')!;
    csp.value = csp.value
      .replace('connect-src', 'connect-src http://127.0.0.1:8080 ws://localhost:5173')
      .replace(' https://login.microsoftonline.com', '');
    writeFileSync(join(root, 'firebase.json'), JSON.stringify(config));
    // The real bundle without dashboard-stats, and with a callable of no contract, outside the region and App Check.
    const https = import.meta.resolve('firebase-functions/v2/https');
    const entry = join(root, 'bundle.mjs');
    writeFileSync(
      entry,
      [
        `import * as all from ${JSON.stringify(pathToFileURL(bundle).href)};`,
        `import { onCall } from ${JSON.stringify(https)};`,
        `export * from ${JSON.stringify(pathToFileURL(bundle).href)};`,
        'export const dashboard = (({ stats, ...rest }) => rest)(all.dashboard);',
        "export const extra = { probe: onCall({ region: 'us-central1' }, () => 1) };",
      ].join('\n'),
    );

    const report = await preflight({ project: PROJECT, root, bundle: entry });
    const text = formatReport(report);
    expect(report.problems.length, text).toBeGreaterThan(0);
    const settings = problemsOf(report, 'settings');
    expect(
      settings.find((line) => line.startsWith('VITE_SUPPORT_EMAIL is "support@trialdesk.test"')),
      text,
    ).toContain(`web/.env.${PROJECT}`);
    expect(
      settings.find((line) => line.startsWith('SMTP_HOST is not set')),
      text,
    ).toContain(`functions/.env.${PROJECT}`);
    expect(
      settings.find((line) => line.startsWith('SMTP_PASSWORD is written in an env file')),
      text,
    ).toContain('firebase functions:secrets:set SMTP_PASSWORD');
    expect(problemsOf(report, 'rules'), text).toEqual([
      expect.stringMatching(
        /^firestore\.rules line 8, column 25: expected ';' before 'if false;.* \| correct firestore\.rules at line 8, column 25$/,
      ),
    ]);
    expect(problemsOf(report, 'indexes'), text).toEqual([
      expect.stringContaining('(1 missing, 0 not needed) | run npm run indexes -w functions'),
    ]);
    const functions = problemsOf(report, 'functions');
    expect(
      functions.find((line) => line.includes('lacks callables')),
      text,
    ).toContain(': dashboard-stats |');
    expect(
      functions.find((line) => line.includes('callables the contract does not')),
      text,
    ).toContain('extra-probe');
    expect(
      functions.find((line) => line.startsWith('extra-probe deploys to us-central1')),
      text,
    ).toBeDefined();
    expect(
      functions.find((line) => line.includes('accept calls without an App Check token')),
      text,
    ).toContain(': extra-probe |');
    expect(functions, text).toContain(
      "extra-probe's timeout is not set: the web gives up after 70 s, so it must end sooner | set timeoutSeconds below 70 in functions/src/common/callable.ts",
    );
    const csp2 = problemsOf(report, 'csp');
    expect(
      csp2.find((line) => line.startsWith('connect-src allows http://127.0.0.1:8080')),
      text,
    ).toContain('remove http://127.0.0.1:8080');
    expect(
      csp2.find((line) => line.startsWith('connect-src allows ws://localhost:5173')),
      text,
    ).toBeDefined();
    expect(
      csp2.find((line) => line.startsWith('frame-src does not allow https://login.microsoftonline.com')),
      text,
    ).toContain('add https://login.microsoftonline.com to frame-src');
    expect(text).toMatch(/preflight chum-trialdesk: 5 of 5 checks failed, \d+ problems to fix before firebase deploy$/);
  });

  it('takes an alias of .firebaserc, and a first deployment without App Check enforcement as a note', async () => {
    const root = projectCopy(GOOD_WEB, { ...GOOD_FUNCTIONS, ENFORCE_APP_CHECK: 'false' });
    folders.push(root);
    writeFileSync(
      join(root, '.firebaserc'),
      JSON.stringify({ projects: { default: 'demo-trialdesk', prod: PROJECT } }),
    );
    // The web's mode is the name given; the functions read .env.<project id> as firebase-tools does.
    writeFileSync(join(root, 'web', '.env.prod'), dotenv(GOOD_WEB));
    const report = await preflight({ project: 'prod', root, bundle });
    expect(report.problems, formatReport(report)).toEqual([]);
    expect(report.notes.map((note) => note.text).join('\n')).toContain(
      'App Check is not enforced (ENFORCE_APP_CHECK=false)',
    );
    expect(CALLABLE_NAMES.length).toBeGreaterThan(40);
  });

  it('fails a bundle that does not load, naming its error', async () => {
    const root = projectCopy(GOOD_WEB, GOOD_FUNCTIONS);
    folders.push(root);
    writeFileSync(join(root, 'bundle.mjs'), "throw new TypeError('settings.region is undefined');\n");
    const report = await preflight({ project: PROJECT, root, bundle: join(root, 'bundle.mjs') });
    expect(problemsOf(report, 'functions')).toEqual([
      expect.stringMatching(/^the bundle does not load: TypeError: settings\.region is undefined \| correct/),
    ]);
  });

  it('fails on the repository as it stands, naming its demo project and the settings it lacks', async () => {
    const run = promisify(execFile)('npm', ['run', '--silent', 'preflight'], { cwd: ROOT });
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stdout: string } | null;
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('the project demo-trialdesk is the local stack');
    expect(failure?.stdout).toContain('VITE_SUPPORT_EMAIL is not set');
    expect(failure?.stdout).toContain('APP_URL is not set');
    expect(failure?.stdout).toMatch(/preflight demo-trialdesk: \d of 5 checks failed/);
  });
});

describe("the preflight's CSP check", () => {
  const policy = (value: string) => ({
    hosting: { headers: [{ source: '**', headers: [{ key: 'Content-Security-Policy', value }] }] },
  });
  const production =
    "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; " +
    "img-src 'self' https:; connect-src 'self' https://*.googleapis.com https://*.cloudfunctions.net; " +
    "frame-src 'self' https://login.microsoftonline.com https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";
  const frames = (problems: { problem: string }[]) => problems.map((found) => found.problem);

  it("takes 'self' for the app's own origin only: an Auth domain on the app's host, not another", () => {
    const app = 'https://trialdesk.chum.example.org';
    expect(cspProblems(policy(production), PROJECT, 'trialdesk.chum.example.org', app)).toEqual([]);
    expect(frames(cspProblems(policy(production), PROJECT, 'chum-trialdesk.firebaseapp.com', app))).toEqual([
      'frame-src does not allow https://chum-trialdesk.firebaseapp.com, needed by Firebase Auth’s sign-in frame (Microsoft sign-in)',
    ]);
  });

  it('falls back to default-src, and matches wildcards on subdomains only', () => {
    const noConnect = production.replace(/connect-src [^;]*; /, '');
    expect(
      frames(
        cspProblems(policy(noConnect), PROJECT, 'trialdesk.chum.example.org', 'https://trialdesk.chum.example.org'),
      ),
    ).toContain('connect-src does not allow https://firestore.googleapis.com, needed by Firestore');
    const bare = production.replace('https://*.cloudfunctions.net', 'https://cloudfunctions.net');
    expect(
      frames(cspProblems(policy(bare), PROJECT, 'trialdesk.chum.example.org', 'https://trialdesk.chum.example.org')),
    ).toEqual([
      'connect-src does not allow https://northamerica-northeast1-chum-trialdesk.cloudfunctions.net, needed by the callables',
    ]);
  });
});
