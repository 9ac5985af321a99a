// The benchmark's caller process: a signed-in client of the stack that times the studies-list calls the launcher
// sends it. Apart from the launcher, its garbage collections do not pause the Firestore emulator (docs/architecture.md).
import type { CallableRequest } from '@trialdesk/shared';
import { signedInClient, type Client } from '../client.js';
import type { StackUrls } from '../stack.js';
import { timeTogether } from './timing.js';

export type CallerMessage =
  | { kind: 'sign-in'; urls: StackUrls; projectId: string; email: string; password: string }
  | { kind: 'time'; requests: Record<string, CallableRequest<'studies-list'>>; calls: number; warmup: number };

let client: Client | null = null;

async function answer(message: CallerMessage): Promise<unknown> {
  if (message.kind === 'sign-in') {
    client = await signedInClient(message.urls, message.projectId, message.email, message.password);
    return null;
  }
  const signedIn = client;
  if (!signedIn) throw new Error('caller: sign in first');
  const runs = Object.fromEntries(
    Object.entries(message.requests).map(([op, request]) => [op, () => signedIn.call('studies-list', request)]),
  );
  return timeTogether(runs, message.calls, message.warmup);
}

process.on('message', (message: CallerMessage) => {
  answer(message).then(
    (result) => process.send!({ result }),
    (error: Error) => process.send!({ error: error.stack ?? error.message }),
  );
});
// The launcher ending its side of the channel ends this process.
process.on('disconnect', () => process.exit(0));
