// The local stack's Auth emulator (firebase-tools') with the stack's preload (scripts/firebase-tools-preload.mjs):
// its Identity Toolkit app compiles no request or response validator before it takes a request (exegesis compiled
// all ~960 of them at start, 11 to 15 s of CPU), those of an operation on its first call, and still refuses a body
// its schema refuses, in the emulator's words.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@trialdesk/scripts/stack';

/**
 * Run in a process of its own, the way firebase-tools loads the emulator: counts exegesis' schema compilations while
 * the Auth emulator's app is made, then after one sign-up whose `email` is not a string.
 */
const PROBE = `
const path = require('node:path');
const lib = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib');
const auth = path.join(lib, 'emulator', 'auth');
const exegesis = path.dirname(require.resolve('exegesis/package.json', { paths: [auth] }));
const Ajv = require(require.resolve('ajv', { paths: [exegesis] })).default;
let compiled = 0;
const compile = Ajv.prototype.compile;
Ajv.prototype.compile = function (...args) {
  compiled++;
  return compile.apply(this, args);
};
(async () => {
  const app = await require(path.join(auth, 'server.js')).createApp('demo-probe');
  const atStart = compiled;
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const url = 'http://127.0.0.1:' + server.address().port + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=probe';
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ['a@example.test', 'b@example.test'], password: 'probe-password' }),
  });
  const body = await response.json();
  server.close();
  console.log(JSON.stringify({ atStart, afterCall: compiled, status: response.status, message: body.error?.message }));
})();
`;

interface ProbeResult {
  atStart: number;
  afterCall: number;
  status: number;
  message?: string;
}

async function probe(): Promise<ProbeResult> {
  const preload = join(ROOT, 'scripts', 'firebase-tools-preload.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', preload, '-e', PROBE], { cwd: ROOT });
  return JSON.parse(stdout.trim().split('\n').pop()!) as ProbeResult;
}

describe("the stack's Auth emulator", () => {
  it('compiles no validator before its first request, then only those of the operation called', async () => {
    const result = await probe();
    expect(result.atStart).toBe(0);
    expect(result.afterCall).toBeGreaterThan(0);
    // One operation's parameters, body and responses: a few dozen at most of the ~960.
    expect(result.afterCall).toBeLessThan(50);
    expect(result).toMatchObject({ status: 400, message: 'Invalid JSON payload received. /email must be string' });
  });
});
