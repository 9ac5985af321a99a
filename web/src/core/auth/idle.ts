// The idle timeout: its duration, and the time of the last input, which every tab shares through localStorage.

/** A session ends after this long without input in any tab of the app. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** The warning shows this long before the end (half the timeout when that is shorter). */
export const IDLE_WARNING_MS = 60_000;
/** Input more frequent than this is recorded once (pointer moves fire many times a second). */
export const ACTIVITY_THROTTLE_MS = 1_000;

/** The time (epoch ms) of the last input in any tab; other tabs hear of it through the `storage` event. */
export const ACTIVITY_STORAGE_KEY = 'trialdesk.lastActivity';
/**
 * Browser tests shorten the timeout through this key (milliseconds). Honoured only by a build that targets the
 * emulators, and only to shorten: a production build always waits IDLE_TIMEOUT_MS.
 */
export const IDLE_TIMEOUT_OVERRIDE_KEY = 'trialdesk.idleTimeoutMs';
const SHORTEST_OVERRIDE_MS = 2_000;

const usingEmulators = import.meta.env.VITE_USE_EMULATORS === 'true';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The timeout in force: IDLE_TIMEOUT_MS, or a shorter override where overrides are allowed. */
export function idleTimeoutMs(allowOverride = usingEmulators): number {
  if (!allowOverride) return IDLE_TIMEOUT_MS;
  const override = Number(read(IDLE_TIMEOUT_OVERRIDE_KEY) ?? NaN);
  return Number.isFinite(override) && override >= SHORTEST_OVERRIDE_MS && override < IDLE_TIMEOUT_MS
    ? override
    : IDLE_TIMEOUT_MS;
}

/** How long before the end the warning shows. */
export const warningLeadMs = (timeout: number): number => Math.min(IDLE_WARNING_MS, timeout / 2);

/** A stored activity time, or null for anything else (absent, corrupt, in the future). */
export function parseActivity(raw: string | null, now = Date.now()): number | null {
  const at = Number(raw ?? NaN);
  return Number.isFinite(at) && at > 0 && at <= now + ACTIVITY_THROTTLE_MS ? at : null;
}

export const readLastActivity = (): number | null => parseActivity(read(ACTIVITY_STORAGE_KEY));

/** Records input now (for every tab) and returns its time. */
export function recordActivity(at = Date.now()): number {
  try {
    localStorage.setItem(ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Storage disabled: this tab keeps its own time.
  }
  return at;
}

/** True when the last recorded input is older than the timeout (no record: not expired). */
export function idleExpired(now = Date.now()): boolean {
  const last = readLastActivity();
  return last !== null && now - last >= idleTimeoutMs();
}
