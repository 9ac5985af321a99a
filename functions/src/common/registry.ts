// ClinicalTrials.gov's API v2 read by NCT number: its base address (REGISTRY_API_URL), one GET with a timeout per
// attempt and retries on 429 and 5xx, and the errors a caller is told (docs/registry.md, "The import").
import { defineString } from 'firebase-functions/params';
import { logger } from 'firebase-functions/v2';
import { parameterOptions, studyImportSchema, validate, type RegistryRecord } from '@trialdesk/shared';
import { fail, invalidArgument } from './errors.js';

const options = parameterOptions('REGISTRY_API_URL');
/**
 * A parameter (functions/.env.<project>; docs/operations.md, "Configuration") defaulting to the registry's public API,
 * where production reads; the local stack sets its stand-in's address in its functions' configDir.
 */
export const REGISTRY_API_URL = defineString('REGISTRY_API_URL', options);
const DEFAULT_REGISTRY_API_URL = options.default!;

let base: string | undefined;

/** The configured base address, read and checked once: an address that is not http(s) stops the import, named. */
function registryApiUrl(): string {
  if (base !== undefined) return base;
  // A process the Functions runtime did not start (the in-process tests) sees no default: the declaration's applies.
  const named = REGISTRY_API_URL.value().trim() || DEFAULT_REGISTRY_API_URL;
  let protocol = '';
  try {
    protocol = new URL(named).protocol;
  } catch {
    // Reported below with the variable named.
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`REGISTRY_API_URL "${named}" is not an http(s) address (such as ${DEFAULT_REGISTRY_API_URL})`);
  }
  base = named.replace(/\/+$/, '');
  return base;
}

/**
 * How long one read may take and how often it is tried. The defaults keep the worst case (3 attempts of 10 s and
 * two waits of at most 5 s: 40 s) well inside the callable's 60 s, so the person gets `unavailable`, not a timeout.
 */
export interface RegistryReadOptions {
  base?: string;
  attempts?: number;
  attemptMs?: number;
  /** The first wait before a retry without Retry-After; doubled each time. */
  backoffMs?: number;
  /** The longest wait a Retry-After header obtains. */
  maxWaitMs?: number;
}
const DEFAULTS = { attempts: 3, attemptMs: 10_000, backoffMs: 1_000, maxWaitMs: 5_000 };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Retry-After in milliseconds (seconds or an HTTP date), null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

type Attempt = { done: true; body: string } | { done: false; why: string; waitMs: number | null };

/** One GET: the body of a 200, the registry's "no such study" as not-found, or why it may be worth another try. */
async function attempt(url: string, attemptMs: number): Promise<Attempt> {
  try {
    // The signal bounds the whole attempt, the body's reading included.
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(attemptMs),
    });
    if (response.status === 200) return { done: true, body: await response.text() };
    // A body left unread would hold the connection until it is collected.
    await response.body?.cancel().catch(() => {});
    if (response.status === 404) return { done: false, why: 'notFound', waitMs: Infinity };
    const retried = response.status === 429 || response.status >= 500;
    const waitMs = retried ? retryAfterMs(response.headers.get('retry-after')) : Infinity;
    return { done: false, why: `HTTP ${response.status}`, waitMs };
  } catch (error) {
    return { done: false, why: (error as Error).name || 'network', waitMs: null };
  }
}

/** A 200's body as a record, checked as a record sent by a person is: its size, then the parts the mapping reads. */
function recordOf(body: string, nctId: string): RegistryRecord {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    logger.warn('registry: an answer that is not JSON', { nctId });
    throw fail('unavailable', 'registryUnavailable');
  }
  const parsed = validate(studyImportSchema, { record: json });
  if (!parsed.ok) throw invalidArgument(parsed.issues);
  return parsed.value.record!;
}

/**
 * The registry's record of `nctId` (`invalid-argument` with `record.…` paths when it is not one). 404: `not-found`;
 * unreachable, timed out, still failing after the retries, or not JSON: `unavailable`. Another answer (a 400 for a
 * number the registry does not take) is not retried.
 */
export async function readRegistryRecord(nctId: string, options: RegistryReadOptions = {}): Promise<RegistryRecord> {
  const { attempts, attemptMs, backoffMs, maxWaitMs } = { ...DEFAULTS, ...options };
  const url = `${options.base ?? registryApiUrl()}/studies/${encodeURIComponent(nctId)}`;
  for (let tried = 1; ; tried++) {
    const result = await attempt(url, attemptMs);
    if (result.done) return recordOf(result.body, nctId);
    if (result.why === 'notFound') throw fail('not-found', 'registryNotFound', { nctId });
    if (tried >= attempts || result.waitMs === Infinity) {
      logger.warn('registry: no record', { nctId, attempts: tried, last: result.why });
      throw fail('unavailable', 'registryUnavailable');
    }
    await sleep(Math.min(result.waitMs ?? backoffMs * 2 ** (tried - 1), maxWaitMs));
  }
}
