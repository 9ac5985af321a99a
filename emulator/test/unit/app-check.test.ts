// The App Check exchange stand-in over HTTP: a registered debug token exchanged for a token that its JWKS verifies
// and that carries what firebase-admin checks; anything else answered as Google's API answers it.
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_ISSUER, startAppCheckStandIn, type RunningAppCheckStandIn } from '../../src/app-check/index.js';

const PROJECT = 'demo-appcheck';
const APP_ID = '1:123456789:web:abc123';

let standIn: RunningAppCheckStandIn;
beforeAll(async () => {
  standIn = await startAppCheckStandIn({ projectId: PROJECT, port: 0 });
});
afterAll(() => standIn.stop());

const exchange = (debugToken: unknown, project = PROJECT, app = APP_ID) =>
  fetch(`${standIn.url}/v1/projects/${project}/apps/${app}:exchangeDebugToken?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5000' },
    body: JSON.stringify({ debug_token: debugToken }),
  });

const part = (token: string, index: number) =>
  JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;

describe('the App Check exchange stand-in', () => {
  it('exchanges the registered debug token for an RS256 token its JWKS verifies, with the claims of App Check', async () => {
    const response = await exchange(standIn.debugToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { token, ttl } = (await response.json()) as { token: string; ttl: string };
    // The web SDK reads ttl as a protobuf Duration.
    expect(ttl).toBe('3600s');

    const header = part(token, 0);
    expect(header.alg).toBe('RS256');
    const { keys } = (await (await fetch(`${standIn.url}/v1/jwks`)).json()) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const jwk = keys.find((key) => key.kid === header.kid);
    expect(jwk, 'the token names a key of the JWKS').toBeDefined();
    const [head, payload, signature] = token.split('.');
    const publicKey = createPublicKey({ key: jwk!, format: 'jwk' });
    expect(
      verify('RSA-SHA256', Buffer.from(`${head}.${payload}`), publicKey, Buffer.from(signature, 'base64url')),
    ).toBe(true);
    // What firebase-admin's verifier requires of a token (besides the signature): aud, iss, sub, and a live exp.
    const claims = part(token, 1);
    expect(claims.sub).toBe(APP_ID);
    expect(claims.aud).toEqual(['projects/123456789', `projects/${PROJECT}`]);
    expect(claims.iss).toBe(`${APP_CHECK_ISSUER}123456789`);
    const now = Date.now() / 1000;
    expect(claims.exp as number).toBeGreaterThan(now + 3000);
    expect(claims.iat as number).toBeLessThanOrEqual(now + 1);
    // A tampered payload no longer verifies.
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1:1:web:other' })).toString('base64url');
    expect(verify('RSA-SHA256', Buffer.from(`${head}.${forged}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(
      false,
    );
  });

  it('refuses an unregistered debug token (403), a missing one (400), another project or a malformed app id (404)', async () => {
    const wrong = await exchange('not-the-registered-token');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      error: { code: 403, message: 'App attestation failed.', status: 'PERMISSION_DENIED' },
    });
    expect((await exchange(undefined)).status).toBe(400);
    expect((await exchange(standIn.debugToken, 'demo-other')).status).toBe(404);
    expect((await exchange(standIn.debugToken, PROJECT, 'not-an-app-id')).status).toBe(404);
    const get = await fetch(`${standIn.url}/v1/projects/${PROJECT}/apps/${APP_ID}:exchangeDebugToken`);
    expect(get.status).toBe(405);
  });

  it("answers the browser's CORS preflight with the headers it asks for", async () => {
    const response = await fetch(`${standIn.url}/v1/projects/${PROJECT}/apps/${APP_ID}:exchangeDebugToken`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-firebase-client',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, x-firebase-client');
  });

  it('keeps the debug token it is given, and a token of one run is not signed by the key of another', async () => {
    const other = await startAppCheckStandIn({ projectId: PROJECT, debugToken: 'registered-debug-token' });
    try {
      expect(other.debugToken).toBe('registered-debug-token');
      const { token } = (await (
        await fetch(`${other.url}/v1/projects/${PROJECT}/apps/${APP_ID}:exchangeDebugToken`, {
          method: 'POST',
          body: JSON.stringify({ debug_token: 'registered-debug-token' }),
        })
      ).json()) as { token: string };
      const { keys } = (await (await fetch(`${standIn.url}/v1/jwks`)).json()) as { keys: { kid: string }[] };
      expect(keys.map((key) => key.kid)).not.toContain(part(token, 0).kid);
    } finally {
      await other.stop();
    }
  });
});
