// Tests of list URL state: round trips, defaults, bad values, back to page 1, sorters and the footer.
import { describe, expect, it } from 'vitest';
import { STUDY_SORTS, STUDY_STATUSES, SPECIALTIES } from '@trialdesk/shared';
import {
  nextListParams,
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
    expect(parseListParams(config, new URLSearchParams('page=999999')).page).toBe(1000);
  });

  it('goes back to page 1 on any change but the page', () => {
    const current = parseListParams(config, new URLSearchParams('page=4&status=Completed'));
    expect(nextListParams(current, { page: 5 }).page).toBe(5);
    expect(nextListParams(current, { search: 'x' }).page).toBe(1);
    const cleared = nextListParams(current, { filters: { status: undefined } });
    expect(cleared.filters).toEqual({});
    expect(cleared.page).toBe(1);
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
