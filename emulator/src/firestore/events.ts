// Document events after each commit, sent to the Functions emulator as Google's Firestore emulator sends them: one
// binary-mode CloudEvent per registered 2nd gen trigger a change concerns, its data a base64-encoded protobuf
// DocumentEventData, or a legacy JSON event for a 1st gen one (docs/architecture.md, "Document events").
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Fields, Value } from '../common/firestore-value.js';
import type { StoredDoc } from './document.js';
import type { Caller } from './firestore-rules.js';
import { jsonDocument, rfc3339 } from './json-values.js';
import { formatFieldPath } from './paths.js';
import { encodeDocument } from './protos.js';
import type { PendingChanges } from './writes.js';
import { compareValues, kindOf, tsFromMicros } from './values.js';
import { Triggers, type ChangeKind, type Trigger } from './triggers.js';

/** One document's change in a commit: its state before and after, and the commit's time (microseconds). */
export interface DocumentChange {
  path: string;
  kind: ChangeKind;
  before?: StoredDoc;
  after?: StoredDoc;
  time: number;
}

/** Where each event says the database is (an emulator's database has no region). */
const LOCATION = 'nam5';
const DATA_SCHEMA =
  'https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto';

/** Same stored value: same type (1 and 1.0 differ), same content, maps and arrays compared member by member. */
function sameValue(a: Value, b: Value): boolean {
  const k = kindOf(a);
  if (k !== kindOf(b)) return false;
  if (k === 'map') return sameFields(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  if (k === 'array') {
    const x = a.arrayValue?.values ?? [];
    const y = b.arrayValue?.values ?? [];
    return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  }
  return compareValues(a, b) === 0;
}

function sameFields(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
}

/** The field paths whose values differ, as deep as both sides are maps (an update's `updateMask`). */
function changedPaths(a: Fields, b: Fields, prefix: string[] = [], out: string[] = []): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const x = Object.hasOwn(a, key) ? a[key] : undefined;
    const y = Object.hasOwn(b, key) ? b[key] : undefined;
    const path = [...prefix, key];
    if (x?.mapValue && y?.mapValue) changedPaths(x.mapValue.fields ?? {}, y.mapValue.fields ?? {}, path, out);
    else if (!x || !y || !sameValue(x, y)) out.push(formatFieldPath(path));
  }
  return out;
}

/**
 * What `pending` changes, read before it is applied. A write that leaves a document as it was (same fields) is no
 * change: Firestore sends no update or write event for it.
 */
export function changesOf(pending: PendingChanges): DocumentChange[] {
  const out: DocumentChange[] = [];
  for (const [path, after] of pending.docs) {
    const before = pending.db.get(path);
    if (!before && !after) continue;
    if (before && after && sameFields(before.fields, after.fields)) continue;
    const kind: ChangeKind = !before ? 'created' : !after ? 'deleted' : 'updated';
    out.push({ path, kind, before, after, time: pending.time ?? 0 });
  }
  return out;
}

