// A local stack with its demo data, as `npm start` makes it: the seed's code loads while firebase-tools starts, its
// records are written while the Functions emulator is still loading, and what causes mail waits until it serves the
// trigger (docs/architecture.md, "The local stack").
import type { SeedOptions, SeedResult } from './seed.js';
import { startStack, type Stack, type StackOptions, type StackPhase } from './stack.js';

export interface SeededStackOptions extends Omit<StackOptions, 'onPhase' | 'onAuth'> {
  /** How to seed (SeedOptions); what causes mail waits for the stack to be ready. */
  seed?: Omit<SeedOptions, 'mailReady'>;
  /** Told when each part of the start began and ended (performance.now() milliseconds), the seed's too. */
  onPhase?: (phase: StackPhase | 'seed', began: number, ended: number) => void;
  /** Told the stack as soon as the seed may begin, so that a stop meanwhile (Ctrl-C) stops it in order. */
  onStack?: (stack: Stack) => void;
}

/** Starts a stack and seeds it (the same demo data as `seed` after `startStack`), sooner. */
export async function startSeededStack(
  options: SeededStackOptions = {},
): Promise<{ stack: Stack; seeded: SeedResult }> {
  const { seed: seedOptions, onPhase, onStack, ...stackOptions } = options;
  // Loading the seed's code (the callables and their services, firebase-admin, the web SDK) takes a second or two of
  // this process's thread: begun once the built-in emulators listen, while firebase-tools loads in its own.
  let seedModule: Promise<typeof import('./seed.js')> | undefined;
  const load = () => (seedModule ??= import('./seed.js'));
  let seeding: Promise<SeedResult> | undefined;
  const run = (stack: Stack, ready: Promise<unknown>) =>
    (seeding ??= (async () => {
      onStack?.(stack);
      const { seed } = await load();
      const began = performance.now();
      const result = await seed(stack, { ...seedOptions, mailReady: ready });
      onPhase?.('seed', began, performance.now());
      return result;
    })());
  const ready: Promise<Stack> = startStack({
    ...stackOptions,
    onPhase: (phase, began, ended) => {
      if (phase === 'built-in emulators') void load().catch(() => {}); // A failure is reported by run().
      onPhase?.(phase, began, ended);
    },
    // Fresh data (no accounts to import): the seed begins as soon as Auth answers.
    onAuth: (stack) => void run(stack, ready).catch(() => {}), // Awaited below: a failure is reported there.
  });
  const stack = await ready.catch(async (error: unknown) => {
    await seeding?.catch(() => {});
    throw error;
  });
  try {
    return { stack, seeded: await run(stack, ready) };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
