// The project folder firebase-tools runs in: a generated firebase.json with this stack's ports, links to the real
// folders, and the copy of the web app Hosting serves, with this stack's emulators.json.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST, PROJECT_ID, ROOT, type StackPorts } from './config.js';

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
export async function makeProjectDir(ports: StackPorts, hosting: boolean, webDist: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trialdesk-stack-'));
  const config = JSON.parse(await readFile(join(ROOT, 'firebase.json'), 'utf8')) as Record<string, unknown>;
  const emulators = config.emulators as Record<string, unknown>;
  for (const name of Object.keys(ports) as (keyof StackPorts)[]) {
    // The registry's stand-in is no firebase-tools emulator: the functions find it through REGISTRY_API_URL.
    if (name !== 'registry') emulators[name] = { host: HOST, port: ports[name] };
  }
  if (hosting) allowLocalOrigins(config.hosting as HostingConfig);
  else delete config.hosting;
  delete config.$schema;
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  await mkdir(join(dir, 'tmp'));
  await symlink(join(ROOT, 'functions'), join(dir, 'functions'), 'dir');
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (hosting) await copyWeb(webDist, join(dir, 'web', 'dist'), ports);
  return dir;
}

/** What the web app (emulator build) reads at startup to find this stack's emulators. */
export interface EmulatorsJson {
  projectId: string;
  authUrl: string;
  functionsHost: string;
  functionsPort: number;
  storageHost: string;
  storagePort: number;
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
  };
  await writeFile(join(target, 'emulators.json'), JSON.stringify(emulators, null, 2));
}
