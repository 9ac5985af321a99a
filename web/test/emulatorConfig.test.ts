// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultEmulatorConfig, loadEmulatorConfig } from '../src/core/firebase';

let server: Server | undefined;

/** A real HTTP server on a free port answering /emulators.json with `status` and `body`. */
async function serve(status: number, body: string, type = 'application/json'): Promise<string> {
  server = createServer((request, response) => {
    if (request.url === '/emulators.json') response.writeHead(status, { 'content-type': type }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  server = undefined;
});

const stackConfig = {
  projectId: 'demo-trialdesk',
  authUrl: 'http://127.0.0.1:41234',
  functionsHost: '127.0.0.1',
  functionsPort: 41235,
  storageHost: '127.0.0.1',
  storagePort: 41236,
};

describe('runtime emulator configuration', () => {
  it("uses the stack's /emulators.json when it is served", async () => {
    const origin = await serve(200, JSON.stringify(stackConfig));
    expect(await loadEmulatorConfig(origin, {})).toEqual(stackConfig);
  });

  it('falls back to the firebase.json ports on a 404 (vite dev)', async () => {
    const origin = await serve(404, 'Not found', 'text/plain');
    expect(await loadEmulatorConfig(origin, {})).toEqual({
      projectId: 'demo-trialdesk',
      authUrl: 'http://127.0.0.1:9099',
      functionsHost: '127.0.0.1',
      functionsPort: 5001,
      storageHost: '127.0.0.1',
      storagePort: 9199,
    });
  });

  it('falls back to the VITE_* variables when they are set', async () => {
    const origin = await serve(404, 'Not found', 'text/plain');
    const env = {
      VITE_EMULATOR_HOST: 'localhost',
      VITE_AUTH_EMULATOR_PORT: '19099',
      VITE_FUNCTIONS_EMULATOR_PORT: '15001',
      VITE_STORAGE_EMULATOR_PORT: '19199',
    };
    expect(await loadEmulatorConfig(origin, env)).toEqual({
      projectId: 'demo-trialdesk',
      authUrl: 'http://localhost:19099',
      functionsHost: 'localhost',
      functionsPort: 15001,
      storageHost: 'localhost',
      storagePort: 19199,
    });
  });

  it("falls back when Hosting's SPA rewrite answers with index.html", async () => {
    const origin = await serve(200, '<!doctype html><html></html>', 'text/html');
    expect(await loadEmulatorConfig(origin, {})).toEqual(defaultEmulatorConfig({}));
  });

  it('refuses a file that would point at a real project or is incomplete', async () => {
    for (const body of [
      { ...stackConfig, projectId: 'trialdesk-prod' },
      { ...stackConfig, functionsPort: '5001' },
      { ...stackConfig, storagePort: 0 },
      { ...stackConfig, authUrl: 'http://127.0.0.1:9099/path' },
    ]) {
      const origin = await serve(200, JSON.stringify(body));
      expect(await loadEmulatorConfig(origin, {})).toEqual(defaultEmulatorConfig({}));
      await new Promise((closed) => server!.close(closed));
      server = undefined;
    }
  });

  it("takes the stack's App Check exchange, and refuses a malformed one", async () => {
    const appCheck = {
      appId: '1:000000000000:web:local',
      appCheckUrl: 'http://127.0.0.1:41237',
      appCheckDebugToken: 'trialdesk-local-debug-token',
    };
    let origin = await serve(200, JSON.stringify({ ...stackConfig, ...appCheck }));
    expect(await loadEmulatorConfig(origin, {})).toEqual({ ...stackConfig, ...appCheck });
    for (const wrong of [{ appId: 'local' }, { appCheckUrl: 'http://127.0.0.1:41237/v1' }, { appCheckDebugToken: 7 }]) {
      await new Promise((closed) => server!.close(closed));
      origin = await serve(200, JSON.stringify({ ...stackConfig, ...appCheck, ...wrong }));
      expect(await loadEmulatorConfig(origin, {})).toEqual(defaultEmulatorConfig({}));
    }
  });

  it('falls back when nothing answers', async () => {
    const origin = await serve(200, '{}');
    await new Promise((closed) => server!.close(closed));
    server = undefined;
    expect(await loadEmulatorConfig(origin, {})).toEqual(defaultEmulatorConfig({}));
  });
});
