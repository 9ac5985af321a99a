// Errors answered to the client with a gRPC status code, one constructor per status the emulator uses, and how an
// error ends a call (its status; on a stream, headers first).
import { Metadata, status } from '@grpc/grpc-js';

/** An error answered to the client with a gRPC status code, as Firestore does. */
export class RpcError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new RpcError(status.INVALID_ARGUMENT, message);
export const notFound = (message: string) => new RpcError(status.NOT_FOUND, message);
export const failedPrecondition = (message: string) => new RpcError(status.FAILED_PRECONDITION, message);
export const aborted = (message: string) => new RpcError(status.ABORTED, message);
export const alreadyExists = (message: string) => new RpcError(status.ALREADY_EXISTS, message);
export const unimplemented = (message: string) => new RpcError(status.UNIMPLEMENTED, message);
export const permissionDenied = () => new RpcError(status.PERMISSION_DENIED, 'Missing or insufficient permissions.');

/** The status an error is answered with: its own for an RpcError, else INTERNAL (and the error is reported). */
export function toStatus(e: unknown, logError?: (e: unknown) => void): { code: status; details: string } {
  if (e instanceof RpcError) return { code: e.code, details: e.message };
  logError?.(e);
  const message = e instanceof Error ? e.message : String(e);
  return { code: status.INTERNAL, details: `Internal emulator error: ${message}` };
}

/** The server side of a streaming call, as far as ending it with an error goes. */
export interface StreamCall {
  sendMetadata(md: Metadata): void;
  emit(event: 'error', status: { code: status; details: string }): boolean;
}

/**
 * Ends a streaming call with the error's status, headers first as Firestore does: google-gax retries a stream that
 * fails without ever sending headers ("no response"), which would turn every rejected query into a 7 s wait.
 */
export function failStream(call: StreamCall, e: unknown, logError?: (e: unknown) => void): void {
  call.sendMetadata(new Metadata());
  call.emit('error', toStatus(e, logError));
}
