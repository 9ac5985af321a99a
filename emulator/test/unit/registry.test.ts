// The ClinicalTrials.gov stand-in over HTTP: a recorded record as the registry serves it, and the registry's own
// answers to an unknown or malformed NCT number.
import { copyFile, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDS_DIR,
  registryNctId,
  startRegistryStandIn,
  type RunningRegistryStandIn,
} from '../../src/registry/index.js';

let standIn: RunningRegistryStandIn;
let recorded: string[];
beforeAll(async () => {
  standIn = await startRegistryStandIn({ port: 0 });
  recorded = (await readdir(RECORDS_DIR)).filter((name) => name.endsWith('.json')).sort();
});
afterAll(() => standIn.stop());

const get = (path: string) => fetch(`http://${standIn.host}:${standIn.port}${path}`);

describe('the registry stand-in', () => {
  it('serves every recorded record byte for byte as JSON, whatever the query string', async () => {
    expect(recorded.length).toBeGreaterThan(0);
    for (const name of recorded) {
      const nctId = name.replace(/\.json$/, '');
      const response = await get(`/api/v2/studies/${nctId}?format=json&markupFormat=markdown`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(await readFile(join(RECORDS_DIR, name))), name).toBe(true);
      // Each file is the record of the number it is named by.
      expect(JSON.parse(body.toString('utf8')).protocolSection.identificationModule.nctId).toBe(nctId);
    }
  });

  it('reads the number as the registry does: any case, leading zeros left out', async () => {
    const nctId = recorded[0].replace(/\.json$/, '');
    const short = `nct${nctId.slice(3).replace(/^0+/, '')}`;
    const response = await get(`/api/v2/studies/${short}`);
    expect(response.status).toBe(200);
    const record = (await response.json()) as { protocolSection: { identificationModule: { nctId: string } } };
    expect(record.protocolSection.identificationModule.nctId).toBe(nctId);
    expect(registryNctId('nct4437511')).toBe('NCT04437511');
    expect(registryNctId('04437511')).toBeNull();
    expect(registryNctId('NCT123456789')).toBeNull();
  });

  it('answers an unknown number 404 and a malformed one 400, in plain text as the registry does', async () => {
    const unknown = await get('/api/v2/studies/NCT99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await unknown.text()).toBe('NCT number NCT99999999 not found');
    for (const malformed of ['04437511', 'NCT123456789', '..%2F..%2Fpackage.json', '%E0%A4%A']) {
      const response = await get(`/api/v2/studies/${malformed}`);
      expect(response.status, malformed).toBe(400);
      expect(await response.text()).toBe('Parameter `nctId` has incorrect format');
    }
    expect((await get('/api/v2/nothing')).status).toBe(404);
  });

  it('answers its version and the time of its newest record', async () => {
    const response = await get('/api/v2/version');
    expect(response.status).toBe(200);
    const version = (await response.json()) as { apiVersion: string; dataTimestamp: string };
    expect(version.apiVersion).toMatch(/^2\.\d+\.\d+$/);
    expect(version.dataTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('serves from another folder, reading it at each request (a record added later is served)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'registry-stand-in-'));
    const other = await startRegistryStandIn({ port: 0, recordsDir: dir });
    try {
      expect(other.url).toBe(`http://127.0.0.1:${other.port}/api/v2`);
      const name = recorded[0];
      expect((await fetch(`${other.url}/studies/${name.replace(/\.json$/, '')}`)).status).toBe(404);
      await copyFile(join(RECORDS_DIR, name), join(dir, name));
      expect((await fetch(`${other.url}/studies/${name.replace(/\.json$/, '')}`)).status).toBe(200);
    } finally {
      await other.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
