// App Check enforced through the Functions emulator (this run's stack sets ENFORCE_APP_CHECK, setup.ts): a call
// without a token is refused before the callable runs, as firebase-functions answers it, and one with the stack's
// token is served; files-download likewise; a stack started as `npm start` starts one does not enforce it
// (docs/operations.md, "App Check").
import { FILE_DOWNLOAD_FUNCTION } from '@trialdesk/shared';
import { describe, expect, it } from 'vitest';
import { appCheckHeader } from '@trialdesk/scripts/client';
import { stackTestTimeout } from '@trialdesk/scripts/limits';
import { callableUrl, startStack } from '@trialdesk/scripts/stack';
import { as, stack } from './helpers.js';

/** A raw callable request as the web SDK makes one, with or without the App Check header. */
async function rawCall(name: string, idToken: string, withAppCheck: boolean) {
  const { urls, projectId } = stack();
  const response = await fetch(callableUrl(urls, name), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${idToken}`,
      ...(withAppCheck ? await appCheckHeader(urls, projectId) : {}),
    },
    body: JSON.stringify({ data: {} }),
  });
  return { status: response.status, body: (await response.json()) as { result?: unknown; error?: unknown } };
}

describe('App Check, enforced', () => {
  it('refuses a callable without a token (unauthenticated, no message key) and serves it with one', async () => {
    const admin = await as('admin');
    const idToken = await admin.auth.currentUser!.getIdToken();
    const refused = await rawCall('users-me', idToken, false);
    expect(refused).toEqual({
      status: 401,
      body: { error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } },
    });
    const served = await rawCall('users-me', idToken, true);
    expect(served.status).toBe(200);
    expect(served.body.result).toMatchObject({ email: 'admin@trialdesk.test' });
  });

  it('serves the SDK client, whose calls carry the token of its App Check', async () => {
    const editor = await as('editor');
    expect(await editor.call('users-me', {})).toMatchObject({ email: 'editor@trialdesk.test' });
  });

  it('refuses files-download without a token before reading the request, and reads it with one', async () => {
    const admin = await as('admin');
    const { urls, projectId } = stack();
    const url = `${callableUrl(urls, FILE_DOWNLOAD_FUNCTION)}?path=${encodeURIComponent('exports/nobody/x.csv')}`;
    const authorization = `Bearer ${await admin.auth.currentUser!.getIdToken()}`;
    const refused = await fetch(url, { headers: { authorization } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } });
    // With a token the request is read: someone else's export is refused as such.
    const read = await fetch(url, { headers: { authorization, ...(await appCheckHeader(urls, projectId)) } });
    expect(read.status).toBe(403);
    expect(((await read.json()) as { error: { details: unknown } }).error.details).toEqual({
      key: 'errors.permissionDenied',
    });
  });
});

describe('App Check on a stack started as npm start starts one', () => {
  it(
    'is not enforced: a call without a token reaches the callable, which answers it (scripts and curl work)',
    async () => {
      const local = await startStack({ ports: 'free', hosting: false });
      try {
        const response = await fetch(callableUrl(local.urls, 'users-me'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: {} }),
        });
        // The pipeline's own refusal of a signed-out caller, with its message key: the callable ran.
        expect(response.status).toBe(401);
        expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual({
          key: 'errors.unauthenticated',
        });
      } finally {
        await local.stop();
      }
    },
    stackTestTimeout(1),
  );
});
