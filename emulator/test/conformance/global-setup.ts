// Vitest global setup: starts the built-in emulators' CLI (Firestore and Storage), unless FIRESTORE_EMULATOR_HOST
// names another emulator (then FIREBASE_STORAGE_EMULATOR_HOST names the Storage one).
import type { TestProject } from 'vitest/node';
import { startCli } from './cli';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the emulator under test. */
    emulatorHost: string;
    /** True when the suite started the built-in emulator (persistence and lifecycle tests need it). */
    builtInEmulator: boolean;
    /** host:port of the Storage emulator under test (FIREBASE_STORAGE_EMULATOR_HOST names another one). */
    storageHost: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    project.provide('emulatorHost', external);
    project.provide('storageHost', process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '');
    project.provide('builtInEmulator', false);
    return;
  }
  const server = await startCli(['--storage-port', '0']);
  process.env.FIRESTORE_EMULATOR_HOST = server.address;
  project.provide('emulatorHost', server.address);
  project.provide('storageHost', server.storageAddress!);
  project.provide('builtInEmulator', true);
  return async () => {
    await server.stop('SIGTERM');
  };
}
