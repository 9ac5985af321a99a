// Start-up and shutdown of the built-in emulator's CLI; skipped when FIRESTORE_EMULATOR_HOST points elsewhere.
import { describe, expect, inject, it } from 'vitest';
import { startCli } from './cli';
import { openDb, uniqueProjectId } from './helpers';

const builtIn = inject('builtInEmulator');

describe.skipIf(!builtIn)('server lifecycle (built-in emulator only)', () => {
  it('prints the ready line and serves requests', async () => {
    const server = await startCli();
    console.log(`lifecycle: ready line after ${server.readyMs.toFixed(0)} ms (spawn to "ready")`);
    try {
      const db = openDb(uniqueProjectId('life'), { host: server.address });
      await db.doc('a/b').set({ ok: true });
      expect((await db.doc('a/b').get()).get('ok')).toBe(true);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('answers GET / with Ok on the same port as gRPC', async () => {
    const server = await startCli();
    try {
      const res = await fetch(`http://${server.address}/`);
      expect(res.status).toBe(200);
      expect((await res.text()).trim()).toBe('Ok');
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('SIGTERM stops it with exit code 0, even with a connected client', async () => {
    const server = await startCli();
    const db = openDb(uniqueProjectId('life-term'), { host: server.address });
    await db.doc('a/b').set({ v: 1 });
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('SIGINT stops it with exit code 0', async () => {
    const server = await startCli();
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it('--host is honoured in the ready line', async () => {
    const server = await startCli(['--host', '127.0.0.1']);
    try {
      expect(server.address.startsWith('127.0.0.1:')).toBe(true);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
