// How long the local stack, and the tests that start one or drive a browser, wait before they give up, sized for a
// busy two-core machine (docs/architecture.md, "Tests"): every wait ends as soon as what it waits for is ready.

/** A stack's start: firebase-tools' emulators up and the functions loaded (about 15 s on a quiet machine). */
export const STACK_READY_MS = 240_000;

/** A test of calls or screens on a stack started before it (the default of the HTTP and browser suites): a call may
 * wait for a function worker to load, up to `FUNCTION_WORKERS.startSeconds` on a busy machine. */
export const STEPS_TEST_MS = 300_000;

/** The limit of a test that starts `stacks` stacks of its own, then makes its calls. */
export const stackTestTimeout = (stacks: number) => stacks * STACK_READY_MS + STEPS_TEST_MS;

/** A wait for something in the browser to appear or change. A callable behind it may wait in the Functions emulator's
 * queue and start a function worker, so it is longer than the web's own limit for a call (CALLABLE_TIMEOUT_MS, 70 s):
 * a call that slow ends in the web's error message, which the failing wait then prints, not in a bare timeout. */
export const UI_WAIT_MS = 100_000;
