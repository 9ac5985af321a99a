// @vitest-environment node
// App Check on the local stack: the web's provider exchanges the stack's debug token at its stand-in of App Check's
// exchange (the one the stack serves, emulator/src/app-check), and /emulators.json names where.
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppCheckStandIn, type RunningAppCheckStandIn } from '@trialdesk/emulator/app-check';
import { debugExchange } from '../src/core/appCheck';
import { toCallError } from '../src/core/api/callable';

const APP_ID = '1:000000000000:web:local';
let standIn: RunningAppCheckStandIn;
let app: FirebaseApp;
beforeAll(async () => {
  standIn = await startAppCheckStandIn({ projectId: 'demo-trialdesk', debugToken: 'the-debug-token' });
  app = initializeApp({ projectId: 'demo-trialdesk', apiKey: 'demo-api-key', appId: APP_ID }, 'app-check-test');
});
afterAll(async () => {
  await deleteApp(app);
  await standIn.stop();
});

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string; exp: number };

describe("the local stack's App Check provider", () => {
  it('exchanges the debug token for a token of this app, valid for the ttl the exchange gives', async () => {
    const before = Date.now();
    const { token, expireTimeMillis } = await debugExchange(app, { url: standIn.url, debugToken: 'the-debug-token' })();
    expect(claims(token).sub).toBe(APP_ID);
    expect(expireTimeMillis).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expireTimeMillis).toBeLessThanOrEqual(Date.now() + 3600_000);
  });

  it('fails when the exchange refuses the debug token (the SDK then gives the calls no token)', async () => {
    await expect(debugExchange(app, { url: standIn.url, debugToken: 'unregistered' })()).rejects.toThrow(/403/);
  });
});

describe('a call refused for its tokens', () => {
  it("is told apart from the server's own refusals, which name their key", () => {
    // What firebase-functions answers before the callable runs: no details.
    expect(toCallError({ code: 'functions/unauthenticated', message: 'Unauthenticated' })).toEqual({
      code: 'unauthenticated',
      key: 'errors.appNotVerified',
    });
    expect(toCallError({ code: 'functions/unauthenticated', details: { key: 'errors.unauthenticated' } })).toEqual({
      code: 'unauthenticated',
      key: 'errors.unauthenticated',
    });
  });
});
