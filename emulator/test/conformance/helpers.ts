// Shared helpers of the conformance suite: they use only the public firebase-admin API.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Settings } from 'firebase-admin/firestore';
import { afterAll, expect, inject } from 'vitest';

const apps: App[] = [];

afterAll(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
});

/** A unique project id, so test files running in parallel never see each other's data. */
export function uniqueProjectId(label: string): string {
  return `conf-${label}-${randomUUID().slice(0, 8)}`;
}

/**
 * A firebase-admin Firestore for `projectId` on the emulator at `host` (default: the one under test).
 * The SDK reads FIRESTORE_EMULATOR_HOST when the instance is built, so it is set just for that moment.
 */
export function openDb(projectId: string, options: { host?: string; settings?: Settings } = {}): Firestore {
  const host = options.host ?? inject('emulatorHost');
  const app = initializeApp({ projectId }, `${projectId}-${randomUUID()}`);
  apps.push(app);
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const db = getFirestore(app);
    if (options.settings) db.settings(options.settings);
    return db;
  } finally {
    if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previous;
  }
}

/** The emulator's REST endpoint that clears one project's documents. */
export async function clearProject(projectId: string, host = inject('emulatorHost')): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  expect(res.status).toBe(200);
}

/** Awaits `promise`, expects it to reject with a gRPC status `code`, and returns the error for more checks. */
export async function expectCode(promise: Promise<unknown>, code: number): Promise<Error & { code: number }> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `expected a rejection with code ${code}`).toBeInstanceOf(Error);
  expect((error as { code?: unknown }).code, (error as Error).message).toBe(code);
  return error as Error & { code: number };
}

/** gRPC status codes used by Firestore. */
export const Code = {
  CANCELLED: 1,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  UNAUTHENTICATED: 16,
} as const;

/** Document ids of a query snapshot, in result order. */
export function ids(snapshot: { docs: { id: string }[] }): string[] {
  return snapshot.docs.map((d) => d.id);
}
