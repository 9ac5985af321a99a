// Each persisted slice lives under its own localStorage key.
export const STORAGE_KEYS = {
  auth: 'trialdesk.auth',
  theme: 'trialdesk.theme',
  layout: 'trialdesk.layout',
} as const;

/** The stored value when it is readable and passes `accept`, else undefined (corrupt or foreign data is ignored). */
export function loadPersisted<T>(key: string, accept: (value: unknown) => value is T): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function savePersisted(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
