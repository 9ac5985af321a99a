// @vitest-environment node
// A production build of the web refuses a deployment's missing, malformed or demo settings, naming each, before
// bundling; a local stack's build takes the demo values. The check alone, then the real `vite build --mode`.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoWebEnv, targetsEmulators, webBuildDefines, webSettingsRefusal } from '../build/deploymentSettings';

/** A deployment's web settings, each set and of its form. */
const PRODUCTION = {
  VITE_FIREBASE_API_KEY: 'AIzaSyA-crl-example-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'crl-trialdesk.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'crl-trialdesk',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0a1b2c3d4e5f',
  VITE_FIREBASE_STORAGE_BUCKET: 'crl-trialdesk.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  VITE_ORGANISATION_NAME: 'Centre de recherche Laurentides',
  VITE_SUPPORT_EMAIL: 'aide@crl.example.org',
  VITE_PRIVACY_POLICY_URL: 'https://crl.example.org/confidentialite',
  VITE_DATA_DELETION_EMAIL: 'vie-privee@crl.example.org',
  VITE_APP_CHECK_SITE_KEY: '6LcCrlExampleSiteKey',
};

describe('the web settings check', () => {
  it('lets a complete production configuration through', () => {
    expect(webSettingsRefusal(PRODUCTION, 'crl-trialdesk')).toBeUndefined();
    expect(webBuildDefines(PRODUCTION, 'build', 'crl-trialdesk')).toEqual({
      'import.meta.env.VITE_USE_EMULATORS': '"false"',
    });
  });

  it('names each setting missing, malformed or a demo value, and where to set it', () => {
    const { VITE_SUPPORT_EMAIL: _unset, ...rest } = PRODUCTION;
    const refusal = webSettingsRefusal(
      { ...rest, VITE_PRIVACY_POLICY_URL: 'https://trialdesk.test/privacy', VITE_DATA_DELETION_EMAIL: 'privacy' },
      'crl-trialdesk',
    );
    expect(refusal).toContain('Set them in web/.env.crl-trialdesk');
    const named = refusal!.split('\n').filter((line) => line.startsWith('  - '));
    expect(named).toEqual([
      '  - VITE_SUPPORT_EMAIL is not set (Where people write for help (support page))',
      '  - VITE_PRIVACY_POLICY_URL is "https://trialdesk.test/privacy", a value of the local stack (a .test, localhost or demo- one), not this deployment’s',
      '  - VITE_DATA_DELETION_EMAIL is "privacy", which is not an e-mail address such as privacy@example.org',
    ]);
  });

  it('refuses a production build carrying the demo values, and builds without a project only for the emulators', () => {
    const demo = { ...PRODUCTION, ...demoWebEnv() };
    expect(() => webBuildDefines(demo, 'build', 'production')).toThrow(/VITE_ORGANISATION_NAME is "TrialDesk demo"/);
    // No project and no VITE_USE_EMULATORS: a production build that says what it lacks, not a local one.
    expect(targetsEmulators({}, 'build')).toBe(false);
    expect(() => webBuildDefines({}, 'build', 'production')).toThrow(/VITE_FIREBASE_PROJECT_ID is not set/);
    expect(targetsEmulators({}, 'serve')).toBe(true);
    expect(targetsEmulators({ VITE_FIREBASE_PROJECT_ID: 'crl-trialdesk' }, 'serve')).toBe(false);
  });

  it("gives an emulator build the declaration's demo values for the settings left unset", () => {
    expect(demoWebEnv()).toEqual({
      VITE_FIREBASE_PROJECT_ID: 'demo-trialdesk',
      VITE_ORGANISATION_NAME: 'TrialDesk demo',
      VITE_SUPPORT_EMAIL: 'support@trialdesk.test',
      VITE_PRIVACY_POLICY_URL: 'https://trialdesk.test/privacy',
      VITE_DATA_DELETION_EMAIL: 'privacy@trialdesk.test',
    });
    const defines = webBuildDefines({ VITE_USE_EMULATORS: 'true', VITE_SUPPORT_EMAIL: 'help@lab.test' }, 'build', 'x');
    expect(defines['import.meta.env.VITE_USE_EMULATORS']).toBe('"true"');
    expect(defines['import.meta.env.VITE_ORGANISATION_NAME']).toBe('"TrialDesk demo"');
    expect(defines['import.meta.env.VITE_PRIVACY_POLICY_URL']).toBe('"https://trialdesk.test/privacy"');
    // A value the local build was given stays.
    expect(defines).not.toHaveProperty('import.meta.env.VITE_SUPPORT_EMAIL');
  });
});

const WEB = join(import.meta.dirname, '..');
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const work = mkdtempSync(join(tmpdir(), 'trialdesk-web-settings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * `vite build --mode <mode>` with the web's own config, page and sources, rooted in a folder of the test's so that
 * the mode's env file (`.env.<mode>`, holding `settings`) is the test's, and given no VITE_ variable of this process
 * (the unit tests run with the demo values in theirs) beyond `variables`.
 */
function build(mode: string, settings: Record<string, string>, variables: Record<string, string> = {}) {
  const root = join(work, mode);
  mkdirSync(root);
  copyFileSync(join(WEB, 'index.html'), join(root, 'index.html'));
  symlinkSync(join(WEB, 'src'), join(root, 'src'));
  symlinkSync(join(WEB, 'public'), join(root, 'public'));
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}\n`);
  writeFileSync(join(root, `.env.${mode}`), lines.join(''));
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'NODE_ENV');
  const outDir = join(root, 'dist');
  const run = spawnSync(
    process.execPath,
    [VITE, 'build', root, '--config', join(WEB, 'vite.config.ts'), '--mode', mode, '--outDir', outDir],
    // As `npm run build` runs it (NODE_ENV=production: React's production build).
    { cwd: WEB, env: { ...Object.fromEntries(inherited), NODE_ENV: 'production', ...variables }, encoding: 'utf8' },
  );
  /** The built JavaScript, every chunk. */
  const script = () =>
    readdirSync(join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n');
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`, outDir, script };
}

describe('vite build --mode <project>', () => {
  it('stops before bundling when a setting is missing or a demo value, naming each', () => {
    const { VITE_ORGANISATION_NAME: _unset, ...rest } = PRODUCTION;
    const run = build('crl-missing', { ...rest, VITE_SUPPORT_EMAIL: 'support@trialdesk.test' });
    expect(run.status, run.output).not.toBe(0);
    expect(run.output).toContain('Set them in web/.env.crl-missing');
    expect(run.output).toContain('VITE_ORGANISATION_NAME is not set');
    expect(run.output).toContain('VITE_SUPPORT_EMAIL is "support@trialdesk.test", a value of the local stack');
    // The file's other settings were read: none of them is named.
    expect(run.output).not.toMatch(/VITE_(FIREBASE|PRIVACY|DATA_DELETION|APP_CHECK)\w* is/);
    expect(existsSync(run.outDir)).toBe(false);
  });

  it("builds with every setting set, the deployment's values in the app", () => {
    const run = build('crl-complete', PRODUCTION);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('Web settings of mode "crl-complete": every one set for production.');
    const script = run.script();
    for (const value of Object.values(PRODUCTION)) expect(script).toContain(value);
    for (const value of Object.values(demoWebEnv())) expect(script).not.toContain(value);
  });

  it("builds the local stack's app with the demo values (VITE_USE_EMULATORS)", () => {
    const run = build('emulators', {}, { VITE_USE_EMULATORS: 'true' });
    expect(run.status, run.output).toBe(0);
    const script = run.script();
    for (const value of Object.values(demoWebEnv())) expect(script).toContain(value);
  });
});
