// The benchmark's caller process: a signed-in client of each stack (one per size), timing the studies-list calls the
// benchmark sends it, taking turns between the stacks (docs/architecture.md, Benchmarks).
import type { CallableRequest } from '@trialdesk/shared';
import { signedInClient, type Client } from '../client.js';
import type { StackUrls } from '../stack.js';
import { answerRequests } from './child.js';
import { timeTogether } from './timing.js';

export type CallerRequest =
  | { kind: 'sign-in'; stack: string; urls: StackUrls; projectId: string; email: string; password: string }
  | {
      kind: 'time';
      /** What to time, by label: a list request sent to one of the stacks signed in to. */
      runs: Record<string, { stack: string; request: CallableRequest<'studies-list'> }>;
      calls: number;
      warmup: number;
    };

const clients = new Map<string, Client>();

answerRequests(async (request: CallerRequest) => {
  if (request.kind === 'sign-in') {
    clients.set(request.stack, await signedInClient(request.urls, request.projectId, request.email, request.password));
    return null;
  }
  const runs = Object.fromEntries(
    Object.entries(request.runs).map(([label, { stack, request: list }]) => {
      const client = clients.get(stack);
      if (!client) throw new Error(`caller: not signed in to ${stack}`);
      return [label, () => client.call('studies-list', list)];
    }),
  );
  return timeTogether(runs, request.calls, request.warmup);
});
