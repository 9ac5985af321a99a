// Data is separate per project: reads, queries, listings and the REST clear endpoint see only their project.
import { describe, expect, it } from 'vitest';
import { clearProject, ids, openDb, uniqueProjectId } from './helpers';

describe('projects are separate', () => {
  const projectA = uniqueProjectId('proj-a');
  const projectB = uniqueProjectId('proj-b');
  const a = openDb(projectA);
  const b = openDb(projectB);

  it('a document written under project A is invisible to project B', async () => {
    await a.doc('shared/doc').set({ owner: 'A' });
    expect((await b.doc('shared/doc').get()).exists).toBe(false);
    expect((await a.doc('shared/doc').get()).get('owner')).toBe('A');
  });

  it('queries, collection groups and listings see only their project', async () => {
    await a.doc('things/1').set({ v: 1 });
    await a.doc('p/1/things/2').set({ v: 2 });
    await b.doc('things/9').set({ v: 9 });
    expect(ids(await a.collection('things').get())).toEqual(['1']);
    expect(ids(await b.collection('things').get())).toEqual(['9']);
    expect((await b.collectionGroup('things').get()).docs.map((d) => d.ref.path)).toEqual(['things/9']);
    expect((await b.listCollections()).map((c) => c.id).sort()).toEqual(['things']);
  });

  it('the same path in two projects holds two documents', async () => {
    await a.doc('same/x').set({ p: 'A' });
    await b.doc('same/x').set({ p: 'B' });
    expect((await a.doc('same/x').get()).get('p')).toBe('A');
    expect((await b.doc('same/x').get()).get('p')).toBe('B');
  });

  it('the REST DELETE endpoint clears one project and not the other', async () => {
    await a.doc('c/1').set({ v: 1 });
    await a.doc('c/1/sub/2').set({ v: 2 });
    await b.doc('c/1').set({ v: 1 });
    await clearProject(projectA);
    expect((await a.doc('c/1').get()).exists).toBe(false);
    expect((await a.doc('c/1/sub/2').get()).exists).toBe(false);
    expect(await a.listCollections()).toEqual([]);
    expect((await b.doc('c/1').get()).get('v')).toBe(1);
  });

  it('a cleared project accepts new writes', async () => {
    await clearProject(projectA);
    await a.doc('again/1').set({ v: 'new' });
    expect((await a.doc('again/1').get()).get('v')).toBe('new');
  });

  it('the DELETE endpoint answers 200 for a project that never had data', async () => {
    await clearProject(uniqueProjectId('never-used'));
  });
});
