// The ClinicalTrials.gov stand-in: the registry's API v2 for one study, `GET /api/v2/studies/{nctId}`, answered from
// recorded records (emulator/registry/records/<NCTID>.json), so the local stack and the tests import without the
// Internet (docs/registry.md, "The import").
import { readFile, readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenHttp } from '../common/http-server.js';

/** The records the repository keeps (public registry data, each file's source in the folder's README). */
export const RECORDS_DIR = fileURLToPath(new URL('../../registry/records/', import.meta.url));

/** The API version the recorded records were read from, answered by `GET /api/v2/version`. */
const API_VERSION = '2.0.5';

export interface RegistryStandInOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where `<NCTID>.json` files are read from, at each request (a file added later is served); default RECORDS_DIR. */
  recordsDir?: string;
}

export interface RunningRegistryStandIn {
  host: string;
  port: number;
  /** The base address the functions read (REGISTRY_API_URL): `http://host:port/api/v2`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The registry's reading of an NCT number: "NCT" in any case and up to 8 digits (the registry pads a number missing
 * its leading zeros: NCT4437511 is NCT04437511); null for anything else, which it refuses with 400.
 */
export function registryNctId(text: string): string | null {
  const match = /^NCT(\d{1,8})$/i.exec(text);
  return match ? `NCT${match[1].padStart(8, '0')}` : null;
}

/** The registry's errors are plain text, not JSON. */
function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** The newest record's time: the data's timestamp, as the registry gives the time of its last refresh. */
async function dataTimestamp(recordsDir: string): Promise<string> {
  const names = (await readdir(recordsDir).catch(() => [])).filter((name) => name.endsWith('.json'));
  const times = await Promise.all(names.map(async (name) => (await stat(join(recordsDir, name))).mtimeMs));
  return new Date(Math.max(0, ...times)).toISOString().slice(0, 19);
}

async function answer(req: IncomingMessage, res: ServerResponse, recordsDir: string): Promise<void> {
  // The query string (format=json, fields=...) changes nothing here: a whole record is always answered.
  const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
  if (path === '/api/v2/version') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ apiVersion: API_VERSION, dataTimestamp: await dataTimestamp(recordsDir) }));
    return;
  }
  const study = /^\/api\/v2\/studies\/([^/]+)$/.exec(path);
  if (!study) return plain(res, 404, 'Not found');
  // The number is read from the path segment as sent: an escaped "/" or a broken escape is no number either.
  let segment: string;
  try {
    segment = decodeURIComponent(study[1]);
  } catch {
    segment = '';
  }
  const nctId = registryNctId(segment);
  if (!nctId) return plain(res, 400, 'Parameter `nctId` has incorrect format');
  let body: Buffer;
  try {
    body = await readFile(join(recordsDir, `${nctId}.json`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return plain(res, 404, `NCT number ${nctId} not found`);
    throw error;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Starts the stand-in on `host:port` (127.0.0.1, 9299 by default). */
export async function startRegistryStandIn(options: RegistryStandInOptions = {}): Promise<RunningRegistryStandIn> {
  const host = options.host ?? '127.0.0.1';
  const recordsDir = options.recordsDir ?? RECORDS_DIR;
  const { port, stop } = await listenHttp(
    host,
    options.port ?? 9299,
    (req, res) => answer(req, res, recordsDir),
    (res, error) => plain(res, 500, `Registry stand-in: ${error.message}`),
  );
  return {
    host,
    port,
    url: `http://${host}:${port}/api/v2`,
    stop,
  };
}
