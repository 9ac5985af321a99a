// The registry client (functions/src/common/registry.ts) against failures the stand-in does not play: a local
// node:http server answers as ClinicalTrials.gov does when it is overloaded, slow or broken (the registry is the one
// part we cannot run, so its failures are mocked here at the HTTP boundary), and a registry that is not there.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegistryRecord } from '../src/common/registry.js';
import { callError, contentsOf, expectError, issuesOf, persona, useProject, type Persona } from './helpers.js';
import { nctIdOf, recordedRecord } from './registryRecords.js';

useProject('registry');

/** A registry whose answers a test scripts in turn (the last one repeats); it counts the requests it got. */
async function scriptedRegistry(...answers: ((res: ServerResponse, req: IncomingMessage) => void)[]) {
  let requests = 0;
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    answers[Math.min(requests++, answers.length - 1)](res, req);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    requests: () => requests,
    paths,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
const status =
  (code: number, headers: Record<string, string> = {}, body = 'Service unavailable') =>
  (res: ServerResponse) => {
    res.writeHead(code, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };
const json = (value: unknown) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
/** Never answers: the attempt's timeout is what ends it. */
const silent = () => {};
/** Fast retries: the waits are what is under test, not their length. */
const quick = { backoffMs: 10, maxWaitMs: 20, attemptMs: 2_000 };

/** A port nothing listens on any more. */
const closedPort = () =>
  new Promise<number>((done) => {
    const server = createTcpServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

let editor: Persona;
beforeAll(async () => {
  // Nothing listens there: the registry cannot be reached (as when the network or ClinicalTrials.gov is down).
  process.env.REGISTRY_API_URL = `http://127.0.0.1:${await closedPort()}/api/v2`;
  editor = await persona('editor');
});

describe('studies-import with the registry unreachable', () => {
  it('answers unavailable with its message, and writes nothing', async () => {
    const before = await contentsOf(['accessLog']);
    await expectError(
      callError('studies-import', { nctId: 'NCT01234567' }, editor),
      'unavailable',
      'errors.registryUnavailable',
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('readRegistryRecord', () => {
  const record = () => recordedRecord();
  const servers: Awaited<ReturnType<typeof scriptedRegistry>>[] = [];
  const registry = async (...answers: Parameters<typeof scriptedRegistry>) => {
    const server = await scriptedRegistry(...answers);
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('retries a 503 and a 429 (its Retry-After honoured) and returns the record of the third answer', async () => {
    const answer = record();
    const server = await registry(status(503), status(429, { 'retry-after': '0' }), json(answer));
    const got = await readRegistryRecord(nctIdOf(answer), { ...quick, base: server.base });
    expect(got.protocolSection.identificationModule.nctId).toBe(nctIdOf(answer));
    expect(server.requests()).toBe(3);
    expect(server.paths).toEqual(Array(3).fill(`/api/v2/studies/${nctIdOf(answer)}`));
  });

  it('waits no longer than its cap for a Retry-After of an hour', async () => {
    const answer = record();
    const server = await registry(status(429, { 'retry-after': '3600' }), json(answer));
    await expect(readRegistryRecord(nctIdOf(answer), { ...quick, base: server.base })).resolves.toBeDefined();
    expect(server.requests()).toBe(2);
  });

  it('gives up with unavailable after 3 attempts of 5xx', async () => {
    const server = await registry(status(502), status(500), status(503), json(record()));
    const error = await readRegistryRecord('NCT01234567', { ...quick, base: server.base }).catch(
      (e: { code: string; details: unknown }) => e,
    );
    expect(error).toMatchObject({ code: 'unavailable', details: { key: 'errors.registryUnavailable' } });
    expect(server.requests()).toBe(3);
  });

  it('gives up with unavailable when no attempt is answered in time', async () => {
    const server = await registry(silent);
    const error = await readRegistryRecord('NCT01234567', { ...quick, attemptMs: 200, base: server.base }).catch(
      (e: { code: string }) => e,
    );
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(server.requests()).toBe(3);
  });

  it('answers not-found at once for a number the registry does not know', async () => {
    const server = await registry(status(404, {}, 'NCT number NCT09999999 not found'));
    const error = await readRegistryRecord('NCT09999999', { ...quick, base: server.base }).catch(
      (e: { code: string; details: unknown }) => e,
    );
    expect(error).toMatchObject({
      code: 'not-found',
      details: { key: 'errors.registryNotFound', params: { nctId: 'NCT09999999' } },
    });
    expect(server.requests()).toBe(1);
  });

  it('takes an answer that is not JSON, or another 4xx, as the registry being unavailable, without retrying', async () => {
    for (const answer of [status(200, {}, '<html>Maintenance</html>'), status(400, {}, 'Bad request')]) {
      const server = await registry(answer);
      const error = await readRegistryRecord('NCT01234567', { ...quick, base: server.base }).catch(
        (e: { code: string }) => e,
      );
      expect(error).toMatchObject({ code: 'unavailable' });
      expect(server.requests()).toBe(1);
    }
  });

  it('refuses a JSON answer that is no study record with the record’s field path', async () => {
    const answer = record();
    delete (answer.protocolSection.identificationModule as { nctId?: string }).nctId;
    const server = await registry(json(answer));
    const error = await readRegistryRecord('NCT01234567', { ...quick, base: server.base }).catch(
      (e: { code: string; message: string; details: unknown }) => e,
    );
    expect(issuesOf(error as never).map((issue) => issue.path)).toEqual([
      'record.protocolSection.identificationModule.nctId',
    ]);
  });
});
