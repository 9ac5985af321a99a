// The emulator's own REST endpoints (HTTP/1.1 on the gRPC port): a liveness check, loading a project's rules (what
// @firebase/rules-unit-testing calls) and clearing a database.
import { RulesError } from '../../rules/index.js';
import { FirestoreRules } from '../firestore-rules.js';
import type { EmulatorState } from '../state.js';

/** What a REST endpoint answers. */
export interface RestAnswer {
  code: number;
  body: string;
  type?: string;
}

/** A REST route: the path's captures, the whole request body, the query. */
export type RestRoute = (
  state: EmulatorState,
  params: string[],
  body: Buffer,
  query: URLSearchParams,
) => RestAnswer | Promise<RestAnswer>;

export const restError = (code: number, message: string): RestAnswer => ({
  code,
  body: JSON.stringify({ error: { code, message, status: code === 400 ? 'INVALID_ARGUMENT' : undefined } }),
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
