// The Firestore triggers a Functions emulator registers (firebase-tools' addFirestoreTrigger), per project, and which
// of them a document change concerns (docs/architecture.md, "Document events").

/** What a change did to a document. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

const EVENT_PREFIX = 'google.cloud.firestore.document.v1.';
const AUTH_SUFFIX = '.withAuthContext';

export interface Trigger {
  /** firebase-tools' trigger key: where the event goes, `/functions/projects/{project}/triggers/{key}`. */
  key: string;
  /** The CloudEvent type the function asked for, sent back as the event's `type`. */
  eventType: string;
  /** The changes it fires on: `written` fires on all three. */
  on: ChangeKind | 'written';
  /** `.withAuthContext` types also carry `authtype` and `authid`. */
  withAuth: boolean;
  /** The database id, e.g. `(default)`. */
  database: string;
  namespace: string;
  /** The document path or pattern as registered, and whether it is a pattern (`{id}`, `*`, `**`). */
  document: string;
  matches: (docPath: string) => boolean;
  /** A 1st gen trigger (firebase-functions/v1): its events are legacy JSON (legacy-events.ts). */
  legacy: boolean;
}

/** A registration error: answered 400 with its message. */
export class TriggerError extends Error {}

const isMulti = (seg: string) => seg === '**' || /^\{[^{}=/]+=\*\*\}$/.test(seg);
const isSingle = (seg: string) => seg === '*' || /^\{[^{}=/]+(=\*)?\}$/.test(seg);

function matchSegments(pattern: string[], i: number, path: string[], j: number): boolean {
  if (i === pattern.length) return j === path.length;
  const seg = pattern[i];
  if (isMulti(seg)) {
    for (let k = j; k <= path.length; k++) if (matchSegments(pattern, i + 1, path, k)) return true;
    return false;
  }
  if (j === path.length) return false;
  if (isSingle(seg) || seg === path[j]) return matchSegments(pattern, i + 1, path, j + 1);
  return false;
}

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

/**
 * Eventarc's path patterns (what firebase-functions' `PathPattern` reads): a literal segment, `*` or `{name}` for
 * one segment, `**` or `{name=**}` for any number of them; the whole document path must match.
 */
export function compilePattern(pattern: string): (docPath: string) => boolean {
  const segs = segmentsOf(pattern);
  for (const seg of segs) {
    if (seg.includes('*') && !isMulti(seg) && !isSingle(seg))
      throw new TriggerError(`Invalid path pattern segment "${seg}" in "${pattern}".`);
  }
  return (docPath) => matchSegments(segs, 0, segmentsOf(docPath), 0);
}

/**
 * A 2nd gen trigger, as firebase-tools' getV2FirestoreAttributes sends it:
 * `{eventType, database, namespace, document: {value, matchType: EXACT | PATH_PATTERN}}`.
 */
export function parseV2Trigger(key: string, body: unknown): Trigger {
  const b = (body ?? {}) as {
    eventType?: unknown;
    database?: unknown;
    namespace?: unknown;
    document?: { value?: unknown; matchType?: unknown };
  };
  const eventType = typeof b.eventType === 'string' ? b.eventType : '';
  const base = eventType.endsWith(AUTH_SUFFIX) ? eventType.slice(0, -AUTH_SUFFIX.length) : eventType;
  const on = base.startsWith(EVENT_PREFIX) ? base.slice(EVENT_PREFIX.length) : '';
  if (!['created', 'updated', 'deleted', 'written'].includes(on))
    throw new TriggerError(
      `Unsupported eventType "${eventType}": expected ${EVENT_PREFIX}{created,updated,deleted,written}[${AUTH_SUFFIX}].`,
    );
  if (typeof b.database !== 'string' || b.database === '') throw new TriggerError('A database is required.');
  if (typeof b.namespace !== 'string' || b.namespace === '') throw new TriggerError('A namespace is required.');
  const document = b.document?.value;
  if (typeof document !== 'string' || document === '') throw new TriggerError('A document (value) is required.');
  const matchType = b.document?.matchType;
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN')
    throw new TriggerError(`Unsupported matchType "${String(matchType)}": expected EXACT or PATH_PATTERN.`);
  const exact = segmentsOf(document).join('/');
  return {
    key,
    eventType,
    on: on as Trigger['on'],
    withAuth: eventType !== base,
    database: b.database,
    namespace: b.namespace,
    document,
    matches: matchType === 'EXACT' ? (docPath) => docPath === exact : compilePattern(document),
    legacy: false,
  };
}

const LEGACY_PREFIXES = ['providers/cloud.firestore/eventTypes/document.', 'google.firestore.document.'];
const LEGACY_KINDS: Record<string, Trigger['on']> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  write: 'written',
};

/**
 * A 1st gen trigger, as firebase-tools' getV1FirestoreAttributes sends it: `{eventTrigger: {eventType, resource:
 * 'projects/{p}/databases/{d}/documents/{path with {wildcards}}'}}`.
 */
export function parseV1Trigger(key: string, body: unknown): Trigger {
  const t = ((body ?? {}) as { eventTrigger?: { eventType?: unknown; resource?: unknown } }).eventTrigger ?? {};
  const eventType = typeof t.eventType === 'string' ? t.eventType : '';
  const prefix = LEGACY_PREFIXES.find((p) => eventType.startsWith(p));
  const on = prefix ? LEGACY_KINDS[eventType.slice(prefix.length)] : undefined;
  if (!on)
    throw new TriggerError(
      `Unsupported eventType "${eventType}": expected ${LEGACY_PREFIXES[0]}{create,update,delete,write}.`,
    );
  const resource = typeof t.resource === 'string' ? t.resource : '';
  const m = /^projects\/[^/]+\/databases\/([^/]+)\/documents\/(.+)$/.exec(resource);
  if (!m) throw new TriggerError(`Expected a resource projects/{p}/databases/{d}/documents/{path}, not "${resource}".`);
  // 1st gen paths know `{wildcard}` segments only, each standing for one segment.
  return {
    key,
    eventType,
    on,
    withAuth: false,
    database: m[1],
    namespace: '(default)',
    document: m[2],
    matches: compilePattern(m[2]),
    legacy: true,
  };
}

/** The registered triggers, per project. A key registered again replaces its trigger (a reload of the functions). */
export class Triggers {
  private readonly byProject = new Map<string, Map<string, Trigger>>();

  set(project: string, trigger: Trigger): void {
    let triggers = this.byProject.get(project);
    if (!triggers) this.byProject.set(project, (triggers = new Map()));
    triggers.set(trigger.key, trigger);
  }

  /** Whether any trigger is registered for `project` (so a commit elsewhere computes no changes). */
  has(project: string): boolean {
    return (this.byProject.get(project)?.size ?? 0) > 0;
  }

  /** The triggers of `project` a change of `kind` to `docPath` in database `database` fires, in registration order. */
  matching(project: string, database: string, docPath: string, kind: ChangeKind): Trigger[] {
    const out: Trigger[] = [];
    for (const t of this.byProject.get(project)?.values() ?? []) {
      if (t.database !== database || t.namespace !== '(default)') continue;
      if ((t.on === kind || t.on === 'written') && t.matches(docPath)) out.push(t);
    }
    return out;
  }
}
