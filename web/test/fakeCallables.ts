// The callables answered in-process: the one boundary the screen tests fake. Imports nothing of the app, so a
// `vi.mock` factory of firebase/functions can load it.

type Answer = (name: string, data: unknown) => unknown;

const unexpected: Answer = (name) => {
  throw new Error(`unexpected call of ${name}`);
};

/** Every call made, and how the fake server answers (a value, or a thrown callable error). */
export const backend = {
  calls: [] as { name: string; data: unknown }[],
  answer: unexpected,
  reset(answer: Answer = unexpected) {
    backend.calls = [];
    backend.answer = answer;
  },
  callsOf(name: string) {
    return backend.calls.filter((call) => call.name === name).map((call) => call.data);
  },
};

/** Stands in for `httpsCallable` of firebase/functions (see the `vi.mock` of the screen tests). */
export function fakeHttpsCallable(_functions: unknown, name: string) {
  return async (data: unknown) => {
    backend.calls.push({ name, data });
    return { data: await backend.answer(name, data) };
  };
}

/** An error as the Functions SDK throws it. */
export function callableError(code: string, details?: unknown): Error {
  return Object.assign(new Error(code), { code: `functions/${code}`, details });
}
