// What a route of the Storage emulator is: the paths it serves, what it reads of the request before anything else
// (bucket, object name, caller), and a handler per method.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http.js';
import type { StorageState } from '../state.js';
import type { UploadSessions } from '../uploads.js';

/** One request being answered, with the emulator's state and its upload sessions. */
export interface Exchange {
  state: StorageState;
  uploads: UploadSessions;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

export type Handler<P> = (x: Exchange, params: P) => Promise<void> | void;

export interface Route<P> {
  /**
   * The request's parameters when the route serves its path (`parts`: the path's segments, still URL-encoded), else
   * undefined. Throws (an HttpError) for a path it serves with an invalid parameter.
   */
  params(x: Exchange, parts: string[]): P | undefined;
  /** A handler per method, `*` for any other; another method is refused (405). */
  methods: Partial<Record<string, Handler<P>>>;
  /** Another method goes on to the next routes instead (and ends in 404 when none serves it). */
  passOn?: boolean;
}

/** A route as the table holds it: serves the request and resolves true when it is the route's, else false. */
export type TableRoute = (x: Exchange, parts: string[]) => Promise<boolean>;

export function route<P>(r: Route<P>): TableRoute {
  return async (x, parts) => {
    const params = r.params(x, parts);
    if (params === undefined) return false;
    const method = x.req.method ?? 'GET';
    const handler = r.methods[method] ?? r.methods['*'];
    if (!handler) {
      if (r.passOn) return false;
      throw new HttpError(405, `${method} is not supported here.`);
    }
    await handler(x, params);
    return true;
  };
}
