// The project folder firebase-tools runs in: a generated firebase.json with this stack's ports, links to the real
// folders, and the copy of the web app Hosting serves, with this stack's emulators.json.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEPLOYMENT_SETTINGS } from '@trialdesk/shared';
import { APP_CHECK_DEBUG_TOKEN, HOST, LOCAL_APP_ID, OWN_PORTS, PROJECT_ID, ROOT, type StackPorts } from './config.js';

interface HostingConfig {
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

/**
 * The deployed Content-Security-Policy (firebase.json) names no local origin; the app of a local stack reaches the
 * emulators on this host (callables, Auth, Storage and the pictures it serves), so only its copy allows them.
 */
function allowLocalOrigins(hosting: HostingConfig): void {
  for (const header of hosting.headers.flatMap((rule) => rule.headers)) {
    if (header.key !== 'Content-Security-Policy') continue;
    header.value = header.value.replace(/\b(img-src|connect-src)([^;]*)/g, `$1$2 http://${HOST}:*`);
  }
}

/**
 * firebase-tools takes its ports from firebase.json only, so each stack gets its own project folder: a generated
 * firebase.json beside links to the real functions/, web/ and node_modules/.
 */
export async function makeProjectDir(
  ports: StackPorts,
  hosting: boolean,
  webDist: string,
  params: Record<string, string>,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trialdesk-stack-'));
  const config = JSON.parse(await readFile(join(ROOT, 'firebase.json'), 'utf8')) as Record<string, unknown>;
  const emulators = config.emulators as Record<string, unknown>;
  for (const name of Object.keys(ports) as (keyof StackPorts)[]) {
    // The registry's stand-in and maildev are no firebase-tools emulators: the functions find them through their
    // environment and parameters.
    if (!OWN_PORTS.includes(name)) emulators[name] = { host: HOST, port: ports[name] };
  }
  // The functions' parameters come from this stack's own folder (see writeFunctionsConfig).
  for (const functions of config.functions as { configDir?: string }[]) functions.configDir = FUNCTIONS_CONFIG;
  if (hosting) allowLocalOrigins(config.hosting as HostingConfig);
  else delete config.hosting;
  delete config.$schema;
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  await mkdir(join(dir, 'tmp'));
  await writeFunctionsConfig(join(dir, FUNCTIONS_CONFIG), params);
  await symlink(join(ROOT, 'functions'), join(dir, 'functions'), 'dir');
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (hosting) await copyWeb(webDist, join(dir, 'web', 'dist'), ports);
  return dir;
}

/** The folder of the project dir holding the functions' dotenv files (firebase.json's `functions[].configDir`). */
const FUNCTIONS_CONFIG = 'functions-config';

/** A dotenv value, quoted (firebase-tools' parser reads escapes inside double quotes). */
const dotenvValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * The functions' parameters for this stack. The Functions emulator reads parameters from the dotenv files of the
 * functions' configDir only, never from its own environment, and writes the defaulted ones it resolves there: a
 * folder of the stack's own keeps each stack's values (its ports) apart, and the repository's functions/ clean. The
 * secret (SMTP_PASSWORD) it reads from functions/.secret.local only, else asks Secret Manager: the file is made when
 * missing, with a value maildev ignores (no SMTP_USER, so the functions never sign in); a developer's own is kept.
 */
async function writeFunctionsConfig(dir: string, params: Record<string, string>): Promise<void> {
  await mkdir(dir);
  // The functions' settings the stack does not give itself keep their demo values (shared/src/deployment.ts).
  const demos: Record<string, string> = {};
  for (const s of DEPLOYMENT_SETTINGS) if (s.side === 'functions' && 'demo' in s) demos[s.name] = s.demo;
  const lines = Object.entries({ ...demos, ...params }).map(([name, value]) => `${name}=${dotenvValue(value)}`);
  await writeFile(join(dir, '.env.local'), `${lines.join('\n')}\n`);
  const secrets = join(ROOT, 'functions', '.secret.local');
  if (!existsSync(secrets)) {
    await writeFile(
      secrets,
      '# The local stack\'s secrets (docs/mail.md, "Configuration"); maildev needs no password.\nSMTP_PASSWORD=unused-by-maildev\n',
      { flag: 'wx' },
    ).catch(() => {});
  }
}

/** What the web app (emulator build) reads at startup to find this stack's emulators. */
export interface EmulatorsJson {
  projectId: string;
  authUrl: string;
  functionsHost: string;
  functionsPort: number;
  storageHost: string;
  storagePort: number;
  /** The web app's id, and where and with which debug token it gets App Check tokens (docs/operations.md). */
  appId: string;
  appCheckUrl: string;
  appCheckDebugToken: string;
}

/**
 * Hosting serves a copy of web/dist plus an `emulators.json` naming this stack's ports, so one build of the web
 * app serves any stack (a developer's `npm start` on the default ports and the browser tests on free ones).
 */
async function copyWeb(dist: string, target: string, ports: StackPorts): Promise<void> {
  if (existsSync(dist)) await cp(dist, target, { recursive: true });
  else await mkdir(target, { recursive: true });
  const emulators: EmulatorsJson = {
    projectId: PROJECT_ID,
    authUrl: `http://${HOST}:${ports.auth}`,
    functionsHost: HOST,
    functionsPort: ports.functions,
    storageHost: HOST,
    storagePort: ports.storage,
    appId: LOCAL_APP_ID,
    appCheckUrl: `http://${HOST}:${ports.appCheck}`,
    appCheckDebugToken: APP_CHECK_DEBUG_TOKEN,
  };
  await writeFile(join(target, 'emulators.json'), JSON.stringify(emulators, null, 2));
}
