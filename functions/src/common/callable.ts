// The one pipeline of every callable: App Check, authorise, validate, serve, and record patient-level reads and refusals.
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import {
  FUNCTIONS_REGION,
  forbiddenKeyIssues,
  requestSchemas,
  validate,
  type CallableName,
  type CallableRequest as RequestOf,
  type CallableResponse,
  type ValidRequest,
} from '@trialdesk/shared';
import { recordAccess, type AccessRead } from './accessLog.js';
import { enforcesAppCheck } from './appCheck.js';
import { authorise, emailOf, type Access, type Caller } from './auth.js';
import { fail, invalidArgument } from './errors.js';

interface CallableOptions<N extends CallableName> {
  access: Access;
  /** Secret Manager secrets the function reads from its environment. */
  secrets?: string[];
  /** What the answer carried of patient-level data, to record in the access log (null: none). */
  logAccess?: (data: ValidRequest<N>, result: CallableResponse<N>) => AccessRead | AccessRead[] | null;
}

const REFUSALS = ['unauthenticated', 'permission-denied'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (code: string): code is Refusal => (REFUSALS as readonly string[]).includes(code);

/** Records a refused call; a failure to record is logged, and the caller still gets the refusal. */
async function recordRefusal(name: string, authData: CallableRequest['auth'], outcome: Refusal) {
  await emailOf(authData)
    .then((actorEmail) =>
      recordAccess({ actorUid: authData?.uid ?? null, actorEmail, action: 'refused', callable: name, outcome }),
    )
    .catch((error: Error) =>
      logger.error('access log: a refusal was not recorded', { callable: name, errorMessage: error.message }),
    );
}

/**
 * Runs `work` for the function `name` called as `authData`: a refusal (unauthenticated, permission-denied) is
 * recorded in the access log; an error other than an HttpsError is logged (never with the request data, which may
 * hold a patient identifier) and becomes `internal`. Every function the web calls runs this way.
 */
export async function guarded<T>(name: string, authData: CallableRequest['auth'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpsError) {
      if (isRefusal(error.code)) await recordRefusal(name, authData, error.code);
      throw error;
    }
    const { name: errorName, message, code } = (error ?? {}) as { name?: string; message?: string; code?: unknown };
    logger.error(`${name} failed`, { callable: name, errorName, code, errorMessage: message });
    throw fail('internal', 'internal');
  }
}

/** The pipeline below for one callable, as the Functions emulator runs it after verifying the ID token. */
type Handler = (authData: CallableRequest['auth'], data: unknown, rawData?: unknown) => Promise<unknown>;
const handlers = new Map<CallableName, Handler>();

/**
 * Runs a callable's whole pipeline (authorisation against the account and users record, validation, service, access
 * log) in this process, as `authData` (the verified token's uid and claims): the demo seed writes this way, without
 * one HTTP round trip and worker hand-off per record. The callable's module must have been imported.
 */
export async function runCallable<N extends CallableName>(
  name: N,
  authData: CallableRequest['auth'],
  data: RequestOf<N>,
): Promise<CallableResponse<N>> {
  const handler = handlers.get(name);
  if (!handler) throw new Error(`runCallable: ${name} is not loaded`);
  return handler(authData, data) as Promise<CallableResponse<N>>;
}

/** One callable: authorise, validate with the shared schema, run the service, record patient-level reads (guarded). */
export function callable<N extends CallableName>(
  name: N,
  options: CallableOptions<N>,
  service: (data: ValidRequest<N>, caller: Caller) => Promise<CallableResponse<N>>,
) {
  const handle = async (
    authData: CallableRequest['auth'],
    requestData: unknown,
    rawData?: unknown,
  ): Promise<CallableResponse<N>> =>
    guarded(name, authData, async () => {
      const caller = await authorise(authData, options.access);
      // Keys that reach prototypes, before anything reads the payload: the SDK's decoder has already turned a
      // `__proto__` key of the data into its prototype, and express's JSON body still holds it as an own key.
      const forbidden = forbiddenKeyIssues(requestData, rawData);
      if (forbidden.length > 0) throw invalidArgument(forbidden);
      // The web SDK sends null when a callable takes no argument.
      const parsed = validate(requestSchemas[name], requestData ?? {});
      if (!parsed.ok) throw invalidArgument(parsed.issues);
      const data = parsed.value as ValidRequest<N>;
      const result = await service(data, caller);
      // Recorded before answering: no patient-level read goes unlogged (a failure to record fails the call).
      const reads = [options.logAccess?.(data, result) ?? []].flat();
      await recordAccess(
        ...reads.map((read) => ({
          ...read,
          actorUid: caller.uid,
          actorEmail: caller.email,
          callable: name,
          outcome: 'allowed' as const,
        })),
      );
      return result;
    });
  handlers.set(name, handle);
  return onCall(
    {
      region: FUNCTIONS_REGION,
      timeoutSeconds: 60,
      cors: true,
      secrets: options.secrets ?? [],
      // A call without a valid App Check token is refused before the pipeline (ENFORCE_APP_CHECK, common/appCheck.ts).
      enforceAppCheck: enforcesAppCheck(),
    },
    (request): Promise<CallableResponse<N>> =>
      handle(request.auth, request.data, (request.rawRequest as { body?: { data?: unknown } } | undefined)?.body?.data),
  );
}
