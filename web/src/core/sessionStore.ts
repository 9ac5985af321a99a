// The showcase's sessions in the browser's sessionStorage (or a stand-in, or memory alone): one JSON value per key,
// read back only when it passes the caller's check. Beside persist.ts, which keeps the app's own state in localStorage.

/** Where a session is kept: sessionStorage, or a stand-in with the same methods (tests). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage when the browser has one and lets this page use it; null keeps the session in memory. */
export function browserSessionStore(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (a sandboxed frame, disabled cookies): the session lives in memory.
    return null;
  }
}

/** The value kept under `key` when it passes `accept`; undefined when there is none or it cannot be read as one. */
export function loadSession<T>(
  store: SessionStore | null,
  key: string,
  accept: (value: unknown) => value is T,
): T | undefined {
  try {
    const raw = store?.getItem(key);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key`; a full or refused store leaves the session in memory only. */
export function saveSession(store: SessionStore | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the session keeps its state in memory.
  }
}

/** Forgets what `key` holds; a refused store kept nothing there. */
export function clearSession(store: SessionStore | null, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there.
  }
}
