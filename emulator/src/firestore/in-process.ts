// A gRPC channel to the emulator for a Firestore client in the same process (the local stack's seed): the unary and
// server-streaming methods reach the same routes as over the network, their messages still protobuf-encoded both
// ways, without the HTTP/2 connection between client and server. Listen and Write (bidirectional streams) keep a
// real connection. Why: docs/architecture.md, "The local stack".
import {
  ChannelCredentials,
  Channel as NetworkChannel,
  connectivityState,
  Metadata,
  status,
  type ChannelInterface as Channel,
  type ChannelOptions,
  type Deadline,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { MethodDefinition, ServiceDefinition } from '@grpc/proto-loader';

type Status = { code: status; details: string };
type Method = MethodDefinition<object, object>;
/** A route as routes/rpc.ts makes it: unary ones answer through the callback, streaming ones through the call. */
type Handler = (call: ServerSide, callback: (error: Status | null, value?: object) => void) => void;

/** What grpc-js tells a call's listener (its InterceptingListener). */
interface Listener {
  onReceiveMetadata(metadata: Metadata): void;
  onReceiveMessage(message: Buffer): void;
  onReceiveStatus(status: Status & { metadata: Metadata }): void;
}

/** The server side of a call, as far as the routes and failStream (errors.ts) use it. */
interface ServerSide {
  request: object;
  metadata: Metadata;
  getPeer(): string;
  sendMetadata(metadata: Metadata): void;
  write(message: object): boolean;
  end(): void;
  emit(event: 'error', status: Status): boolean;
}

const PEER = 'in-process';
let callNumber = 0;

/**
 * One call: its request is answered once the client half-closes; the answers wait for the client's reads (one
 * message per startRead, as grpc-js' own calls deliver them), then the status follows on the next tick.
 */
class InProcessCall {
  private listener?: Listener;
  private metadata = new Metadata();
  private request: Buffer = Buffer.alloc(0);
  private readonly answers: Buffer[] = [];
  private reads = 0;
  private headersSent = false;
  private result?: Status;
  private done = false;
  private readonly deadline: number;
  private readonly timer?: NodeJS.Timeout;
  private readonly number = ++callNumber;

  constructor(
    private readonly method: Method,
    private readonly handler: Handler,
    deadline: Deadline,
  ) {
    this.deadline = deadline instanceof Date ? deadline.getTime() : deadline;
    if (Number.isFinite(this.deadline)) {
      const cancel = () => this.cancelWithStatus(status.DEADLINE_EXCEEDED, 'Deadline exceeded');
      this.timer = setTimeout(cancel, Math.max(0, this.deadline - Date.now()));
    }
  }

  start(metadata: Metadata, listener: Listener): void {
    this.metadata = metadata;
    this.listener = listener;
  }

  sendMessageWithContext(context: { callback?: (error?: Error | null) => void }, message: Buffer): void {
    this.request = message;
    if (context.callback) process.nextTick(context.callback);
  }

  halfClose(): void {
    if (this.done) return;
    // A request sent after its deadline is not answered, as the network's client and server refuse it.
    if (Date.now() >= this.deadline) return this.cancelWithStatus(status.DEADLINE_EXCEEDED, 'Deadline exceeded');
    let request: object;
    try {
      request = this.method.requestDeserialize(this.request);
    } catch (e) {
      return this.end({ code: status.INTERNAL, details: `Request message parsing error: ${String(e)}` });
    }
    const server: ServerSide = {
      request,
      metadata: this.metadata,
      getPeer: () => PEER,
      sendMetadata: () => this.sendHeaders(),
      write: (message) => (this.answer(message), true),
      end: () => this.end(),
      emit: (_event, error) => (this.end(error), true),
    };
    this.handler(server, (error, value) => {
      if (error) return this.end(error);
      this.answer(value!);
      this.end();
    });
  }

  startRead(): void {
    this.reads++;
    // Never within the client's own call: a network read answers later too.
    process.nextTick(() => this.deliver());
  }

  cancelWithStatus(code: status, details: string): void {
    this.answers.length = 0;
    this.finish({ code, details });
  }

  getPeer(): string {
    return PEER;
  }

  getCallNumber(): number {
    return this.number;
  }

  /** The emulator takes the caller from the metadata (Bearer owner, or an end user's token), not from credentials. */
  setCredentials(): void {}

  getAuthContext(): null {
    return null;
  }

  private sendHeaders(): void {
    if (this.headersSent || this.done) return;
    this.headersSent = true;
    this.listener?.onReceiveMetadata(new Metadata());
  }

  private answer(message: object): void {
    if (this.result || this.done) return;
    this.answers.push(this.method.responseSerialize(message));
    this.deliver();
  }

  private end(result: Status = { code: status.OK, details: 'OK' }): void {
    if (this.result || this.done) return;
    this.result = result;
    this.deliver();
  }

  private deliver(): void {
    if (this.done || !this.listener) return;
    this.sendHeaders();
    for (; this.reads > 0 && this.answers.length > 0; this.reads--)
      this.listener.onReceiveMessage(this.answers.shift()!);
    if (this.result && this.answers.length === 0) this.finish(this.result);
  }

  private finish(result: Status): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    // As grpc-js does: the status reaches the caller after whatever is running now has finished.
    process.nextTick(() => this.listener?.onReceiveStatus({ ...result, metadata: new Metadata() }));
  }
}

/**
 * grpc-js' `channelFactoryOverride` for a client in this process (@google-cloud/firestore passes it on from its
 * `grpc.channelFactoryOverride` setting): the channels it makes answer the service's unary and server-streaming
 * methods with `handlers`, and open a network channel to `target` for the others.
 */
export function inProcessChannelFactory(service: ServiceDefinition, handlers: UntypedServiceImplementation) {
  const routes = new Map<string, { method: Method; handler: Handler }>();
  for (const [name, method] of Object.entries(service))
    if (!method.requestStream)
      routes.set(method.path, { method: method as Method, handler: handlers[name] as unknown as Handler });
  return (target: string, credentials: ChannelCredentials, options: ChannelOptions): Channel => {
    let network: Channel | undefined;
    const overNetwork = () => (network ??= new NetworkChannel(target, credentials, options));
    return {
      close: () => network?.close(),
      getTarget: () => target,
      getConnectivityState: () => connectivityState.READY,
      // Always ready: a watcher of another state is told at once.
      watchConnectivityState: (_state, _deadline, callback) => setImmediate(callback),
      getChannelzRef: () => overNetwork().getChannelzRef(),
      createCall(path, deadline, host, parentCall, propagateFlags) {
        const route = routes.get(path);
        if (!route) return overNetwork().createCall(path, deadline, host, parentCall, propagateFlags);
        return new InProcessCall(route.method, route.handler, deadline) as unknown as ReturnType<Channel['createCall']>;
      },
    };
  };
}
