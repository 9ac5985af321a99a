// Firestore security rules for end users: who is calling (the Authorization metadata), the rules in force per
// project, and the checks of reads, queries and writes that routes/ and listen.ts make before answering.
// The admin token (`Bearer owner`, sent by firebase-admin and by withSecurityRulesDisabled) skips the rules.
import { Metadata, status } from '@grpc/grpc-js';
import type { Fields } from '../common/firestore-value.js';
import {
  compileRules,
  RulesError,
  UNBOUND,
  type CompiledRules,
  type Decision,
  type Method,
  type RuleCoverage,
} from '../rules/index.js';
import { fieldsToMap, Raw, RPath, RTimestamp, type RValue } from '../rules/values.js';
import type { StoredDoc } from './document.js';
import { RpcError } from './errors.js';
import type { CompiledQuery } from './query-compiler.js';
import type { Database, Store } from './store.js';
import { parseDocumentName } from './paths.js';
import type { PendingChanges, Write } from './writes.js';

/** What the rules see until a project's rules are loaded: nothing is allowed to end users. */
const DENY_ALL = "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n  }\n}\n";

/** The rules in force: the file given at start for every project, replaced per project by the REST endpoint. */
export class FirestoreRules {
  private readonly byProject = new Map<string, CompiledRules>();
  private fallback: CompiledRules;
  /** Per project, the tallies of the rules in force when they were made (rules loaded again start new ones). */
  private readonly coverage = new Map<string, { rules: CompiledRules; coverage: RuleCoverage }>();

  /** Throws a RulesError naming what cannot be evaluated. */
  constructor(source = DENY_ALL, fileName = 'firestore.rules') {
    this.fallback = FirestoreRules.compile(source, fileName);
  }

  /** Compiles Firestore rules; a RulesError for a text that is not `service cloud.firestore` or cannot be evaluated. */
  static compile(source: string, fileName = 'firestore.rules'): CompiledRules {
    const rules = compileRules(source, fileName);
    if (rules.service !== 'cloud.firestore') {
      throw new RulesError(`expected 'service cloud.firestore', found '${rules.service}'`, 1, 1, fileName);
    }
    return rules;
  }

  /** Rules for one project (what @firebase/rules-unit-testing loads), taking precedence over the start-up file. */
  setProject(projectId: string, rules: CompiledRules): void {
    this.byProject.set(projectId, rules);
  }

  forProject(projectId: string): CompiledRules {
    return this.byProject.get(projectId) ?? this.fallback;
  }

  /** The project's rule coverage since its rules in force were loaded (the `:ruleCoverage` report). */
  coverageFor(projectId: string): RuleCoverage {
    const rules = this.forProject(projectId);
    let entry = this.coverage.get(projectId);
    if (!entry || entry.rules !== rules) {
      entry = { rules, coverage: rules.newCoverage() };
      this.coverage.set(projectId, entry);
    }
    return entry.coverage;
  }
}

export interface RulesState {
  store: Store;
  /** Absent: the deny-all rules. */
  rules?: FirestoreRules;
}

export type Caller = { admin: true } | { admin: false; auth: { uid: string; token: Record<string, unknown> } | null };

/**
 * Who sends a request: the admin token, an end user's ID token (the Auth emulator's or `mockUserToken`'s unsigned
 * JWT: no emulator verifies signatures, the rules are what it checks), or nobody signed in.
 */
export function callerOf(md: Metadata): Caller {
  const header = String(md.get('authorization')[0] ?? '');
  if (header === '') return { admin: false, auth: null };
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (token === 'owner') return { admin: true };
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object') throw new Error('not an object');
    const claims = payload as Record<string, unknown>;
    const uid = claims.user_id ?? claims.sub;
    if (typeof uid !== 'string' || uid === '') throw new Error('no uid');
    return { admin: false, auth: { uid, token: claims } };
  } catch {
    throw new RpcError(status.UNAUTHENTICATED, 'The Authorization header does not hold a readable Firebase ID token.');
  }
}

const asCaller = (who: Caller | Metadata): Caller => (who instanceof Metadata ? callerOf(who) : who);

