import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import {
  FUNCTIONS_REGION,
  requestSchemas,
  validate,
  type CallableName,
  type CallableResponse,
  type ValidRequest,
} from '@trialdesk/shared';
import { assertSessionValid, authorise, callerOf, type Access, type Caller } from './auth.js';
import { fail, invalidArgument } from './errors.js';

interface CallableOptions {
  access: Access;
  /** User management: refuse tokens issued before a revocation (DESIGN.md section 6). */
  checkSession?: boolean;
  /** Secret Manager secrets the function reads from its environment. */
  secrets?: string[];
}

/**
 * One callable: authorise, validate with the shared schema, then run the service. Errors other than HttpsError are
 * logged (never with the request data, which may hold a patient identifier) and answered `internal`.
 */
export function callable<N extends CallableName>(
  name: N,
  options: CallableOptions,
  service: (data: ValidRequest<N>, caller: Caller) => Promise<CallableResponse<N>>,
) {
  return onCall(
    { region: FUNCTIONS_REGION, timeoutSeconds: 60, cors: true, secrets: options.secrets ?? [] },
    async (request): Promise<CallableResponse<N>> => {
      try {
        const caller = callerOf(request.auth);
        authorise(caller, options.access);
        if (options.checkSession) await assertSessionValid(caller);
        // The web SDK sends null when a callable takes no argument.
        const parsed = validate(requestSchemas[name], request.data ?? {});
        if (!parsed.ok) throw invalidArgument(parsed.issues);
        return await service(parsed.value as ValidRequest<N>, caller);
      } catch (error) {
        if (error instanceof HttpsError) throw error;
        const { name: errorName, message, code } = (error ?? {}) as { name?: string; message?: string; code?: unknown };
        logger.error(`${name} failed`, { callable: name, errorName, code, errorMessage: message });
        throw fail('internal', 'internal');
      }
    },
  );
}
