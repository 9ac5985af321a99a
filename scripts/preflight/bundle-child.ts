// Loads a functions bundle in a process of its own, with the deployment's parameters in its environment as Cloud
// Functions gives them, and sends back what firebase-tools would deploy (each function's `__endpoint`, the declared
// parameters) and how each callable answers a call without an App Check token. Run by bundle.ts only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

type Handler = ((req: unknown, res: unknown) => unknown) & { __endpoint?: Record<string, unknown> };

export interface BundleFacts {
  endpoints: Record<string, Record<string, unknown>>;
  params: { name: string; type: string; default?: unknown }[];
  /** Per callable: the HTTP status and error status it answers a call carrying no App Check token with. */
  probes: Record<string, { status: number; error?: string }>;
}

/** The exported functions as firebase-functions' loader names them (`group-name`), the way firebase-tools does. */
function functionsOf(module: Record<string, unknown>, prefix = '', found = new Map<string, Handler>()) {
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === 'function' && (value as Handler).__endpoint) found.set(prefix + name, value as Handler);
    else if (typeof value === 'object' && value !== null)
      functionsOf(value as Record<string, unknown>, `${prefix}${name}-`, found);
  }
  return found;
}

/** An endpoint as plain JSON: parameter expressions as their CEL text, as firebase-tools' manifest has them. */
const plain = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof (item as { toCEL?: unknown }).toCEL === 'function' ? (item as { toCEL(): string }).toCEL() : item,
    ),
  ) as Record<string, unknown>;

/**
 * Serves each callable on this machine's loopback, as Express would hand it a request. The probe carries no ID token
 * and no App Check token, and data the callable protocol cannot decode: a callable that enforces App Check refuses
 * it (401, UNAUTHENTICATED) before anything else; one that does not fails decoding the data (500, INTERNAL) before
 * running any of TrialDesk's code, so the probe reads and writes nothing.
 */
async function probe(callables: Map<string, Handler>): Promise<BundleFacts['probes']> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const handler = callables.get((req.url ?? '').slice(1))!;
      const request = Object.assign(req, {
        body: JSON.parse(body) as unknown,
        header: (name: string) => req.headers[name.toLowerCase()],
        get: (name: string) => req.headers[name.toLowerCase()],
      });
      const response = Object.assign(res, {
        status: (code: number) => Object.assign(res, { statusCode: code }),
        send: (payload: unknown) => res.setHeader('Content-Type', 'application/json').end(JSON.stringify(payload)),
      });
      void handler(request, response);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const probes: BundleFacts['probes'] = {};
  for (const name of callables.keys()) {
    const answer = await fetch(`http://127.0.0.1:${port}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { '@type': 'trialdesk.preflight/probe' } }),
    });
    const { error } = (await answer.json().catch(() => ({}))) as { error?: { status?: string } };
    probes[name] = { status: answer.status, error: error?.status };
  }
  await new Promise((done) => server.close(done));
  return probes;
}

const entry = process.argv[2];
const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
const all = functionsOf(module);
const callables = new Map([...all].filter(([, handler]) => 'callableTrigger' in handler.__endpoint!));
const declared = (globalThis as Record<symbol, { toSpec(): BundleFacts['params'][number] }[] | undefined>)[
  Symbol.for('firebase-functions:params:declaredParams')
];
const facts: BundleFacts = {
  endpoints: Object.fromEntries([...all].map(([name, handler]) => [name, plain(handler.__endpoint)])),
  params: (declared ?? []).map((param) => plain(param.toSpec()) as BundleFacts['params'][number]),
  probes: await probe(callables),
};
process.send!(facts, () => process.exit(0));
