// Vitest global setup: starts the built-in emulator's CLI, unless FIRESTORE_EMULATOR_HOST names another emulator.
import type { TestProject } from 'vitest/node';
import { startCli } from './cli';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the emulator under test. */
    emulatorHost: string;
    /** True when the suite started the built-in emulator (persistence and lifecycle tests need it). */
    builtInEmulator: boolean;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    project.provide('emulatorHost', external);
    project.provide('builtInEmulator', false);
    return;
  }
  const server = await startCli();
  process.env.FIRESTORE_EMULATOR_HOST = server.address;
  project.provide('emulatorHost', server.address);
  project.provide('builtInEmulator', true);
  return async () => {
    await server.stop('SIGTERM');
  };
}
