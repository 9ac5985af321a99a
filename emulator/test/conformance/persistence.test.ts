// Crash safety of the built-in emulator's --data-dir. Only meaningful for the built-in emulator started through its
// CLI, so the file is skipped when FIRESTORE_EMULATOR_HOST points at another emulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cliTestTimeout, startCli, type CliServer } from './cli';
import { clearProject, openDb, uniqueProjectId } from './helpers';

const builtIn = inject('builtInEmulator');
const servers: CliServer[] = [];
const dirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fs-emu-persist-'));
  dirs.push(dir);
  return dir;
}

async function start(args: string[]): Promise<CliServer> {
  const server = await startCli(args);
  servers.push(server);
  return server;
}

function portOf(server: CliServer): string {
  return server.address.split(':').pop()!;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe.skipIf(!builtIn)('persistence with --data-dir (built-in emulator only)', () => {
  it(
    'every acknowledged write survives kill -9 and a restart',
    async () => {
      const dir = await dataDir();
      const projectId = uniqueProjectId('persist');
      const first = await start(['--data-dir', dir]);
      const db = openDb(projectId, { host: first.address });
      const col = db.collection('p');
      for (let i = 0; i < 50; i++) await col.doc(`seq${i}`).set({ i, kind: 'seq' });
      await Promise.all(Array.from({ length: 100 }, (_, i) => col.doc(`par${i}`).set({ i, kind: 'par' })));
      const batch = db.batch();
      for (let i = 0; i < 50; i++) batch.set(col.doc(`batch${i}`), { i, kind: 'batch' });
      await batch.commit();
      await col.doc('seq0').update({ updated: true, n: FieldValue.increment(5) });
      await col.doc('seq1').delete();
      const stamped = await col.doc('stamp').set({ at: FieldValue.serverTimestamp() });
      await db.doc('p/sub-parent/child/c').set({ nested: true });
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await start(['--data-dir', dir]);
      const db2 = openDb(projectId, { host: second.address });
      const col2 = db2.collection('p');
      const counts = await Promise.all(
        ['seq', 'par', 'batch'].map(async (kind) => (await col2.where('kind', '==', kind).count().get()).data().count),
      );
      expect(counts).toEqual([49, 100, 50]);
      expect((await col2.doc('seq0').get()).data()).toEqual({ i: 0, kind: 'seq', updated: true, n: 5 });
      expect((await col2.doc('seq1').get()).exists).toBe(false);
      expect((await col2.doc('par99').get()).get('i')).toBe(99);
      expect(((await col2.doc('stamp').get()).get('at') as Timestamp).isEqual(stamped.writeTime)).toBe(true);
      expect((await db2.doc('p/sub-parent/child/c').get()).get('nested')).toBe(true);
    },
    cliTestTimeout(2),
  );

  it(
    'acknowledged writes survive kill -9 in the middle of a stream of concurrent writes',
    async () => {
      const dir = await dataDir();
      const projectId = uniqueProjectId('persist-stream');
      const first = await start(['--data-dir', dir]);
      const port = portOf(first);
      const db: Firestore = openDb(projectId, { host: first.address });
      const acked = new Set<string>();
      let stop = false;
      const inFlight: Promise<unknown>[] = [];
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const id = `w${w}-${i}`;
          const write = db.doc(`s/${id}`).set({ w, i });
          inFlight.push(write.catch(() => undefined));
          try {
            await write;
            acked.add(id);
          } catch {
            return;
          }
        }
      });
      // Killed once a good number is acknowledged, whatever the machine's speed, while the writers keep writing.
      while (acked.size < 30) await new Promise((r) => setTimeout(r, 10));
      first.child.kill('SIGKILL');
      stop = true;
      await first.exited;
      const ackedAtKill = [...acked];
      expect(ackedAtKill.length).toBeGreaterThanOrEqual(30);

      // Restart on the same port: the SDK retries in-flight commits against it instead of hanging.
      const second = await start(['--data-dir', dir, '--port', port]);
      await Promise.all(writers);
      await Promise.all(inFlight);
      const db2 = openDb(projectId, { host: second.address });
      const snaps = await db2.getAll(...ackedAtKill.map((id) => db2.doc(`s/${id}`)));
      expect(snaps.filter((s) => !s.exists).map((s) => s.id)).toEqual([]);
      console.log(`persistence: ${ackedAtKill.length} acknowledged writes before kill -9, all present after restart`);
    },
    cliTestTimeout(2),
  );

  it(
    'a clean stop (SIGTERM) and restart keeps the data',
    async () => {
      const dir = await dataDir();
      const projectId = uniqueProjectId('persist-clean');
      const first = await start(['--data-dir', dir]);
      await openDb(projectId, { host: first.address }).doc('c/1').set({ v: 'kept' });
      expect(await first.stop('SIGTERM')).toBe(0);
      const second = await start(['--data-dir', dir]);
      expect((await openDb(projectId, { host: second.address }).doc('c/1').get()).get('v')).toBe('kept');
      expect(await second.stop('SIGTERM')).toBe(0);
      const third = await start(['--data-dir', dir]);
      expect((await openDb(projectId, { host: third.address }).doc('c/1').get()).get('v')).toBe('kept');
    },
    cliTestTimeout(3),
  );

  it(
    'the DELETE endpoint clears persisted data too',
    async () => {
      const dir = await dataDir();
      const projectId = uniqueProjectId('persist-clear');
      const keptProject = uniqueProjectId('persist-kept');
      const first = await start(['--data-dir', dir]);
      await openDb(projectId, { host: first.address }).doc('c/1').set({ v: 1 });
      await openDb(keptProject, { host: first.address }).doc('c/1').set({ v: 2 });
      await clearProject(projectId, first.address);
      first.child.kill('SIGKILL');
      await first.exited;
      const second = await start(['--data-dir', dir]);
      expect((await openDb(projectId, { host: second.address }).doc('c/1').get()).exists).toBe(false);
      expect((await openDb(keptProject, { host: second.address }).doc('c/1').get()).get('v')).toBe(2);
    },
    cliTestTimeout(2),
  );

  it(
    'without --data-dir the data is gone after a restart',
    async () => {
      const projectId = uniqueProjectId('memory');
      const first = await start([]);
      await openDb(projectId, { host: first.address }).doc('c/1').set({ v: 1 });
      expect(await first.stop('SIGTERM')).toBe(0);
      const second = await start([]);
      expect((await openDb(projectId, { host: second.address }).doc('c/1').get()).exists).toBe(false);
    },
    cliTestTimeout(2),
  );
});
