// What HTTP test files share: clients of the stack started by setup.ts, signed in as the demo accounts or as a
// Microsoft account, and a check of the error a callable answered.
import { randomUUID } from 'node:crypto';
import { OAuthProvider, signInWithCredential } from 'firebase/auth';
import { FunctionsError } from 'firebase/functions';
import { afterAll, expect, inject } from 'vitest';
import type { ErrorCode } from '@trialdesk/shared';
import { createClient, signedInClient, type Client } from '@trialdesk/scripts/client';
import { DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';

export const stack = () => inject('stack');

const open: Client[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A client signed in as one of the demo accounts (admin, editor, pending, user @trialdesk.test). */
export async function as(account: 'admin' | 'editor' | 'pending' | 'user'): Promise<Client> {
  const { urls, projectId } = stack();
  const client = await signedInClient(urls, projectId, `${account}@trialdesk.test`, DEMO_PASSWORD);
  open.push(client);
  return client;
}

export function signedOut(): Client {
  const { urls, projectId } = stack();
  const client = createClient(urls, projectId);
  open.push(client);
  return client;
}

/** An unsigned id token: the Auth emulator takes it as the identity provider's answer (it checks no signature). */
export function unsignedIdToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iat: now, exp: now + 3600, ...claims })}.`;
}

/** A new Microsoft account signed in through the popup's credential, as the web app's sign-in produces. */
export async function microsoftClient(name: string): Promise<{ client: Client; email: string }> {
  const client = signedOut();
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@chum.test`;
  const credential = new OAuthProvider('microsoft.com').credential({
    idToken: unsignedIdToken({
      sub: randomUUID(),
      email,
      email_verified: true,
      name,
      iss: 'https://login.microsoftonline.com/demo/v2.0',
    }),
  });
  await signInWithCredential(client.auth, credential);
  return { client, email };
}

/** Awaits a call that must fail with this callable error code; returns the error for further checks. */
export async function expectError(call: Promise<unknown>, code: ErrorCode): Promise<FunctionsError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(FunctionsError);
  expect((error as FunctionsError).code).toBe(`functions/${code}`);
  return error as FunctionsError;
}

/** A word no other test uses, to find this test's records by search. */
export const uniqueWord = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
