// Tests of the lists' Export CSV button: the list's search, filters and sort go to the export callable without a
// page, with the interface language and the format (readable from the button, for programs from its menu); the file
// is then downloaded and the row count shown.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import type { ExportResponse, Study } from '@trialdesk/shared';
import { downloadFile } from '../src/core/api/uploads';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import type { ResourceDefinition } from '../src/ui/resource/definition';
import { references } from '../src/resources/references';
import { studies } from '../src/resources/studies';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend, callableError } from './fakeCallables';
import { renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

// The Storage boundary: reading the written file goes through the Storage SDK, which has no server here. Only the
// download is replaced; the rest of the uploads module stays real.
vi.mock('../src/core/api/uploads', async (original) => ({
  ...(await original<typeof import('../src/core/api/uploads')>()),
  downloadFile: vi.fn(async () => {}),
}));

const study = { id: 'study-1', title: 'Metformin in early type 2 diabetes' } as Study;
const file = (rows: number): ExportResponse => ({
  path: 'exports/admin-uid/references-2025-06-01.csv',
  fileName: 'references-2025-06-01.csv',
  rows,
  expiresAt: '2025-06-01T10:15:00.000Z',
});

function answer(name: string) {
  if (name.endsWith('-list')) return { items: [], total: 0, page: 1, pageSize: 20 };
  if (name === 'studies-get') return study;
  if (name.endsWith('-export')) return file(3);
  throw new Error(`unexpected call of ${name}`);
}

const renderList = (resource: ResourceDefinition, path: string) => {
  const List = screenOf(resource, 'list');
  return renderRoutes(
    [
      {
        path: path.split('?')[0],
        element: (
          <AntApp>
            <List />
          </AntApp>
        ),
      },
    ],
    path,
  );
};

beforeAll(async () => {
  await initFirebase();
});

afterEach(async () => {
  vi.mocked(downloadFile).mockClear();
  await act(() => i18n.changeLanguage('en'));
});

describe('Export CSV', () => {
  it('sends the references list filters and sort with the language, without the page, then downloads the file', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    await renderList(references, '/app/references?status=Pending&studyId=study-1&sort=createdAt:asc&page=2');
    await waitFor(() => expect(backend.callsOf('references-list')).toHaveLength(1));
    expect(backend.callsOf('references-list')[0]).toMatchObject({ page: 2, pageSize: 20 });

    fireEvent.click(screen.getByTestId('list-export'));
    expect(await screen.findByText('Exported 3 rows')).toBeTruthy();
    expect(backend.callsOf('references-export')).toEqual([
      { status: 'Pending', studyId: 'study-1', sort: 'createdAt:asc', language: 'en', format: 'readable' },
    ]);
    expect(downloadFile).toHaveBeenCalledWith(file(3).path, file(3).fileName);
  });

  it('sends the search of a text-searched list, and the headers in French for a French interface', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(answer);
    await renderList(studies, '/app/studies?search=metformin&status=Recruiting&sort=title:asc&page=3&pageSize=50');
    const button = await screen.findByTestId('list-export');
    expect(button.textContent).toBe('Exporter en CSV');
    fireEvent.click(button);
    expect(await screen.findByText('3 lignes exportées')).toBeTruthy();
    expect(backend.callsOf('studies-export')).toEqual([
      { search: 'metformin', status: 'Recruiting', sort: 'title:asc', language: 'fr', format: 'readable' },
    ]);
  });

  it('offers the file for programs in its menu, translated, with the same filters', async () => {
    await act(() => i18n.changeLanguage('fr'));
    backend.reset(answer);
    await renderList(references, '/app/references?status=Rejected&page=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Autres formats d’exportation' }));
    fireEvent.click(await screen.findByText('CSV pour logiciels (codes, heures UTC, ID, virgules)'));
    expect(await screen.findByText('3 lignes exportées')).toBeTruthy();
    expect(backend.callsOf('references-export')).toEqual([{ status: 'Rejected', language: 'fr', format: 'machine' }]);
    expect(downloadFile).toHaveBeenCalledWith(file(3).path, file(3).fileName);
  });

  it('shows "Exporting…" while the file is written, and the translated reason when the export is refused', async () => {
    await act(() => i18n.changeLanguage('en'));
    let refuse: (error: Error) => void = () => {};
    backend.reset((name) =>
      name === 'references-export'
        ? new Promise((_resolve, reject) => {
            refuse = reject;
          })
        : answer(name),
    );
    await renderList(references, '/app/references');
    fireEvent.click(await screen.findByTestId('list-export'));
    expect(await screen.findByText('Exporting…')).toBeTruthy();
    expect(screen.getByTestId('list-export').className).toContain('ant-btn-loading');
    refuse(callableError('permission-denied'));
    expect(await screen.findByText("You don't have permission to access this page")).toBeTruthy();
    expect(downloadFile).not.toHaveBeenCalled();
  });
});
