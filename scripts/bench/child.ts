// The benchmark's child processes (one stack host per size, the caller), driven by one request at a time: the fork
// side sends a request and waits for its answer, the child side answers each with a result or an error.
import { fork } from 'node:child_process';

export interface Child<Request> {
  /** Sends one request and waits for its answer: the child answers each before the next is sent. */
  send<T>(request: Request): Promise<T>;
  /** Ends the child's side of the channel, which ends the child (answerRequests). */
  stop(): void;
}

/** Forks `file` with this process's runtime options (tsx, the young generation's size: package.json). */
export function startChild<Request>(file: string): Child<Request> {
  const child = fork(file);
  let pending: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  child.on('message', (reply: { result?: unknown; error?: string }) => {
    const waiting = pending;
    pending = null;
    if (reply.error !== undefined) waiting?.reject(new Error(`${file}: ${reply.error}`));
    else waiting?.resolve(reply.result);
  });
  child.on('exit', (code) => pending?.reject(new Error(`${file} exited with ${code}`)));
  return {
    send<T>(request: Request): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending = { resolve: resolve as (value: unknown) => void, reject };
        child.send(request as object);
      });
    },
    stop() {
      if (child.connected) child.disconnect();
    },
  };
}

/** The child side: answers every request with `handle`'s result or error; the parent ending the channel ends it. */
export function answerRequests<Request>(handle: (request: Request) => Promise<unknown>): void {
  process.on('message', (request: Request) => {
    handle(request).then(
      (result) => process.send!({ result: result ?? null }),
      (error: Error) => process.send!({ error: error.stack ?? error.message }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
