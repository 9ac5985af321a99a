// Load on the local stack: 50 parallel callable calls, to one callable and over five, all answered correctly.
// Unbounded, the Functions emulator started a worker per call and left calls unanswered (see FUNCTION_WORKERS).
import { describe, expect, it } from 'vitest';
import type { CallableName, CallableRequest } from '@trialdesk/shared';
import type { Client } from '@trialdesk/scripts/client';
import { as, uniqueWord } from './helpers.js';

const CALLS = 50;
/** Room for the cold starts of a few workers on a busy machine: a limit on the test, not a measured figure. */
const TIMEOUT_MS = 180_000;

interface Call {
  name: CallableName;
  data: object;
}

/** Fires every call at once; the failures, then the answers (undefined where one failed) in call order. */
async function fire(client: Client, calls: Call[]): Promise<{ failures: string[]; answers: unknown[] }> {
  const settled = await Promise.allSettled(
    calls.map(({ name, data }) => client.call(name, data as CallableRequest<typeof name>)),
  );
  return {
    failures: settled.flatMap((result, i) =>
      result.status === 'rejected' ? [`call ${i} (${calls[i].name}): ${String(result.reason)}`] : [],
    ),
    answers: settled.map((result) => (result.status === 'fulfilled' ? result.value : undefined)),
  };
}

describe('50 parallel callable calls', () => {
  it(
    'answers every studies-list call with the list',
    async () => {
      const admin = await as('admin');
      const call: Call = { name: 'studies-list', data: { page: 1, pageSize: 20 } };
      const expected = await admin.call('studies-list', { page: 1, pageSize: 20 });

      const { failures, answers } = await fire(admin, Array(CALLS).fill(call));

      expect(failures).toEqual([]);
      expect(answers).toEqual(Array(CALLS).fill(expected));
    },
    TIMEOUT_MS,
  );

  it(
    'answers every call spread over five callables with its own data',
    async () => {
      const admin = await as('admin');
      const study = await admin.call('studies-create', {
        title: `Load ${uniqueWord('load')}`,
        specialty: 'Other',
        status: 'Unknown',
      });
      const kinds: Call[] = [
        { name: 'studies-list', data: { page: 1, pageSize: 20 } },
        { name: 'studies-get', data: { id: study.id } },
        { name: 'references-list', data: { page: 1, pageSize: 20 } },
        { name: 'studyContacts-list', data: { page: 1, pageSize: 20 } },
        { name: 'users-me', data: {} },
      ];
      const expected: unknown[] = [];
      for (const { name, data } of kinds) expected.push(await admin.call(name, data as CallableRequest<typeof name>));
      const calls = Array.from({ length: CALLS }, (_, i) => kinds[i % kinds.length]);

      const { failures, answers } = await fire(admin, calls);

      expect(failures).toEqual([]);
      expect(answers).toEqual(calls.map((_, i) => expected[i % kinds.length]));
    },
    TIMEOUT_MS,
  );
});
