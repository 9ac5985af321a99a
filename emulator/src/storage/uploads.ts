// Writing an upload, whole or through a resumable session: its bytes gathered chunk by chunk at the offsets the client
// names, until it is finalized or cancelled; a finished or cancelled session keeps answering as Google's does.
import { randomUUID } from 'node:crypto';
import { checkWrite, type Auth } from './access.js';
import { HttpError, MAX_OBJECT_BYTES } from './http.js';
import { TOKENS_KEY, type ObjectMeta, type WritableMeta } from './objects.js';
import { checkName } from './resources.js';
import type { StorageState } from './state.js';

/** The API an upload came through: the Firebase one (the web SDK) or Cloud Storage's JSON one (firebase-admin). */
export type Api = 'firebase' | 'gcs';

/** A session's state as the `X-Goog-Upload-Status` header names it. */
export type SessionStatus = 'active' | 'final' | 'cancelled';

export interface Session {
  id: string;
  api: Api;
  bucket: string;
  name: string;
  meta: WritableMeta;
  declaredSize?: number;
  chunks: Buffer[];
  received: number;
  auth: Auth;
  status: SessionStatus;
  /** Once final: the object written, or the error that refused it (answered again to a repeated finalize). */
  done?: ObjectMeta;
  refused?: HttpError;
  /** Extra parameters of the start request the end needs (Cloud Storage's `ifGenerationMatch`). */
  ifGenerationMatch?: string;
}

/**
 * Writes an upload. As in Cloud Storage for Firebase, an upload through the Firebase API gets a download token (the
 * uploader's, in its answer); one through the Cloud Storage API gets none.
 */
export async function storeUpload(
  state: StorageState,
  api: Api,
  auth: Auth,
  bucket: string,
  name: string,
  data: Buffer,
  meta: WritableMeta,
): Promise<ObjectMeta> {
  checkName(name);
  if (data.length > MAX_OBJECT_BYTES)
    throw new HttpError(413, `Objects are limited to ${MAX_OBJECT_BYTES} bytes here.`);
  await checkWrite(state, auth, bucket, name, data.length, meta);
  const withToken =
    api === 'firebase' && !meta.metadata?.[TOKENS_KEY]
      ? { ...meta, metadata: { ...meta.metadata, [TOKENS_KEY]: randomUUID() } }
      : meta;
  return state.store.put(bucket, name, data, withToken);
}

/** How `append` treats a chunk that does not start where the received bytes end. */
export type OffsetRule =
  /** The Firebase protocol (`X-Goog-Upload-Offset`): the offset must be the number of bytes received. */
  | 'exact'
  /** Cloud Storage's JSON protocol: bytes already received are skipped (a resent chunk), a gap is refused. */
  | 'skip-resent';

/** The resumable uploads started since the emulator started (or was reset), by upload id. */
export class UploadSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly state: StorageState) {}

  start(
    api: Api,
    auth: Auth,
    bucket: string,
    name: string,
    meta: WritableMeta,
    extra: { declaredSize?: number; ifGenerationMatch?: string } = {},
  ): Session {
    checkName(name);
    const session: Session = {
      id: randomUUID(),
      api,
      bucket,
      name,
      meta,
      ...extra,
      chunks: [],
      received: 0,
      auth,
      status: 'active',
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session of an upload id started through `api` (404 for another API's or an unknown id). */
  get(id: string, api: Api): Session {
    const session = this.sessions.get(id);
    if (!session || session.api !== api) throw new HttpError(404, 'No such upload session.');
    return session;
  }

  /** Cancels an active session: its bytes are dropped, and it answers as cancelled from now on. */
  cancel(session: Session): void {
    if (session.status === 'final')
      throw new HttpError(400, 'The upload is already finalized: it cannot be cancelled.');
    session.status = 'cancelled';
    session.chunks = [];
  }

  clear(): void {
    this.sessions.clear();
  }

  /** Adds a chunk sent from `offset` to an active session. */
  append(session: Session, offset: number, data: Buffer, rule: OffsetRule): void {
    checkActive(session);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new HttpError(400, `Invalid upload offset '${offset}'.`);
    if (rule === 'exact' ? offset !== session.received : offset > session.received) {
      throw new HttpError(
        400,
        `The upload offset ${offset} does not match the ${session.received} bytes received: query the upload's status and continue from there.`,
      );
    }
    const fresh = data.subarray(session.received - offset);
    if (session.received + fresh.length > MAX_OBJECT_BYTES) throw new HttpError(413, 'The upload is too large.');
    if (fresh.length) session.chunks.push(Buffer.from(fresh));
    session.received += fresh.length;
  }

  /**
   * Writes the upload and makes the session final. Only once: the caller answers a second finalize with
   * `session.done` or `session.refused` itself.
   */
  async finish(session: Session): Promise<ObjectMeta> {
    checkActive(session);
    session.status = 'final';
    const data = Buffer.concat(session.chunks);
    session.chunks = [];
    try {
      if (session.declaredSize !== undefined && session.declaredSize !== data.length) {
        throw new HttpError(400, `The upload declared ${session.declaredSize} bytes and sent ${data.length}.`);
      }
      const { api, auth, bucket, name, meta } = session;
      session.done = await storeUpload(this.state, api, auth, bucket, name, data, meta);
      return session.done;
    } catch (error) {
      if (error instanceof HttpError) session.refused = error;
      throw error;
    }
  }
}

/** Refuses (400) to add to or finalize a session that is finished or cancelled, as Google's emulator does. */
function checkActive(session: Session): void {
  if (session.status === 'final') throw new HttpError(400, 'The upload is already finalized.');
  if (session.status === 'cancelled') throw new HttpError(400, 'The upload was cancelled.');
}
