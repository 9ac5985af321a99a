// Tests of list URL state: round trips, defaults, bad values, back to page 1, sorters and the footer.
import { describe, expect, it } from 'vitest';
import { STUDY_SORTS, STUDY_STATUSES, SPECIALTIES } from '@trialdesk/shared';
import {
  nextListParams,
  pageChange,
  pageOffered,
  pagingRequest,
  parseListParams,
  serializeListParams,
  sorterOf,
  sortFromSorter,
  type ListConfig,
} from '../src/ui/listParams';
import { showingText } from '../src/ui/pagination';

const config: ListConfig<'status' | 'specialty' | 'studyId'> = {
  sorts: STUDY_SORTS,
  filters: { status: STUDY_STATUSES, specialty: SPECIALTIES, studyId: (v) => /^[a-z0-9]+$/.test(v) },
};

describe('list URL state', () => {
  it('round-trips through the query string', () => {
    const params = {
      search: 'card rehab',
      page: 3,
      pageSize: 50 as const,
      sort: 'title:asc',
      filters: { status: 'Recruiting', specialty: 'Cardiology', studyId: 'abc123' },
    };
    const query = serializeListParams(config, params);
    expect(parseListParams(config, new URLSearchParams(query.toString()))).toEqual(params);
  });

  it('leaves defaults out and reads an empty query as defaults', () => {
    const defaults = parseListParams(config, new URLSearchParams(''));
    expect(defaults).toEqual({ search: '', page: 1, pageSize: 20, sort: undefined, filters: {} });
    expect(serializeListParams(config, defaults).toString()).toBe('');
  });

  it('drops values a hand-edited URL gets wrong', () => {
    const parsed = parseListParams(
      config,
      new URLSearchParams('page=-2&pageSize=7&sort=drop:table&status=Open&specialty=Cardiology&studyId=../x'),
    );
    expect(parsed).toEqual({
      search: '',
      page: 1,
      pageSize: 20,
      sort: undefined,
      filters: { specialty: 'Cardiology' },
    });
    // Past MAX_OFFSET (10 000 rows) without a cursor: the deepest page reached by offset.
    expect(parseListParams(config, new URLSearchParams('page=999999')).page).toBe(501);
    expect(parseListParams(config, new URLSearchParams('page=999999&pageSize=100')).page).toBe(101);
  });

  it('goes back to page 1 on any change but the page', () => {
    const current = parseListParams(config, new URLSearchParams('page=4&status=Completed'));
    expect(nextListParams(current, { page: 5 }).page).toBe(5);
    expect(nextListParams(current, { search: 'x' }).page).toBe(1);
    const cleared = nextListParams(current, { filters: { status: undefined } });
    expect(cleared.filters).toEqual({});
    expect(cleared.page).toBe(1);
  });

  it('keeps a cursor in the URL for a page past MAX_OFFSET only, one valid id', () => {
    const read = (query: string) => parseListParams(config, new URLSearchParams(query));
    const deep = read('status=Recruiting&page=600&after=rec-1');
    expect(deep).toMatchObject({ page: 600, cursor: { after: 'rec-1' } });
    expect(serializeListParams(config, deep).toString()).toBe('status=Recruiting&page=600&after=rec-1');
    expect(read('page=600&before=rec-2')).toMatchObject({ page: 600, cursor: { before: 'rec-2' } });
    // Within the cap the offset places the page: a cursor there is dropped.
    expect(read('page=501&after=rec-1')).toEqual(read('page=501'));
    // Two cursors, or an id Firestore refuses, are none: back within the cap.
    expect(read('page=600&after=a&before=b')).toEqual(read('page=501'));
    expect(read('page=600&after=..%2Fx')).toEqual(read('page=501'));
    expect(read('page=600&before=__x__').cursor).toBeUndefined();
  });

  it('asks for a page past MAX_OFFSET next to the rows shown, one step at a time', () => {
    const at = (page: number) => parseListParams(config, new URLSearchParams(`page=${page}&after=x`));
    const rows = [{ id: 'first' }, { id: 'middle' }, { id: 'last' }];
    expect(pageChange(at(501), 502, rows)).toEqual({ page: 502, cursor: { after: 'last' } });
    expect(pageChange(at(503), 502, rows)).toEqual({ page: 502, cursor: { before: 'first' } });
    expect(pageChange(at(502), 501, rows)).toEqual({ page: 501 });
    expect(pageChange(at(700), 3, rows)).toEqual({ page: 3 });
    // A far jump past the cap, or a step before the rows shown have loaded, cannot be asked for.
    expect(pageChange(at(501), 505, rows)).toBeUndefined();
    expect(pageChange(at(501), 502, undefined)).toBeUndefined();
    expect(pageChange(at(501), 502, [])).toBeUndefined();
    expect([498, 501, 502, 503, 504, 505, 5000].filter((page) => pageOffered(at(503), page))).toEqual([
      498, 501, 502, 503, 504,
    ]);
    expect(pagingRequest(at(600))).toEqual({ page: 600, pageSize: 20, after: 'x' });
    expect(pagingRequest(at(3))).toEqual({ page: 3, pageSize: 20 });
  });

  it('drops the cursor on any change but the page it came with', () => {
    const deep = parseListParams(config, new URLSearchParams('page=600&after=x'));
    expect(nextListParams(deep, { page: 601, cursor: { after: 'y' } })).toMatchObject({
      page: 601,
      cursor: { after: 'y' },
    });
    expect(nextListParams(deep, { page: 3 }).cursor).toBeUndefined();
    expect(nextListParams(deep, { sort: 'title:asc' })).toMatchObject({ page: 1, cursor: undefined });
    expect(nextListParams(deep, { filters: { status: 'Completed' } })).toMatchObject({ page: 1, cursor: undefined });
  });

  it('maps antd sorters to the allowed sorts', () => {
    expect(sortFromSorter(STUDY_SORTS, 'title', 'ascend')).toBe('title:asc');
    expect(sortFromSorter(STUDY_SORTS, 'startDate', 'descend')).toBe('startDate:desc');
    expect(sortFromSorter(STUDY_SORTS, 'status', 'ascend')).toBeUndefined();
    expect(sortFromSorter(STUDY_SORTS, 'title', undefined)).toBeUndefined();
    expect(sorterOf('title:desc', 'title')).toBe('descend');
    expect(sorterOf('title:desc', 'startDate')).toBeNull();
  });

  it('writes the pagination footer', () => {
    const t = ((key: string, p: Record<string, number>) => `${key} ${p.from}-${p.to}/${p.total}`) as never;
    expect(showingText(t, 45, 3, 20)).toBe('list.showing 41-45/45');
    expect(showingText(t, 0, 1, 20)).toBe('list.showing 0-0/0');
  });
});
