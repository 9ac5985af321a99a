// Tests of the server-data API added after sign-in: installed once, its cache cleared on sign-out.
import { describe, expect, it } from 'vitest';
import type { Study } from '@trialdesk/shared';
import { installApi } from '../src/core/api/install';
import { signedIn, signedOut } from '../src/core/auth/authSlice';
import { createStore } from '../src/core/store';
import { recordsApi } from '../src/core/api/records';

const user = {
  id: 'u1',
  email: 'admin@trialdesk.test',
  username: 'admin@trialdesk.test',
  displayName: 'Admin',
  avatar: null,
  role: 'Admin' as const,
};

const study = (id: string) => ({ id, title: 'A study' }) as unknown as Study;
/** A study cached as its edit screen would have loaded it. */
const getStudy = (id: string) =>
  recordsApi.util.upsertQueryEntries([
    { endpointName: 'getRecord', arg: { resource: 'studies', id }, value: study(id) },
  ]);

describe('server-data API injected after sign-in', () => {
  it('is absent from a new store, then added once, and forgets cached records on sign-out', () => {
    const store = createStore();
    expect(store.getState().api).toBeUndefined();
    installApi(store);
    installApi(store);
    expect(store.getState().api?.queries).toEqual({});

    store.dispatch(signedIn(user));
    store.dispatch(getStudy('s1'));
    expect(Object.keys(store.getState().api!.queries)).toEqual(['getRecord({"id":"s1","resource":"studies"})']);
    store.dispatch(signedOut());
    expect(store.getState().api!.queries).toEqual({});
  });

  it('a store made later starts with it, and its own cache', () => {
    const first = createStore();
    installApi(first);
    first.dispatch(getStudy('s2'));
    const second = createStore();
    expect(second.getState().api?.queries).toEqual({});
    expect(Object.keys(first.getState().api!.queries)).toEqual(['getRecord({"id":"s2","resource":"studies"})']);
  });
});
