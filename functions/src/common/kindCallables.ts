// A record kind's standard callables from its declaration: who may call each comes from the declaration, the work
// from the kind's service; an export records its access-log entry (docs/adding-a-resource.md).
import type { CallableFunction } from 'firebase-functions/v2/https';
import type {
  CallableName,
  CallableResponse,
  ExportResource,
  KindDeclaration,
  StandardCallable,
  ValidRequest,
} from '@trialdesk/shared';
import type { AccessRead } from './accessLog.js';
import type { Caller } from './auth.js';
import { callable } from './callable.js';
import { exportRead } from './exports.js';
import type { QueryShape } from './list.js';

type CallablesOf<K extends KindDeclaration> = keyof K['callables'] & StandardCallable;
type NameOf<K extends KindDeclaration, C extends StandardCallable> = `${K['name']}-${C}` & CallableName;

/** The kind's service for each of its standard callables. */
export type KindServices<K extends KindDeclaration> = {
  [C in CallablesOf<K>]: (data: ValidRequest<NameOf<K, C>>, caller: Caller) => Promise<CallableResponse<NameOf<K, C>>>;
};

/** What a callable's answer carried of patient-level data (callable.ts), for the kinds that hold any. */
export type KindAccessLog<K extends KindDeclaration> = {
  [C in CallablesOf<K>]?: (
    data: ValidRequest<NameOf<K, C>>,
    result: CallableResponse<NameOf<K, C>>,
  ) => AccessRead | AccessRead[] | null;
};

export interface KindOptions<K extends KindDeclaration> {
  /** The queries its lists run: the source of its composite indexes (queryShapes.ts). */
  shapes: QueryShape<string>[];
  /** Secret Manager secrets every callable of the kind reads. */
  secrets?: string[];
  logAccess?: KindAccessLog<K>;
}

const shapes: QueryShape<string>[] = [];
/** The query shapes of every kind whose callables were made (every kind, once index.ts is loaded). */
export const kindShapes = (): readonly QueryShape<string>[] => shapes;

/** The kind's callables, keyed as deployed under the kind's group (`studies-list` is `studies.list`). */
export function kindCallables<K extends KindDeclaration>(
  kind: K,
  services: KindServices<K>,
  options: KindOptions<K>,
): Record<CallablesOf<K>, CallableFunction<unknown, unknown>> {
  shapes.push(...options.shapes);
  const names = Object.keys(kind.callables) as CallablesOf<K>[];
  const one = <C extends CallablesOf<K>>(name: C) => {
    const log =
      options.logAccess?.[name] ??
      (name === 'export'
        ? (data: Record<string, unknown>, result: { rows: number }) =>
            exportRead(kind.name as ExportResource, data, result.rows)
        : undefined);
    return callable(
      `${kind.name}-${name}` as NameOf<K, C>,
      { access: kind.callables[name]!, secrets: options.secrets, logAccess: log as never },
      services[name] as never,
    ) as CallableFunction<unknown, unknown>;
  };
  return Object.fromEntries(names.map((name) => [name, one(name)])) as Record<
    CallablesOf<K>,
    CallableFunction<unknown, unknown>
  >;
}
