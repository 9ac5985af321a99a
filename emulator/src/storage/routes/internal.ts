// The Storage emulator's own endpoints (/internal/...): loading rules, as `@firebase/rules-unit-testing` does, and
// emptying every bucket.
import { compileRules, RulesError } from '../../rules/index.js';
import { HttpError, parseJson, readBody, send } from '../http.js';
import type { Exchange } from './route.js';

/** /internal/{endpoint}[/...] */
export const internalParams =
  (endpoint?: string) =>
  (_x: Exchange, parts: string[]): object | undefined =>
    parts[0] === 'internal' && (endpoint === undefined || parts[1] === endpoint) ? {} : undefined;

/** `{rules: {files: [{name, content}]}}`: Storage rules, in force from the next request. */
export async function setRules({ state, req, res }: Exchange) {
  const body = parseJson(await readBody(req, 4 * 1024 * 1024));
  const files = (body.rules as { files?: { name?: string; content?: string }[] } | undefined)?.files;
  const file = files?.[0];
  if (!file || typeof file.content !== 'string')
    throw new HttpError(400, 'Expected {rules: {files: [{name, content}]}}.');
  try {
    const rules = compileRules(file.content, file.name ?? 'storage.rules');
    if (rules.service !== 'firebase.storage') throw new HttpError(400, 'These are not Storage rules.');
    state.rules = rules;
  } catch (error) {
    if (error instanceof RulesError) throw new HttpError(400, error.message);
    throw error;
  }
  send(res, 200, {});
}

/** Deletes every object and every upload in progress. */
export function reset({ state, uploads, res }: Exchange) {
  state.store.clear();
  uploads.clear();
  send(res, 200, {});
}

export function notFound(): never {
  throw new HttpError(404, 'Not found.');
}
