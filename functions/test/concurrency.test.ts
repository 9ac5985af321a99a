// Concurrent writes: version checks, exact reference counts, duplicates, the last approved Admin.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reference } from '@trialdesk/shared';
import { auth, db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  clearUsersBut,
  newReference,
  newStudy,
  newUser,
  persona,
  unique,
  useProject,
  type Persona,
} from './helpers.js';

useProject('concurrency');
let editor: Persona;
let admin: Persona;

beforeAll(async () => {
  [editor, admin] = await Promise.all([persona('editor'), persona('admin')]);
});

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);
const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string; details: { key: string } }).details.key;

describe('optimistic versions', () => {
  it('20 concurrent updates carrying the same version: exactly one wins, 19 are stale', async () => {
    const study = await newStudy(editor);
    const results = await settle(
      Array.from({ length: 20 }, (_, i) =>
        call('studies-update', { id: study.id, version: 1, summary: `writer ${i}` }, editor),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'errors.staleVersion')).toHaveLength(19);
    const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ summary: string }>;
    const now = await call('studies-get', { id: study.id }, editor);
    expect(now).toMatchObject({ version: 2, summary: winner.value.summary });
    expect((await auditOf(study.id)).map((e) => e.action)).toEqual(['create', 'update']);
  });
});

describe('reference counts', () => {
  it('100 concurrent creates, deletes and moves across two studies keep both counts exact', async () => {
    const a = await newStudy(editor, { title: 'Count A' });
    const b = await newStudy(editor, { title: 'Count B' });
    const seeded: Reference[] = [];
    for (let i = 0; i < 60; i++) seeded.push(await newReference(editor, i % 2 ? b.id : a.id));
    const toDelete = seeded.slice(0, 30);
    const toMove = seeded.slice(30, 60);
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) ops.push(newReference(editor, i % 3 ? a.id : b.id));
    for (const r of toDelete) ops.push(call('references-delete', { id: r.id, version: 1 }, admin));
    for (const r of toMove) {
      ops.push(call('references-update', { id: r.id, version: 1, studyId: r.studyId === a.id ? b.id : a.id }, editor));
    }
    expect(ops).toHaveLength(100);
    const results = await settle(ops);
    const failures = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(failures).toEqual([]);

    const real = async (studyId: string) =>
      (await db().collection('references').where('studyId', '==', studyId).count().get()).data().count;
    const [countA, countB] = [
      await call('studies-get', { id: a.id }, editor),
      await call('studies-get', { id: b.id }, editor),
    ];
    expect(countA.referenceCount).toBe(await real(a.id));
    expect(countB.referenceCount).toBe(await real(b.id));
    // A: 30 seeded - 15 deleted + 15 moved in - 15 moved out + 26 created; B: 30 - 15 + 15 - 15 + 14.
    expect([countA.referenceCount, countB.referenceCount]).toEqual([41, 29]);
  });

  it('concurrent creates of the same patient in one study: exactly one is not a duplicate', async () => {
    const study = await newStudy(editor);
    const patientId = unique('SAME-');
    const created = await Promise.all(Array.from({ length: 8 }, () => newReference(editor, study.id, { patientId })));
    const originals = created.filter((r) => r.duplicateOf === null);
    expect(originals).toHaveLength(1);
    expect(created.filter((r) => r.status === 'Duplicate' && r.duplicateOf === originals[0].id)).toHaveLength(7);
    expect((await call('studies-get', { id: study.id }, editor)).referenceCount).toBe(8);
  });
});

describe('last approved admin', () => {
  // Last in the file: the file's Admin may end up deleted.
  it('concurrent demotion, revocation and deletion of the three admins: exactly one admin remains', async () => {
    await clearUsersBut(admin);
    const x = { id: admin.uid };
    const [y, z] = [
      await newUser(admin, { role: 'Admin', roleApproved: true }),
      await newUser(admin, { role: 'Admin', roleApproved: true }),
    ];
    // The three calls are authorised before any of them commits, then race in their transactions.
    const results = await settle([
      call('users-update', { id: y.id, version: 1, role: 'Editor' }, admin),
      call('users-revoke', { id: z.id, version: 1 }, admin),
      call('users-delete', { id: x.id, version: 1 }, admin),
    ]);
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(2);
    expect(codes.filter((c) => c === 'errors.lastAdmin')).toHaveLength(1);
    const admins = await db().collection('users').where('status', '==', 'Admin').get();
    expect(admins.size).toBe(1);
    // The accounts' claims follow the records: only the remaining admin still holds approved Admin claims.
    for (const user of [x, y, z]) {
      const record = (await db().collection('users').doc(user.id).get()).data();
      const account = await auth()
        .getUser(user.id)
        .catch(() => null);
      expect(account === null).toBe(record === undefined);
      if (record && account)
        expect(account.customClaims).toEqual({ role: record.role, isRoleApproved: record.roleApproved });
    }
  });
});
