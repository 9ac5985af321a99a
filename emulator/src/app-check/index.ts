// The App Check exchange stand-in: `exchangeDebugToken` of App Check's REST API and its JWKS, served on the local
// stack because the debug provider's exchange (content-firebaseappcheck.googleapis.com) is out of reach offline
// (docs/decisions.md, "App Check on the local stack"; docs/operations.md, "App Check").
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttp } from '../common/http-server.js';

/** The issuer App Check writes in its tokens, followed by the project's number. */
export const APP_CHECK_ISSUER = 'https://firebaseappcheck.googleapis.com/';

/** How long a token lives, as App Check's default (one hour). */
const TOKEN_SECONDS = 3600;

export interface AppCheckStandInOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The project whose apps get tokens: another project's exchange is answered 404, as for an unknown app. */
  projectId: string;
  /** The debug token registered for the project (as in the console's "Manage debug tokens"); default: a new UUID. */
  debugToken?: string;
}

export interface RunningAppCheckStandIn {
  host: string;
  port: number;
  /** The API's base, in place of https://content-firebaseappcheck.googleapis.com: `http://host:port`. */
  url: string;
  /** The one debug token it exchanges. */
  debugToken: string;
  stop(): Promise<void>;
}

/** A JSON answer, open to any origin (the app calls it from its own, as it calls Google's API). */
function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

/** Google's error body: `{ error: { code, message, status } }`. */
const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token App Check would issue to `appId`: RS256, its key's `kid`, the claims firebase-admin checks. */
function appCheckToken(key: { privateKey: KeyObject; kid: string }, projectId: string, appId: string): string {
  // A web app's id is `1:<project number>:web:<hash>`: the number names the project in `aud` and `iss`.
  const projectNumber = appId.split(':')[1] ?? '0';
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ kid: key.kid, typ: 'JWT', alg: 'RS256' });
  const payload = base64url({
    sub: appId,
    aud: [`projects/${projectNumber}`, `projects/${projectId}`],
    provider: 'debug',
    iss: `${APP_CHECK_ISSUER}${projectNumber}`,
    exp: now + TOKEN_SECONDS,
    iat: now,
    jti: randomUUID(),
  });
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key.privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Starts the stand-in on `host:port` (127.0.0.1 and a free port by default). */
export async function startAppCheckStandIn(options: AppCheckStandInOptions): Promise<RunningAppCheckStandIn> {
  const host = options.host ?? '127.0.0.1';
  const debugToken = options.debugToken ?? randomUUID();
  // A key of this run only: tokens of an earlier run are never taken for this one's.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = { privateKey, kid: randomUUID().slice(0, 8) };
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' }] };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
        'access-control-max-age': '3600',
      });
      res.end();
      return;
    }
    if (path === '/v1/jwks' && req.method === 'GET') return json(res, 200, jwks);
    const exchange = /^\/v1\/projects\/([^/]+)\/apps\/([^/]+):exchangeDebugToken$/.exec(path);
    if (!exchange) return googleError(res, 404, 'NOT_FOUND', `No such method: ${path}`);
    if (req.method !== 'POST') return googleError(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const [projectId, appId] = [decodeURIComponent(exchange[1]), decodeURIComponent(exchange[2])];
    if (projectId !== options.projectId || !/^1:\d+:web:\w+$/.test(appId)) {
      return googleError(res, 404, 'NOT_FOUND', `App ${appId} of project ${projectId} not found`);
    }
    const body = (await readJson(req)) as { debug_token?: unknown } | undefined;
    if (typeof body?.debug_token !== 'string') {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'debug_token is required');
    }
    // Google answers an unregistered debug token so; the web SDK then waits before asking again.
    if (body.debug_token !== debugToken) return googleError(res, 403, 'PERMISSION_DENIED', 'App attestation failed.');
    json(res, 200, { token: appCheckToken(key, projectId, appId), ttl: `${TOKEN_SECONDS}s` });
  };

  const { port, stop } = await listenHttp(
    host,
    options.port ?? 0,
    (req, res) => answer(req, res),
    (res, error) => googleError(res, 500, 'INTERNAL', `App Check stand-in: ${error.message}`),
  );
  return {
    host,
    port,
    url: `http://${host}:${port}`,
    debugToken,
    stop,
  };
}
