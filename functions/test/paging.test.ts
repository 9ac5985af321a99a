// Costs a caller can run up: no list call skips more than MAX_OFFSET rows (deeper pages go by cursor, for every list,
// in the same order as by offset; a deleted cursor record is a clear error), and no export holds more rows than its cap.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_OFFSET, type CallableName, type ListResponse } from '@trialdesk/shared';
import type { Caller } from '../src/common/auth.js';
import { bucket } from '../src/common/firebase.js';
import { exportStudies } from '../src/studies/service.js';
import {
  call,
  callError,
  contentsOf,
  expectError,
  issuesOf,
  newContact,
  newReference,
  newStudy,
  newUser,
  personas,
  uploadAs,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('paging');
let people: Record<PersonaKind, Persona>;
/** The studies made for these tests, with titles that sort in the order they were made. */
const STUDIES = 25;
let studyIds: string[] = [];

beforeAll(async () => {
  people = await personas();
  const { editor } = people;
  studyIds = [];
  for (let i = 0; i < STUDIES; i++) {
    const study = await newStudy(editor, {
      title: `Paging study ${String(i).padStart(2, '0')}`,
      status: i % 5 === 0 ? 'Completed' : 'Recruiting',
    });
    studyIds.push(study.id);
  }
  // Every other list gets more than one page of 10 (the smallest page size) too.
  const MORE = 12;
  for (let i = 0; i < MORE; i++) await newReference(editor, studyIds[0]);
  for (let i = 0; i < MORE; i++) await newContact(editor);
  for (let i = 0; i < MORE - 5; i++) await newUser(people.admin);
  for (let i = 0; i < MORE; i++)
    await call(
      'documents-create',
      { uploadPath: await uploadAs(editor), studyId: null, name: `Protocol ${i}`, category: 'Protocol' },
      editor,
    );
}, 300_000);

type Row = { id: string };
const idsOf = (page: ListResponse<Row>) => page.items.map((item) => item.id);

/**
 * The lists, each with a request that matches more than one page and who may list it. Filtered ones with a sort
 * offered one way only (`updatedAt:desc`, `createdAt:desc`, `at:desc`) page back on their reverse index.
 */
const LISTS: [CallableName, Record<string, unknown>, PersonaKind][] = [
  ['studies-list', { sort: 'title:asc' }, 'editor'],
  ['studies-list', { status: 'Recruiting' }, 'editor'],
  ['references-list', {}, 'editor'],
  ['references-list', { studyId: 'first study', sort: 'updatedAt:desc' }, 'editor'],
  ['studyContacts-list', { isTrialContact: false, sort: 'createdAt:desc' }, 'editor'],
  ['users-list', {}, 'admin'],
  ['documents-list', { studyId: null }, 'editor'],
  ['audit-list', { entity: 'studies' }, 'editor'],
  ['accessLog-list', { action: 'writeReference', from: '2000-01-01T00:00:00Z' }, 'admin'],
];
/** A request as sent: 'first study' stands for the id of the study every reference here belongs to. */
const requestOf = (request: Record<string, unknown>) =>
  request.studyId === 'first study' ? { ...request, studyId: studyIds[0] } : request;

describe('list offsets', () => {
  it('refuse a page whose offset is past MAX_OFFSET, with the one issue on the page, and change nothing', async () => {
    const before = await contentsOf();
    // Page 102 of 100 would skip 10 100 rows.
    for (const [name, base, as] of LISTS) {
      const error = await callError(name, { ...requestOf(base), page: 102, pageSize: 100 }, people[as]);
      expect(issuesOf(error), name).toEqual([
        {
          path: 'page',
          key: 'validation.offsetTooLarge',
          params: { max: MAX_OFFSET },
          message: `Pages past the first ${MAX_OFFSET} rows open one at a time, with Next and Previous`,
        },
      ]);
    }
    expect(await contentsOf()).toEqual(before);
    // The deepest page within the cap still answers (here: past the last record, so empty).
    const deepest = await call('studies-list', { page: 101, pageSize: 100 }, people.editor);
    expect(deepest).toMatchObject({ items: [], total: STUDIES, page: 101, pageSize: 100 });
  });
});

describe('list cursors', () => {
  it('walk the studies forwards with `after` and back with `before`, as the offset pages are', async () => {
    const { editor } = people;
    const base = { sort: 'title:asc', pageSize: 10 } as const;
    const byOffset = await Promise.all([1, 2, 3].map((page) => call('studies-list', { ...base, page }, editor)));
    expect(byOffset.flatMap(idsOf)).toEqual(studyIds);

    let page = byOffset[0];
    for (const number of [2, 3]) {
      page = await call('studies-list', { ...base, page: number, after: page.items.at(-1)!.id }, editor);
      expect(page).toEqual(byOffset[number - 1]);
    }
    for (const number of [2, 1]) {
      page = await call('studies-list', { ...base, page: number, before: page.items[0].id }, editor);
      expect(page).toEqual(byOffset[number - 1]);
    }
    // A page number past the cap is only the page's number when a cursor places it: no row is skipped by offset.
    const deep = await call('studies-list', { ...base, page: 5_000, after: studyIds[9] }, editor);
    expect(deep).toEqual({ ...byOffset[1], page: 5_000 });
  });

  it.each(LISTS)('%s places a page by cursor where the offset does (%j)', async (name, request, as) => {
    const list = (extra: Record<string, unknown>) =>
      call(name, { ...requestOf(request), pageSize: 10, ...extra }, people[as]) as Promise<ListResponse<Row>>;
    const [first, second] = await Promise.all([list({ page: 1 }), list({ page: 2 })]);
    expect(second.items.length, `${name} needs two pages`).toBeGreaterThan(0);
    const next = await list({ page: 2, after: first.items.at(-1)!.id });
    const previous = await list({ page: 1, before: second.items[0].id });
    expect(idsOf(next)).toEqual(idsOf(second));
    expect(idsOf(previous)).toEqual(idsOf(first));
    expect([next.total, previous.total]).toEqual([second.total, first.total]);
  });

  it.each(LISTS)('%s answers a clear error when the cursor record no longer exists', async (name, request, as) => {
    for (const cursor of ['after', 'before'])
      await expectError(
        callError(name, { ...requestOf(request), page: 600, pageSize: 20, [cursor]: 'deleted-record' }, people[as]),
        'failed-precondition',
        'errors.cursorStale',
      );
  });

  it('a study deleted between two pages makes the next one start again', async () => {
    const { editor, admin } = people;
    const study = await newStudy(editor, { title: 'Zz paging study to delete' });
    const first = await call('studies-list', { sort: 'title:asc', page: 1, pageSize: 10 }, editor);
    await call('studies-delete', { id: study.id, version: 1 }, admin);
    const error = await expectError(
      callError('studies-list', { sort: 'title:asc', page: 2, pageSize: 10, before: study.id }, editor),
      'failed-precondition',
      'errors.cursorStale',
    );
    expect(error.message).toMatch(/Start again from the first page/);
    expect(first.total).toBe(STUDIES + 1);
  });

  it('refuses two cursors at once', async () => {
    const error = await callError(
      'studies-list',
      { page: 2, pageSize: 10, after: studyIds[0], before: studyIds[1] },
      people.editor,
    );
    expect(issuesOf(error)).toMatchObject([{ path: 'before', key: 'validation.invalid' }]);
  });
});

describe('export rows', () => {
  const callerOf = (p: Persona): Caller => ({
    uid: p.uid,
    email: p.email,
    role: 'Editor',
    approved: true,
    authTime: null,
  });
  const filesOf = async (p: Persona) =>
    (await bucket().getFiles({ prefix: `exports/${p.uid}/` }))[0].map((file) => file.name);

  // The cap is EXPORT_MAX_ROWS (100 000): the service takes a smaller one here rather than 100 001 studies.
  it('refuses an export over its cap before writing anything, and writes one at the cap', async () => {
    const { editor } = people;
    const before = await filesOf(editor);
    let refused: unknown;
    try {
      await exportStudies({ language: 'en', format: 'readable', status: 'Recruiting' }, callerOf(editor), 19);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({
      code: 'failed-precondition',
      details: { key: 'errors.exportTooLarge', params: { count: 20, max: 19 } },
      message: 'This export would hold 20 rows; one file holds at most 19. Narrow the search or filters.',
    });
    expect(await filesOf(editor)).toEqual(before);

    const written = await exportStudies(
      { language: 'en', format: 'readable', status: 'Recruiting' },
      callerOf(editor),
      20,
    );
    expect(written.rows).toBe(20);
    expect(await filesOf(editor)).toEqual([...before, written.path].sort());
  });
});
