// Transactions through firebase-admin: atomic commits, rollbacks, contention retries, queries, read-only ones.
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('transactions'));
const col = db.collection('tx');

describe('read-write transactions', () => {
  it('read then write commits atomically and returns the function result', async () => {
    const from = col.doc('from');
    const to = col.doc('to');
    await from.set({ balance: 100 });
    await to.set({ balance: 5 });
    const result = await db.runTransaction(async (tx) => {
      const [a, b] = await tx.getAll(from, to);
      tx.update(from, { balance: a.get('balance') - 30 });
      tx.update(to, { balance: b.get('balance') + 30 });
      return 'moved';
    });
    expect(result).toBe('moved');
    expect((await from.get()).get('balance')).toBe(70);
    expect((await to.get()).get('balance')).toBe(35);
  });

  it('creates a document that a transactional read found missing', async () => {
    const ref = col.doc('created-in-tx');
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      expect(snap.exists).toBe(false);
      tx.create(ref, { made: true });
    });
    expect((await ref.get()).data()).toEqual({ made: true });
  });

  it('a write-only transaction commits', async () => {
    const ref = col.doc('write-only');
    await db.runTransaction(async (tx) => {
      tx.set(ref, { a: 1 });
      tx.update(ref, { b: FieldValue.increment(2) });
    });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2 });
  });

  it('rolls back when the function throws: nothing is written and the error comes out', async () => {
    const ref = col.doc('rollback');
    await ref.set({ v: 1 });
    await expect(
      db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        tx.update(ref, { v: snap.get('v') + 1 });
        tx.set(col.doc('rollback-new'), { v: 1 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await ref.get()).get('v')).toBe(1);
    expect((await col.doc('rollback-new').get()).exists).toBe(false);
  });

  it('a failing write in the commit (create of an existing document) fails ALREADY_EXISTS without retry', async () => {
    const ref = col.doc('tx-exists');
    await ref.set({ v: 1 });
    let attempts = 0;
    await expectCode(
      db.runTransaction(async (tx) => {
        attempts++;
        await tx.get(col.doc('tx-other'));
        tx.create(ref, { v: 2 });
        tx.set(col.doc('tx-exists-side'), { v: 2 });
      }),
      Code.ALREADY_EXISTS,
    );
    expect(attempts).toBe(1);
    expect((await ref.get()).get('v')).toBe(1);
    expect((await col.doc('tx-exists-side').get()).exists).toBe(false);
  });

  it('20 parallel transactions incrementing one counter end exactly 20 higher', async () => {
    const ref = col.doc('counter');
    await ref.set({ n: 100 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: snap.get('n') + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(120);
  }, 120_000);

  it('a commit conflicting with a write made after the read is retried, and the final state is right', async () => {
    const ref = col.doc('conflict');
    await ref.set({ n: 1 });
    let attempts = 0;
    const seen: number[] = [];
    await db.runTransaction(async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      seen.push(snap.get('n'));
      if (attempts === 1) await ref.set({ n: 10 });
      tx.update(ref, { n: snap.get('n') + 1 });
    });
    expect(attempts).toBe(2);
    expect(seen).toEqual([1, 10]);
    expect((await ref.get()).get('n')).toBe(11);
  }, 60_000);

  it('a document created after the transaction read it as missing makes the commit retry', async () => {
    const ref = col.doc('phantom-doc');
    let attempts = 0;
    await db.runTransaction(async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      if (attempts === 1) await ref.set({ by: 'outside' });
      if (!snap.exists) tx.set(ref, { by: 'tx' });
    });
    expect(attempts).toBe(2);
    expect((await ref.get()).get('by')).toBe('outside');
  }, 60_000);

  it('maxAttempts exhaustion rejects with ABORTED', async () => {
    const ref = col.doc('always-conflict');
    await ref.set({ n: 0 });
    let attempts = 0;
    await expectCode(
      db.runTransaction(
        async (tx) => {
          attempts++;
          const snap = await tx.get(ref);
          await ref.set({ n: snap.get('n') + 100 });
          tx.update(ref, { n: -1 });
        },
        { maxAttempts: 2 },
      ),
      Code.ABORTED,
    );
    expect(attempts).toBe(2);
    expect((await ref.get()).get('n')).toBe(200);
  }, 60_000);
});

describe('queries in transactions', () => {
  it('a transactional query returns the matching documents', async () => {
    const qc = db.collection('tx-query');
    await qc.doc('a').set({ open: true, n: 1 });
    await qc.doc('b').set({ open: false, n: 2 });
    await qc.doc('c').set({ open: true, n: 3 });
    const total = await db.runTransaction(async (tx) => {
      const snap = await tx.get(qc.where('open', '==', true));
      expect(ids(snap)).toEqual(['a', 'c']);
      const sum = snap.docs.reduce((s, d) => s + (d.get('n') as number), 0);
      tx.set(qc.doc('summary'), { sum });
      return sum;
    });
    expect(total).toBe(4);
    expect((await qc.doc('summary').get()).get('sum')).toBe(4);
  });

  it('a document that starts matching a transactional query before commit makes it retry', async () => {
    const qc = db.collection('tx-phantom');
    await qc.doc('a').set({ open: true });
    let attempts = 0;
    const counts: number[] = [];
    await db.runTransaction(async (tx) => {
      attempts++;
      const snap = await tx.get(qc.where('open', '==', true));
      counts.push(snap.size);
      if (attempts === 1) await qc.doc('b').set({ open: true });
      tx.set(db.collection('tx-phantom-summary').doc('s'), { count: snap.size });
    });
    expect(attempts).toBe(2);
    expect(counts).toEqual([1, 2]);
    expect((await db.collection('tx-phantom-summary').doc('s').get()).get('count')).toBe(2);
  }, 60_000);
});

describe('read-only transactions', () => {
  it('read documents and queries', async () => {
    const ref = col.doc('ro');
    await ref.set({ v: 'read me' });
    const result = await db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        const query = await tx.get(col.where('v', '==', 'read me'));
        return [snap.get('v'), ids(query)];
      },
      { readOnly: true },
    );
    expect(result).toEqual(['read me', ['ro']]);
  });

  it('writes are refused by the SDK', async () => {
    await expect(
      db.runTransaction(
        async (tx) => {
          tx.set(col.doc('ro-write'), { v: 1 });
        },
        { readOnly: true },
      ),
    ).rejects.toThrow(/read-only/);
    expect((await col.doc('ro-write').get()).exists).toBe(false);
  });
});
