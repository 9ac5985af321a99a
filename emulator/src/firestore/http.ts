// One public port for gRPC (HTTP/2) and the emulator's REST endpoints (HTTP/1.1): the first bytes decide.
import http from 'node:http';
import net from 'node:net';
import { Duplex } from 'node:stream';
import type { ConnectionInjector } from '@grpc/grpc-js';
import { restError, type RestAnswer } from './routes/admin.js';
import { REST_ROUTES } from './server.js';
import type { EmulatorState } from './state.js';

// A Commit takes up to 10 MiB of protobuf, more in JSON (base64 bytes, field names), through the REST API.
const MAX_BODY = 32 * 1024 * 1024;

export function createRestServer(state: EmulatorState): http.Server {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Browsers call from any page's origin (the web SDK's lite client is REST): every origin is allowed, as
    // firebase-tools' emulators allow it.
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*', vary: 'Origin' };
    const send = ({ code, body, type = 'application/json' }: RestAnswer) => {
      res.writeHead(code, { ...cors, 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method === 'OPTIONS') {
      // A preflight: the methods the endpoints take, and whatever headers the page asked to send.
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '3600',
        'content-length': 0,
      });
      res.end();
      req.resume();
      return;
    }
    const handle = async (body: Buffer) => {
      for (const route of REST_ROUTES) {
        const m = route.path.exec(url.pathname);
        if (m && route.methods.includes(req.method ?? ''))
          return send(await route.serve(state, m.slice(1), body, url.searchParams, req.headers));
      }
      send(restError(404, `Not found: ${req.method} ${url.pathname}`));
    };
    // The whole body before answering (the rules and trigger endpoints take one).
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return send(restError(413, `The body is larger than ${MAX_BODY} bytes.`));
      handle(Buffer.concat(chunks)).catch((e: unknown) => {
        state.logError?.(e);
        send(restError(500, e instanceof Error ? e.message : String(e)));
      });
    });
  });
  // Idle connections outlive the clients' own (5 s in Node's agents), so no request meets a socket being closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * A socket whose first bytes were already read. Node's HTTP/2 server reads the socket's native handle directly and
 * would miss bytes given back with `unshift`, so the peeked bytes are replayed through this stream instead.
 */
class ReplaySocket extends Duplex {
  constructor(
    private readonly socket: net.Socket,
    first: Buffer,
  ) {
    super();
    this.push(first);
    socket.on('data', (d: Buffer) => {
      if (!this.push(d)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('close', () => this.destroy());
    socket.on('error', (e) => this.destroy(e));
  }
  get remoteAddress() {
    return this.socket.remoteAddress;
  }
  get remotePort() {
    return this.socket.remotePort;
  }
  setNoDelay(noDelay?: boolean) {
    this.socket.setNoDelay(noDelay);
    return this;
  }
  override _read() {
    this.socket.resume();
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void) {
    this.socket.write(chunk, cb);
  }
  // HTTP/2 hands over a frame at a time; the frames queued meanwhile (a Listen stream's messages) go out in one write.
  override _writev(chunks: { chunk: Buffer }[], cb: (e?: Error | null) => void) {
    this.socket.write(chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk)), cb);
  }
  override _final(cb: () => void) {
    this.socket.end(cb);
  }
  override _destroy(err: Error | null, cb: (e: Error | null) => void) {
    this.socket.destroy();
    cb(err);
  }
}

/** A TCP server handing HTTP/2 connections (they start with the `PRI * HTTP/2.0` preface) to gRPC. */
export function createFrontServer(injector: ConnectionInjector, rest: http.Server): net.Server {
  return net.createServer({ noDelay: true }, (socket) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      if (chunk[0] === 0x50 && (chunk.length < 2 || chunk[1] === 0x52)) {
        injector.injectConnection(new ReplaySocket(socket, chunk));
      } else {
        // The HTTP/1.1 server reads through the stream API, so giving the bytes back is enough.
        socket.unshift(chunk);
        rest.emit('connection', socket);
        socket.resume();
      }
    });
    socket.on('error', () => socket.destroy());
  });
}
