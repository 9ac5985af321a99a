// Writing an upload, whole or through a resumable session (its bytes gathered chunk by chunk until it is finished).
import { randomUUID } from 'node:crypto';
import { checkWrite, type Auth } from './access.js';
import { HttpError, MAX_OBJECT_BYTES } from './http.js';
import { TOKENS_KEY, type ObjectMeta, type WritableMeta } from './objects.js';
import { checkName } from './resources.js';
import type { StorageState } from './state.js';

/** The API an upload came through: the Firebase one (the web SDK) or Cloud Storage's JSON one (firebase-admin). */
export type Api = 'firebase' | 'gcs';

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
  done?: ObjectMeta;
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

/** The resumable uploads in progress, by upload id. */
export class UploadSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly state: StorageState) {}

  start(api: Api, auth: Auth, bucket: string, name: string, meta: WritableMeta, size?: number): Session {
    checkName(name);
    const session: Session = {
      id: randomUUID(),
      api,
      bucket,
      name,
      meta,
      declaredSize: size,
      chunks: [],
      received: 0,
      auth,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session of an upload id started through `api`. */
  get(id: string, api: Api): Session {
    const session = this.sessions.get(id);
    if (!session || session.api !== api) throw new HttpError(404, 'No such upload session.');
    return session;
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  clear(): void {
    this.sessions.clear();
  }

  /** Adds a chunk sent from `offset`; bytes received before are skipped, a gap is refused. */
  append(session: Session, offset: number, data: Buffer): void {
    if (offset > session.received)
      throw new HttpError(400, `Offset ${offset} is past the ${session.received} bytes received.`);
    const fresh = data.subarray(session.received - offset);
    if (session.received + fresh.length > MAX_OBJECT_BYTES) throw new HttpError(413, 'The upload is too large.');
    if (fresh.length) session.chunks.push(Buffer.from(fresh));
    session.received += fresh.length;
  }

  /** Writes the upload (once: finishing again answers the same object). */
  async finish(session: Session): Promise<ObjectMeta> {
    if (session.done) return session.done;
    const data = Buffer.concat(session.chunks);
    if (session.declaredSize !== undefined && session.declaredSize !== data.length && session.api === 'firebase') {
      throw new HttpError(400, `The upload declared ${session.declaredSize} bytes and sent ${data.length}.`);
    }
    const { api, auth, bucket, name, meta } = session;
    session.done = await storeUpload(this.state, api, auth, bucket, name, data, meta);
    session.chunks = [];
    return session.done;
  }
}
