// Everything the functions log in a test file. Import it before anything that loads firebase-functions: its logger
// keeps the console methods it finds when it loads, so these wrappers are the ones it writes through.
export const LOGGED: string[] = [];

for (const method of ['debug', 'info', 'log', 'warn', 'error'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    LOGGED.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    original(...args);
  };
}
