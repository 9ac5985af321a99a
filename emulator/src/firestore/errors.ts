// Errors answered to the client with a gRPC status code, one constructor per status the emulator uses.
import { status } from '@grpc/grpc-js';

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
