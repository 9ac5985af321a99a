// Crash safety of the built-in Storage emulator's data folder: every acknowledged upload (both APIs, both upload
// kinds), metadata change and delete survives kill -9 and a restart. Built-in only (it starts the CLI itself).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cliTestTimeout, startCli, type CliServer } from './cli';

const builtIn = inject('builtInEmulator');
const servers: CliServer[] = [];
let dir = '';

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function bucketOn(server: CliServer, project: string) {
  const previous = process.env.STORAGE_EMULATOR_HOST;
  process.env.STORAGE_EMULATOR_HOST = `http://${server.storageAddress}`;
  const app = initializeApp({ projectId: project, storageBucket: `${project}.appspot.com` }, randomUUID());
  try {
    return { app, bucket: getStorage(app).bucket() };
  } finally {
    if (previous === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = previous;
  }
}

describe.skipIf(!builtIn)('Storage persistence with --data-dir (built-in emulator only)', () => {
  it(
    'every acknowledged upload, metadata change and delete survives kill -9 and a restart',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'storage-emu-persist-'));
      const project = `persist-${randomUUID().slice(0, 8)}`;
      const first = await startCli(['--data-dir', dir, '--storage-port', '0']);
      servers.push(first);
      const one = await bucketOn(first, project);
      const files = new Map<string, Buffer>();
      for (let i = 0; i < 20; i++) files.set(`docs/small-${i}.txt`, randomBytes(100 + i));
      files.set('docs/large.bin', randomBytes(700 * 1024));
      await Promise.all(
        [...files].map(([name, data]) =>
          one.bucket.file(name).save(data, { resumable: data.length > 256 * 1024, contentType: 'text/plain' }),
        ),
      );
      await one.bucket.file('docs/small-0.txt').setMetadata({ metadata: { reviewed: 'yes' } });
      await one.bucket.file('docs/small-1.txt').delete();
      files.delete('docs/small-1.txt');
      await one.bucket.file('docs/small-2.txt').save(Buffer.from('second version'), { resumable: false });
      files.set('docs/small-2.txt', Buffer.from('second version'));
      await deleteApp(one.app);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await startCli(['--data-dir', dir, '--storage-port', '0']);
      servers.push(second);
      const two = await bucketOn(second, project);
      const [listed] = await two.bucket.getFiles({ prefix: 'docs/' });
      expect(listed.map((f) => f.name).sort()).toEqual([...files.keys()].sort());
      for (const [name, data] of files) expect((await two.bucket.file(name).download())[0].equals(data)).toBe(true);
      const [meta] = await two.bucket.file('docs/small-0.txt').getMetadata();
      expect(meta.metadata).toMatchObject({ reviewed: 'yes' });
      await deleteApp(two.app);
    },
    cliTestTimeout(2),
  );
});