/** `projects/p/databases/d` and a path below `documents/` as the rules' path `/databases/d/documents/...`. */
function rulesPath(db: string, path: string): RPath {
  const database = db.split('/')[3];
  return new RPath(['databases', database, 'documents', ...(path === '' ? [] : path.split('/'))]);
}

/** A document as the rules' `resource`: `data`, `id`, `__name__`. */
function resourceOf(db: string, path: string, fields: Fields): Raw {
  return new Raw(
    new Map<string, RValue>([
      ['data', fieldsToMap(fields)],
      ['id', path.slice(path.lastIndexOf('/') + 1)],
      ['__name__', rulesPath(db, path)],
    ]),
  );
}

/** Commit time in microseconds as the rules' `request.time` (what serverTimestamp() writes, to the microsecond). */
function timeOf(micros: number): RTimestamp {
  return new RTimestamp(Math.floor(micros / 1000), (micros % 1000) * 1000);
}

interface Check {
  db: string;
  /** Path below `documents/` the rules match against. */
  path: string;
  /** `request.path` when it is not `path`: the collection of a list request. */
  requestPath?: string;
  method: Method;
  resource: Raw | null | typeof UNBOUND;
  /** `request.resource` of a write. */
  incoming?: Raw | null;
  query?: Record<string, unknown>;
  time: number;
  pending?: PendingChanges;
}

async function decide(state: RulesState, caller: Extract<Caller, { admin: false }>, c: Check): Promise<Decision> {
  const project = c.db.split('/')[1];
  const all = (state.rules ??= new FirestoreRules());
  const rules = all.forProject(project);
  const read = (after: boolean) => async (path: string) => {
    // `databases/{d}/documents/...` of this project (the evaluator has checked the shape).
    const segments = path.split('/');
    const dbName = `projects/${project}/databases/${segments[1]}`;
    const docPath = segments.slice(3).join('/');
    const pending = c.pending;
    if (after && pending && pending.db.name === dbName && pending.docs.has(docPath)) {
      return pending.docs.get(docPath)?.fields ?? null;
    }
    return state.store.db(dbName).get(docPath)?.fields ?? null;
  };
  return rules.evaluate({
    path: rulesPath(c.db, c.path).segments.join('/'),
    method: c.method,
    request: {
      auth: caller.auth,
      time: timeOf(c.time),
      method: c.method,
      path: rulesPath(c.db, c.requestPath ?? c.path),
      ...(c.incoming !== undefined ? { resource: c.incoming } : {}),
      ...(c.query ? { query: c.query } : {}),
    },
    resource: c.resource,
    getDocument: read(false),
    getDocumentAfter: read(true),
    coverage: all.coverageFor(project),
  });
}

/** PERMISSION_DENIED naming the method and path, as the Firestore emulator does, and the first evaluation error. */
function denied(c: Check, d: Decision): RpcError {
  const where = rulesPath(c.db, c.requestPath ?? c.path).toString();
  const why = d.errors.length ? ` (${d.errors[0]})` : '';
  return new RpcError(
    status.PERMISSION_DENIED,
    `Missing or insufficient permissions: no rule allows ${c.method} on ${where}${why}.`,
  );
}

/** A document read (`get`): GetDocument, BatchGetDocuments, a Listen document target. Throws PERMISSION_DENIED. */
export async function authorizeRead(
  state: RulesState,
  who: Caller | Metadata,
  db: Database,
  path: string,
  doc: StoredDoc | undefined,
  micros = Date.now() * 1000,
): Promise<void> {
  const caller = asCaller(who);
  if (caller.admin) return;
  const c: Check = {
    db: db.name,
    path,
    method: 'get',
    resource: doc ? resourceOf(db.name, path, doc.fields) : null,
    time: micros,
  };
  const d = await decide(state, caller, c);
  if (!d.allowed) throw denied(c, d);
}

