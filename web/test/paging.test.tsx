// Tests of list paging past MAX_OFFSET on a list screen: Next and Previous ask with a cursor kept in the URL, far
// pages there are not offered, a deleted cursor record and a refused export show their translated messages.
import { act, fireEvent, getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reference } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references } from '../src/resources/references';
import { backend, callableError } from './fakeCallables';
import { locationOf, renderList } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

/** A coordinator's 100 000 references, ref-0 to ref-99999 in list order. */
const TOTAL = 100_000;
const referenceAt = (n: number) =>
  ({
    id: `ref-${n}`,
    patientIdMasked: '******1234',
    productPatientId: null,
    studyId: 'study-1',
    studyTitle: 'Metformin in early type 2 diabetes',
    referer: 'Dr Roy',
    status: 'Pending',
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
  }) as Reference;

/** The list as the server pages it: by offset, or next to a cursor record. */
function listAnswer(request: { page: number; pageSize: number; after?: string; before?: string }) {
  const { page, pageSize, after, before } = request;
  const position = (id: string) => Number(id.replace('ref-', ''));
  let start = (page - 1) * pageSize;
  if (after) start = position(after) + 1;
  if (before) start = position(before) - pageSize;
  const items = Array.from({ length: pageSize }, (_, i) => referenceAt(start + i));
  return { items, total: TOTAL, page, pageSize };
}

function answer(name: string, data: unknown) {
  if (name === 'references-list') return listAnswer(data as Parameters<typeof listAnswer>[0]);
  if (name === 'studies-get') return { id: 'study-1', title: 'Metformin in early type 2 diabetes' };
  throw new Error(`unexpected call of ${name}`);
}

const renderReferences = (path: string) => renderList(references, path);

const lastList = () => backend.callsOf('references-list').at(-1);
/** The page numbers the pager shows. */
const pageNumbers = () =>
  [...document.querySelectorAll('.ant-pagination-item')].map((item) => Number(item.getAttribute('title')));
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);

beforeAll(async () => {
  await initFirebase();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('paging past MAX_OFFSET (10 000 rows)', () => {
  it('goes Next with `after` the last row shown and Previous with `before` the first, in the URL', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    // Page 501 of 20 starts at row 10 000: the deepest page reached by offset.
    const { router } = await renderReferences('/app/references?page=501');
    await waitFor(() => expect(lastList()).toEqual({ page: 501, pageSize: 20 }));
    await screen.findAllByText('Dr Roy');

    click('.ant-pagination-next');
    await waitFor(() => expect(lastList()).toEqual({ page: 502, pageSize: 20, after: 'ref-10019' }));
    expect(locationOf(router)).toBe('/app/references?page=502&after=ref-10019');
    await waitFor(() =>
      expect(screen.getByTestId('pagination-total').textContent).toBe('Showing 10021 to 10040 of 100000 entries'),
    );

    click('.ant-pagination-next');
    await waitFor(() => expect(lastList()).toEqual({ page: 503, pageSize: 20, after: 'ref-10039' }));
    // Past the cap: the page shown, its neighbours and the pages reached by offset (the jump back to 498 too); no
    // far page, no jump forward, no last page.
    await waitFor(() => expect(pageNumbers()).toEqual([1, 502, 503, 504]));
    expect(document.querySelector('.ant-pagination-jump-prev')).not.toBeNull();
    expect(document.querySelector('.ant-pagination-jump-next')).toBeNull();

    click('.ant-pagination-prev');
    await waitFor(() => expect(lastList()).toEqual({ page: 502, pageSize: 20, before: 'ref-10040' }));
    expect(locationOf(router)).toBe('/app/references?page=502&before=ref-10040');

    // Back within the cap: by offset again (the request of the first page shown, answered from the cache), the
    // cursor gone from the URL.
    await screen.findByText('Showing 10021 to 10040 of 100000 entries');
    click('.ant-pagination-prev');
    await waitFor(() => expect(locationOf(router)).toBe('/app/references?page=501'));
    expect(await screen.findByText('Showing 10001 to 10020 of 100000 entries')).toBeTruthy();
    expect(backend.callsOf('references-list').filter((request) => JSON.stringify(request).includes('501'))).toEqual([
      { page: 501, pageSize: 20 },
    ]);
  });

  it('reloads a page past the cap from its URL, and brings a far page without a cursor back within the cap', async () => {
    backend.reset(answer);
    await renderReferences('/app/references?status=Pending&page=700&after=ref-13979');
    await waitFor(() => expect(lastList()).toEqual({ status: 'Pending', page: 700, pageSize: 20, after: 'ref-13979' }));
    await waitFor(() => expect(pageNumbers()).toEqual([1, 699, 700, 701]));

    backend.reset(answer);
    await renderReferences('/app/references?page=4000');
    await waitFor(() => expect(lastList()).toEqual({ page: 501, pageSize: 20 }));
  });

  it('leaves the cursor out of an export', async () => {
    backend.reset((name, data) => (name === 'references-export' ? new Promise(() => {}) : answer(name, data)));
    await renderReferences('/app/references?studyId=study-1&page=502&after=ref-10019');
    fireEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(backend.callsOf('references-export')).toEqual([
        { studyId: 'study-1', language: 'en', format: 'readable' },
      ]),
    );
  });
});

describe('messages', () => {
  const refuseExport = () =>
    backend.reset((name, data) => {
      if (name === 'references-export')
        throw callableError('failed-precondition', {
          key: 'errors.exportTooLarge',
          params: { count: 100_001, max: 100_000 },
        });
      return answer(name, data);
    });

  it('shows an export over its row cap refused, translated', async () => {
    await act(() => i18n.changeLanguage('en'));
    refuseExport();
    await renderReferences('/app/references');
    fireEvent.click(await screen.findByTestId('list-export'));
    expect(
      await screen.findByText(
        'This export would hold 100001 rows; one file holds at most 100000. Narrow the search or filters.',
      ),
    ).toBeTruthy();

    await act(() => i18n.changeLanguage('fr'));
    fireEvent.click(await screen.findByTestId('list-export'));
    expect(
      await screen.findByText(
        'Cette exportation contiendrait 100001 lignes\u00a0; un fichier en contient au plus 100000. Précisez la recherche ou les filtres.',
        // The non-breaking space before ";" is part of what is checked.
        { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) },
      ),
    ).toBeTruthy();
  });

  it('shows a deleted cursor record translated, and Retry opens the first page', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset((name, data) => {
      if (name === 'references-list' && (data as { after?: string }).after)
        throw callableError('failed-precondition', { key: 'errors.cursorStale' });
      return answer(name, data);
    });
    const { router } = await renderReferences('/app/references?page=600&after=ref-11979');
    expect(
      await screen.findByText('La liste a changé pendant que vous la parcouriez. Recommencez à la première page.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(lastList()).toEqual({ page: 1, pageSize: 20 }));
    expect(locationOf(router)).toBe('/app/references');
  });
});
