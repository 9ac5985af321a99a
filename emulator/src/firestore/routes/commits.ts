// Routes writing documents: Commit, BatchWrite, and the web SDK's Write stream; each change is on disk (with a data
// folder) before it is answered.
import { randomUUID } from 'node:crypto';
import { status, type ServerDuplexStream } from '@grpc/grpc-js';
import { failStream, invalid, toStatus } from '../errors.js';
import { changesOf, type DocumentChange } from '../events.js';
import { authorizeWrites, callerOf, type Caller } from '../firestore-rules.js';
import { parseDatabase } from '../paths.js';
import type { EmulatorState } from '../state.js';
import type { Database } from '../store.js';
import type { Transaction } from '../transactions.js';
import { tsFromMicros } from '../values.js';
import { applyChanges, PendingChanges, prepareWrite, type Write, type WriteResult } from '../writes.js';

/** A request of the Write stream (the first names the database; later ones carry writes and the last token). */
export interface WriteStreamRequest {
  database?: string;
  streamToken?: Uint8Array;
  writes?: Write[];
}

async function persist(state: EmulatorState, db: Database, pending: PendingChanges): Promise<void> {
  if (state.persistence && pending.docs.size > 0)
    await state.persistence.append({ db: db.name, docs: [...pending.docs] });
}

export async function commit(
  state: EmulatorState,
  req: { database?: string; writes?: Write[]; transaction?: Uint8Array },
  caller: Caller,
) {
  const { store, txs } = state;
  const db = store.db(parseDatabase(req.database));
  const writes = req.writes ?? [];
  let tx: Transaction | undefined;
  if (req.transaction && req.transaction.length > 0) {
    tx = txs.get(db.name, req.transaction);
    // The transaction is over whatever happens next.
    txs.end(tx);
    if (tx.readOnly && writes.length > 0) throw invalid('Cannot modify entities in a read-only transaction.');
  }
  // Validating, preparing and applying must see no other commit in between. For the admin they run without a
  // pause; an end user's rules are evaluated asynchronously, so when the database changed meanwhile it all starts
  // over on the new state.
  for (;;) {
    const version = db.version;
    if (tx) txs.validate(tx, db);
    const now = store.nextTime();
    const pending = new PendingChanges(db);
    const writeResults = writes.map((w) => prepareWrite(pending, w, now));
    if (!caller.admin) {
      await authorizeWrites(state, caller, pending, writes, now);
      if (db.version !== version) continue;
    }
    // Events in commit order, sent once the commit is on disk, never awaited by it (events.ts).
    const changes = state.events?.concerns(db.name) ? changesOf(pending) : [];
    applyChanges(pending);
    const durable = persist(state, db, pending);
    state.events?.emit(db.name, changes, caller, durable);
    await durable;
    return { writeResults, commitTime: tsFromMicros(now) };
  }
}

export async function batchWrite(state: EmulatorState, req: { database?: string; writes?: Write[] }, caller: Caller) {
  const db = state.store.db(parseDatabase(req.database));
  const all = new PendingChanges(db);
  const writeResults: WriteResult[] = [];
  const statuses: { code: number; message?: string }[] = [];
  const changes: DocumentChange[] = [];
  const names = new Set<string>();
  for (const w of req.writes ?? []) {
    const name = w.update?.name ?? w.delete ?? w.transform?.document ?? '';
    if (names.has(name)) throw invalid(`BatchWrite cannot write the same document more than once: ${name}`);
    names.add(name);
  }
  for (const w of req.writes ?? []) {
    try {
      // As in a commit: prepared and applied with no other commit in between.
      let pending: PendingChanges;
      let result: WriteResult;
      for (;;) {
        const version = db.version;
        const now = state.store.nextTime();
        pending = new PendingChanges(db);
        result = prepareWrite(pending, w, now);
        if (caller.admin) break;
        await authorizeWrites(state, caller, pending, [w], now);
        if (db.version === version) break;
      }
      writeResults.push(result);
      if (state.events?.concerns(db.name)) changes.push(...changesOf(pending));
      applyChanges(pending);
      for (const [p, d] of pending.docs) all.docs.set(p, d);
      statuses.push({ code: status.OK });
    } catch (e) {
      const s = toStatus(e);
      writeResults.push({});
      statuses.push({ code: s.code, message: s.details });
    }
  }
  const durable = persist(state, db, all);
  state.events?.emit(db.name, changes, caller, durable);
  await durable;
  return { writeResults, status: statuses };
}

/**
 * The web SDK's writes: a handshake (the first request names the database and carries no writes; the answer holds a
 * stream token), then each request's writes are committed together and answered with their results and commit time.
 * An empty request only acknowledges tokens. A failed write ends the stream with its status, as Firestore does (the
 * SDK rejects that batch and opens a new stream for the next ones).
 */
export function writeStream(state: EmulatorState, call: ServerDuplexStream<WriteStreamRequest, object>): void {
  const streamId = randomUUID();
  let database: string | undefined;
  let caller: Caller;
  let sent = 0;
  let closed = false;
  let queue = Promise.resolve();
  const token = () => Buffer.from(String(++sent));
  const fail = (e: unknown) => {
    if (closed) return;
    closed = true;
    failStream(call, e, state.logError);
  };
  call.on('data', (req: WriteStreamRequest) => {
    queue = queue.then(async () => {
      if (closed) return;
      try {
        if (database === undefined) {
          caller = callerOf(call.metadata);
          database = parseDatabase(req.database);
          if (req.writes?.length) throw invalid('The first request of a Write stream cannot contain writes.');
          call.write({ streamId, streamToken: token() });
          return;
        }
        if (req.database && req.database !== database) {
          throw invalid(`The Write stream is bound to "${database}", not "${req.database}".`);
        }
        if (!req.writes?.length) return;
        const res = await commit(state, { database, writes: req.writes }, caller);
        if (!closed) call.write({ streamId, streamToken: token(), ...res });
      } catch (e) {
        fail(e);
      }
    });
  });
  call.on('end', () => {
    void queue.then(() => {
      if (closed) return;
      closed = true;
      call.end();
    });
  });
  call.on('error', () => (closed = true));
  call.on('cancelled', () => (closed = true));
}
