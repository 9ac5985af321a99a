// The two shapes of a gRPC method a route is written as: one request answered once (unary), or answered with a list
// of messages (server streaming). Each runs the route with the caller the Authorization metadata names.
import type { sendUnaryData, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { failStream, toStatus } from '../errors.js';
import { callerOf, type Caller } from '../firestore-rules.js';
import type { EmulatorState } from '../state.js';

/**
 * A route: the answer to one request. firebase-admin sends `Bearer owner`, past the rules; any other caller is an end
 * user the route checks against the security rules (firestore-rules.ts).
 */
export type Route<Req, Res> = (state: EmulatorState, req: Req, caller: Caller) => Res | Promise<Res>;

export function unary<Req, Res>(state: EmulatorState, route: Route<Req, Res>) {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
    const fail = (e: unknown) => callback(toStatus(e, state.logError));
    try {
      const caller = callerOf(call.metadata);
      Promise.resolve(route(state, call.request, caller)).then((res) => callback(null, res), fail);
    } catch (e) {
      fail(e);
    }
  };
}

export function serverStream<Req, Res>(state: EmulatorState, route: Route<Req, Res[]>) {
  return (call: ServerWritableStream<Req, Res>) => {
    const fail = (e: unknown) => failStream(call, e, state.logError);
    try {
      const caller = callerOf(call.metadata);
      Promise.resolve(route(state, call.request, caller)).then((results) => {
        for (const r of results) call.write(r);
        call.end();
      }, fail);
    } catch (e) {
      fail(e);
    }
  };
}
