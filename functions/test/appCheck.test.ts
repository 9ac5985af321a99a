// App Check in the functions: the ENFORCE_APP_CHECK parameter (true unless set false), and files-download refusing a
// call without a valid token as the callables' SDK does, served over HTTP by a plain Node server (docs/operations.md,
// "App Check"). The callables' own refusal runs in the Functions emulator: functions/test/http/appCheck.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StudyDocument } from '@trialdesk/shared';
import { ENFORCE_APP_CHECK, enforcesAppCheck } from '../src/common/appCheck.js';
import { serveFile } from '../src/files/endpoint.js';
import { idTokenOf, newDocument, persona, useProject, type Persona } from './helpers.js';

useProject('appcheck');

let editor: Persona;
let server: Server;
let base: string;
let path: string;
beforeAll(async () => {
  editor = await persona('editor');
  path = ((await newDocument(editor, { name: 'App Check' })) as StudyDocument).current.path;
  server = createServer((req, res) => void serveFile(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

const ENV = ['ENFORCE_APP_CHECK', 'FIREBASE_DEBUG_MODE', 'FIREBASE_DEBUG_FEATURES', 'FUNCTIONS_CONTROL_API'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** An unsigned JWT shaped as App Check's, which only a verifier that checks nothing would take. */
function unsignedAppCheckToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '1:1:web:x', aud: ['projects/1', 'projects/demo'], exp: now + 3600, iat: now };
  return `${part({ alg: 'RS256', typ: 'JWT', kid: 'k' })}.${part({ iss: 'https://example.test/', ...claims })}.`;
}

async function download(appCheck?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${idTokenOf(editor)}` };
  if (appCheck !== undefined) headers['x-firebase-appcheck'] = appCheck;
  const response = await fetch(`${base}/?path=${encodeURIComponent(path)}`, { headers });
  const body = response.ok ? null : ((await response.json()) as { error: { status: string; details?: unknown } });
  return { http: response.status, status: body?.error.status, details: body?.error.details };
}

const REFUSED = { http: 401, status: 'UNAUTHENTICATED', details: undefined };

describe('the ENFORCE_APP_CHECK parameter', () => {
  it('defaults to true (a deployment enforces unless it says false) and is read as the SDK reads a boolean', () => {
    // Its entry in the manifest `firebase deploy` reads (the SDK's own spec of a parameter).
    expect((ENFORCE_APP_CHECK as unknown as { toSpec(): unknown }).toSpec()).toMatchObject({
      name: 'ENFORCE_APP_CHECK',
      type: 'boolean',
      default: true,
    });
    process.env.ENFORCE_APP_CHECK = 'true';
    expect(enforcesAppCheck()).toBe(true);
    process.env.ENFORCE_APP_CHECK = 'false';
    expect(enforcesAppCheck()).toBe(false);
    // A deploy's discovery declares the callables with the default, without reading a value it may not have.
    process.env.FUNCTIONS_CONTROL_API = 'true';
    expect(enforcesAppCheck()).toBe(true);
  });
});

describe('files-download and App Check', () => {
  it('serves a call without a token while enforcement is off (npm start, scripts, curl)', async () => {
    process.env.ENFORCE_APP_CHECK = 'false';
    expect((await download()).http).toBe(200);
    expect((await download('not-a-token')).http).toBe(200);
  });

  it('refuses, with enforcement on, a call without a token and one firebase-admin cannot verify', async () => {
    process.env.ENFORCE_APP_CHECK = 'true';
    expect(await download()).toEqual(REFUSED);
    expect(await download('')).toEqual(REFUSED);
    expect(await download('not-a-token')).toEqual(REFUSED);
    expect(await download(unsignedAppCheckToken())).toEqual(REFUSED);
  });

  it('takes a token unverified where the Functions emulator skips verification, as its callables do', async () => {
    process.env.ENFORCE_APP_CHECK = 'true';
    process.env.FIREBASE_DEBUG_MODE = 'true';
    process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true, enableCors: true });
    expect(await download()).toEqual(REFUSED);
    expect((await download(unsignedAppCheckToken())).http).toBe(200);
  });
});