function varint(n: number): Buffer {
  const bytes: number[] = [];
  while (n > 127) {
    bytes.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  bytes.push(n);
  return Buffer.from(bytes);
}

/** A length-delimited protobuf field. */
const field = (num: number, bytes: Buffer) => Buffer.concat([varint(num * 8 + 2), varint(bytes.length), bytes]);

/**
 * google.events.cloud.firestore.v1.DocumentEventData: value (1) and old_value (2) are Documents with the numbering
 * of google.firestore.v1.Document, update_mask (3) a DocumentMask of field_paths (1).
 */
export function encodeEventData(change: DocumentChange): Buffer {
  const parts: Buffer[] = [];
  if (change.after) parts.push(field(1, encodeDocument(change.after.proto)));
  if (change.before) parts.push(field(2, encodeDocument(change.before.proto)));
  if (change.kind === 'updated') {
    const paths = changedPaths(change.before!.fields, change.after!.fields);
    parts.push(field(3, Buffer.concat(paths.map((p) => field(1, Buffer.from(p, 'utf8'))))));
  }
  return Buffer.concat(parts);
}

/** A document path as the `document` attribute carries it: each segment URI-encoded (firebase-functions decodes). */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

interface OutgoingEvent {
  project: string;
  trigger: Trigger;
  /** What the event is, for a report of its delivery. */
  label: string;
  headers: Record<string, string>;
  body: string;
}

/** The commit time in RFC 3339, to the microsecond. */
function timeOf(change: DocumentChange): string {
  const t = tsFromMicros(change.time);
  return rfc3339(t.seconds, t.nanos);
}

/**
 * A 1st gen function's event, the legacy JSON the Functions emulator's runtime reads (`eventType`, `eventId`,
 * `timestamp`, `resource`, `data` with `value`, `oldValue` and `updateMask` in proto3 JSON); firebase-functions/v1
 * takes its `params` from the resource name.
 */
function legacyEventOf(dbName: string, change: DocumentChange, trigger: Trigger): OutgoingEvent {
  const event = {
    eventType: trigger.eventType,
    eventId: randomUUID(),
    timestamp: timeOf(change),
    resource: { service: 'firestore.googleapis.com', name: `${dbName}/documents/${change.path}` },
    data: {
      value: jsonDocument(change.after),
      oldValue: jsonDocument(change.before),
      updateMask: {
        fieldPaths: change.kind === 'updated' ? changedPaths(change.before!.fields, change.after!.fields) : [],
      },
    },
  };
  const label = `${trigger.eventType} for ${change.path}`;
  return {
    project: dbName.split('/')[1],
    trigger,
    label,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  };
}

function eventOf(dbName: string, change: DocumentChange, trigger: Trigger, caller: Caller): OutgoingEvent {
  if (trigger.legacy) return legacyEventOf(dbName, change, trigger);
  const [, project, , database] = dbName.split('/');
  const document = encodePath(change.path);
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': randomUUID(),
    'ce-type': trigger.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${project}/databases/${database}`,
    'ce-subject': `documents/${document}`,
    'ce-time': timeOf(change),
    'ce-dataschema': DATA_SCHEMA,
    'ce-project': project,
    'ce-location': LOCATION,
    'ce-database': database,
    'ce-namespace': trigger.namespace,
    'ce-document': document,
  };
  if (trigger.withAuth) {
    // Who wrote: the admin token is a service account, an ID token an app user, no token unauthenticated.
    const who = caller.admin ? 'service_account' : caller.auth ? 'app_user' : 'unauthenticated';
    headers['ce-authtype'] = who;
    if (!caller.admin && caller.auth) headers['ce-authid'] = caller.auth.uid;
  }
  // The Functions emulator decodes a protobuf body from base64 before handing it to the function.
  const label = `${trigger.eventType} for ${document}`;
  return { project, trigger, label, headers, body: encodeEventData(change).toString('base64') };
}

/**
 * Sends the events of each commit, after it, in commit order: each request is on its way before the next starts.
 * Nothing waits for the function to finish, nothing is retried, and a Functions emulator that is down or answers an
 * error is reported through `warn` only: the commit never waits for, nor fails because of, a delivery.
 */
export class EventDelivery {
  readonly triggers = new Triggers();
  private queue: Promise<void> = Promise.resolve();
  private warnedNoTarget = false;

  /** @param target the Functions emulator, `host:port`; without it events are dropped with a warning. */
  constructor(
    private readonly target: string | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  /** Whether a commit to `dbName` (`projects/p/databases/d`) can fire anything, so it computes its changes. */
  concerns(dbName: string): boolean {
    return this.triggers.has(dbName.split('/')[1]);
  }

  /**
   * Queues the events of `changes` (in their order), made by `caller`, just as they are applied: their place in the
   * queue is the commit's. They go once `durable` (the commit on disk) resolves, and never if it rejects.
   */
  emit(dbName: string, changes: DocumentChange[], caller: Caller, durable: Promise<void> = Promise.resolve()): void {
    const [, project, , database] = dbName.split('/');
    const events: OutgoingEvent[] = [];
    for (const change of changes) {
      for (const trigger of this.triggers.matching(project, database, change.path, change.kind))
        events.push(eventOf(dbName, change, trigger, caller));
    }
    if (events.length === 0) return;
    if (!this.target) {
      if (!this.warnedNoTarget) this.warn('Firestore emulator: document events dropped: no Functions emulator address');
      this.warnedNoTarget = true;
      return;
    }
    const target = this.target;
    const committed = durable.then(
      () => true,
      () => false,
    );
    for (const event of events) {
      this.queue = this.queue.then(async () => {
        if (await committed) await this.send(target, event);
      });
    }
  }

  private send(target: string, event: OutgoingEvent): Promise<void> {
    const url = new URL(`http://${target}`);
    const path = `/functions/projects/${encodeURIComponent(event.project)}/triggers/${encodeURIComponent(event.trigger.key)}`;
    const label = `${event.label} to ${event.trigger.key}`;
    return new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: Number(url.port),
          method: 'POST',
          path,
          headers: { ...event.headers, 'content-length': Buffer.byteLength(event.body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.length < 16 && chunks.push(c));
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 300)
              this.warn(
                `Firestore emulator: ${label} answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`,
              );
          });
          res.on('error', () => {});
        },
      );
      req.on('error', (e) => {
        this.warn(`Firestore emulator: ${label} not delivered: ${e.message}`);
        resolve();
      });
      // The next event starts once this one is written, not once the function has run (which may take minutes).
      req.end(event.body, () => resolve());
    });
  }
}
