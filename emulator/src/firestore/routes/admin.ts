// The emulator's own REST endpoints (HTTP/1.1 on the gRPC port): a liveness check, loading a project's rules (what
// @firebase/rules-unit-testing calls) and clearing a database.
import type { IncomingHttpHeaders } from 'node:http';
import { RulesError } from '../../rules/index.js';
import { FirestoreRules } from '../firestore-rules.js';
import type { EmulatorState } from '../state.js';

/** What a REST endpoint answers. */
export interface RestAnswer {
  code: number;
  body: string;
  type?: string;
}

/** A REST route: the path's captures, the whole request body, the query, the request's headers. */
export type RestRoute = (
  state: EmulatorState,
  params: string[],
  body: Buffer,
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
) => RestAnswer | Promise<RestAnswer>;

/** The status names Google's REST errors carry for the HTTP codes the emulator answers. */
const HTTP_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
};

/** `{error: {code, message, status}}`, Google's error body; `status` defaults to the HTTP code's usual name. */
export const restError = (code: number, message: string, status = HTTP_STATUS[code]): RestAnswer => ({
  code,
  body: JSON.stringify({ error: { code, message, status } }),
});

export const ping: RestRoute = () => ({ code: 200, body: 'Ok', type: 'text/plain' });

/** `{rules: {files: [{content}]}}`: the project's Firestore rules, taking precedence over the start-up file. */
export const loadRules: RestRoute = (state, [project], body) => {
  let content: unknown;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { rules?: { files?: { content?: unknown }[] } };
    content = parsed?.rules?.files?.[0]?.content;
  } catch {
    return restError(400, 'The body is not JSON; expected {rules: {files: [{content}]}}.');
  }
  if (typeof content !== 'string') return restError(400, 'Expected {rules: {files: [{content}]}}.');
  try {
    const rules = FirestoreRules.compile(content);
    (state.rules ??= new FirestoreRules()).setProject(decodeURIComponent(project), rules);
  } catch (e) {
    if (e instanceof RulesError) return restError(400, e.message);
    throw e;
  }
  return { code: 200, body: '{}' };
};

/** Deletes every document of the database, on disk too. */
export const clearDatabase: RestRoute = async (state, [project, database]) => {
  const db = `projects/${decodeURIComponent(project)}/databases/${decodeURIComponent(database)}`;
  state.store.db(db).clear();
  state.txs.clearDatabase(db);
  if (state.persistence) await state.persistence.append({ db, clear: true });
  return { code: 200, body: '{}' };
};