/** `request.query`: limit, offset and orderBy of a list request. */
function queryOf(q: CompiledQuery): Record<string, unknown> {
  const orderBy = new Map<string, RValue>();
  for (const o of q.orders) {
    orderBy.set(o.field, o.desc ? 'DESC' : 'ASC');
  }
  return {
    limit: q.limit === undefined ? null : BigInt(q.limit),
    offset: BigInt(q.offset),
    orderBy: new Raw(orderBy),
  };
}

/**
 * A query (`list`): RunQuery, RunAggregationQuery, a Listen query target. The list rule is evaluated once for the
 * query; when no allow grants it and a condition read `resource`, every result document is checked with itself as
 * `resource` and one refusal refuses the whole query. Production proves a query safe from its filters instead; this
 * per-document check agrees whenever the results are not empty (an empty result of such a query is allowed here).
 * `docs` may be a function so that a count needs documents only when the rules read them.
 */
export async function authorizeQuery(
  state: RulesState,
  who: Caller | Metadata,
  q: CompiledQuery,
  docs: StoredDoc[] | (() => StoredDoc[]),
  micros = Date.now() * 1000,
): Promise<void> {
  const caller = asCaller(who);
  if (caller.admin) return;
  const db = q.db.name;
  const collection = q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`;
  // The document wildcard of the list rule: no document in particular.
  const first: Check = {
    db,
    path: `${collection}/__query__`,
    requestPath: collection,
    method: 'list',
    resource: UNBOUND,
    query: queryOf(q),
    time: micros,
  };
  const d = await decide(state, caller, first);
  if (d.allowed) return;
  if (!d.readsResource) throw denied(first, d);
  for (const doc of typeof docs === 'function' ? docs() : docs) {
    const c: Check = { ...first, path: doc.path, resource: resourceOf(db, doc.path, doc.fields) };
    const each = await decide(state, caller, c);
    if (!each.allowed) throw denied(c, each);
  }
}

/** ListDocuments and ListCollectionIds: `list` on the collection (ids and names are what they disclose). */
export async function authorizeList(state: RulesState, who: Caller | Metadata, db: Database, collection: string) {
  const caller = asCaller(who);
  if (caller.admin) return;
  const c: Check = {
    db: db.name,
    path: `${collection}/__query__`,
    requestPath: collection,
    method: 'list',
    resource: UNBOUND,
    time: Date.now() * 1000,
  };
  const d = await decide(state, caller, c);
  if (!d.allowed) throw denied(c, d);
}

/**
 * The writes of one Commit (or one Write stream request, or one BatchWrite write), prepared in `pending` but not yet
 * applied: per document, `create` (nothing there before), `delete` (nothing after) or `update`, with `resource` the
 * document before the request and `request.resource` the document after all its writes (merges and transforms
 * applied). `verify` writes (transaction reads) are preconditions only, not rules checks.
 */
export async function authorizeWrites(
  state: RulesState,
  who: Caller | Metadata,
  pending: PendingChanges,
  writes: Write[],
  micros: number,
): Promise<void> {
  const caller = asCaller(who);
  if (caller.admin) return;
  const db = pending.db;
  const seen = new Set<string>();
  for (const w of writes) {
    const name = w.update?.name ?? w.delete ?? w.transform?.document;
    if (name === undefined) continue;
    const { path } = parseDocumentName(name, db.name);
    if (seen.has(path) || !pending.docs.has(path)) continue;
    seen.add(path);
    const before = db.get(path);
    const after = pending.docs.get(path);
    const c: Check = {
      db: db.name,
      path,
      method: !after ? 'delete' : !before ? 'create' : 'update',
      resource: before ? resourceOf(db.name, path, before.fields) : null,
      incoming: after ? resourceOf(db.name, path, after.fields) : null,
      time: micros,
      pending,
    };
    const d = await decide(state, caller, c);
    if (!d.allowed) throw denied(c, d);
  }
}

/** Requests only the server side makes (PartitionQuery...): end users are refused whatever the rules say. */
export function requireAdmin(who: Caller | Metadata): void {
  if (!asCaller(who).admin) {
    throw new RpcError(status.PERMISSION_DENIED, 'Missing or insufficient permissions: this method is admin-only.');
  }
}
