// Queries served by the composite indexes of an --indexes file, which the built-in emulator builds at start (after
// loading --data-dir) and keeps as documents arrive: after a restart and after later writes, every result is the one
// the data gives. The CLI is the built-in emulator's, so the file is skipped against another emulator.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Firestore, Query } from 'firebase-admin/firestore';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cliTestTimeout, startCli, type CliServer } from './cli';
import { openDb, uniqueProjectId } from './helpers';

const builtIn = inject('builtInEmulator');

interface Item {
  status: string;
  kind: string;
  tags: string[];
  updatedAt: number;
}

const item = (i: number): Item => ({
  status: ['open', 'closed', 'draft'][i % 3],
  kind: i % 4 === 0 ? 'rare' : 'common',
  tags: [`t${i % 5}`, 'all'],
  updatedAt: (i * 37) % 101,
});

/** The ids `query` should return, worked out from `data` (ties on updatedAt by id, in the order's direction). */
function expected(data: Map<string, Item>, keep: (x: Item) => boolean, desc: boolean, limit?: number): string[] {
  const sign = desc ? -1 : 1;
  const ids = [...data]
    .filter(([, x]) => keep(x))
    .sort(([a, x], [b, y]) => sign * (x.updatedAt - y.updatedAt || (a < b ? -1 : a > b ? 1 : 0)))
    .map(([id]) => id);
  return limit === undefined ? ids : ids.slice(0, limit);
}

describe.skipIf(!builtIn)('composite indexes of --indexes, built at start (built-in emulator only)', () => {
  const servers: CliServer[] = [];
  let dir: string;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'serve the same results after a restart and after later writes',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'fs-emu-declared-'));
      const file = join(dir, 'firestore.indexes.json');
      const field = (fieldPath: string, order: string) => ({ fieldPath, order });
      await writeFile(
        file,
        JSON.stringify({
          indexes: [
            {
              collectionGroup: 'items',
              queryScope: 'COLLECTION',
              fields: [field('status', 'ASCENDING'), field('updatedAt', 'DESCENDING')],
            },
            {
              collectionGroup: 'items',
              queryScope: 'COLLECTION',
              fields: [field('status', 'ASCENDING'), field('updatedAt', 'ASCENDING')],
            },
            {
              collectionGroup: 'items',
              queryScope: 'COLLECTION',
              fields: [
                { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
                field('kind', 'ASCENDING'),
                field('updatedAt', 'ASCENDING'),
              ],
            },
          ],
          fieldOverrides: [],
        }),
      );
      const args = ['--indexes', file, '--data-dir', join(dir, 'data')];
      const projectId = uniqueProjectId('declared');
      const data = new Map<string, Item>();
      const write = async (db: Firestore, from: number, to: number) => {
        const batch = db.batch();
        for (let i = from; i < to; i++) {
          const id = `i${String(i).padStart(3, '0')}`;
          data.set(id, item(i));
          batch.set(db.collection('items').doc(id), item(i));
        }
        await batch.commit();
      };
      const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);
      const check = async (db: Firestore) => {
        const items = db.collection('items');
        for (const status of ['open', 'closed']) {
          expect(await ids(items.where('status', '==', status).orderBy('updatedAt', 'desc'))).toEqual(
            expected(data, (x) => x.status === status, true),
          );
          expect(await ids(items.where('status', '==', status).orderBy('updatedAt').limit(5))).toEqual(
            expected(data, (x) => x.status === status, false, 5),
          );
        }
        expect(
          await ids(items.where('tags', 'array-contains', 't2').where('kind', '==', 'common').orderBy('updatedAt')),
        ).toEqual(expected(data, (x) => x.tags.includes('t2') && x.kind === 'common', false));
        expect(
          await ids(
            items.where('tags', 'array-contains', 'all').where('kind', '==', 'rare').where('updatedAt', '>', 40),
          ),
        ).toEqual(expected(data, (x) => x.kind === 'rare' && x.updatedAt > 40, false));
      };

      const first = await startCli(args);
      servers.push(first);
      const db1 = openDb(projectId, { host: first.address });
      await write(db1, 0, 60);
      await check(db1);
      await first.stop('SIGINT');

      // Loaded from --data-dir, then the declared indexes built from it.
      const second = await startCli(args);
      servers.push(second);
      const db2 = openDb(projectId, { host: second.address });
      await check(db2);
      // Kept as documents arrive, change and go.
      await write(db2, 50, 90);
      for (const id of ['i003', 'i010', 'i051']) {
        await db2.collection('items').doc(id).delete();
        data.delete(id);
      }
      await db2.collection('items').doc('i004').update({ status: 'open', updatedAt: 1000 });
      data.set('i004', { ...data.get('i004')!, status: 'open', updatedAt: 1000 });
      await check(db2);
    },
    cliTestTimeout(2),
  );
});
