// Starting and stopping a small HTTP stand-in (the registry's, App Check's exchange): one listen, one stop.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningHttpServer {
  port: number;
  /** Closes the server and its open connections; later calls return the same promise. */
  stop: () => Promise<void>;
}

/**
 * Serves `answer` on `host:port` (0: a free port). A request whose answer throws gets `fail`'s 500 (or its connection
 * dropped once the headers are out), so one bad request never stops the stand-in.
 */
export async function listenHttp(
  host: string,
  port: number,
  answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  fail: (res: ServerResponse, error: Error) => void,
): Promise<RunningHttpServer> {
  const server = createServer((req, res) => {
    answer(req, res).catch((error: Error) => {
      if (!res.headersSent) fail(res, error);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
