// Tests of the document library's screens: sizes in the language's words, Delete shown to Editors disabled with the
// reason, the Rename dialog opening on its name and saved by Enter, and the file manager's folders whole, with counts.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import type { Study, StudyDocument } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import '../src/resources';
import { DocumentLibrary } from '../src/resources/documents/DocumentLibrary';
import FileManagerPage from '../src/resources/documents/FileManagerPage';
import { formatBytes } from '../src/ui/format';
import { backend } from './fakeCallables';
import { ADMIN, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const EDITOR = { ...ADMIN, id: 'editor-uid', email: 'editor@trialdesk.test', role: 'Editor' as const };
const AT = '2025-06-01T10:00:00.000Z';
const meta = { version: 2, createdAt: AT, createdBy: 'admin-uid', updatedAt: AT, updatedBy: 'admin-uid' };
const doc: StudyDocument = {
  ...meta,
  id: 'doc-1',
  studyId: null,
  name: 'Referral checklist',
  category: 'Other',
  current: {
    number: 1,
    size: 591,
    contentType: 'text/plain',
    sha256: 'a'.repeat(64),
    path: 'general/documents/doc-1/v1',
    uploadedAt: AT,
    uploadedBy: 'admin-uid',
  },
  versionCount: 1,
} as StudyDocument;
const LONG_TITLE = 'Metformin and lifestyle coaching in early type 2 diabetes: a pragmatic trial';

function answer(name: string, data: unknown) {
  if (name === 'documents-list') return { items: [doc], total: 1, page: 1, pageSize: 20 };
  if (name === 'documents-update') return { ...doc, ...(data as object), version: 3, versions: [doc.current] };
  if (name === 'studies-list')
    return { items: [{ ...meta, id: 'study-1', title: LONG_TITLE } as Study], total: 1, page: 1, pageSize: 20 };
  if (name === 'documents-counts') return { counts: (data as { studyIds: unknown[] }).studyIds.map((_, i) => i + 2) };
  throw new Error(`unexpected call of ${name}`);
}

const renderLibrary = (user = ADMIN) =>
  renderRoutes(
    [
      {
        path: '/apps/file-manager',
        element: (
          <AntApp>
            <DocumentLibrary studyId={null} />
          </AntApp>
        ),
      },
    ],
    '/apps/file-manager',
    { user },
  );

/** Opens the "more" menu of the document's row. */
async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions: Referral checklist' }));
  return screen.findByRole('menu');
}

beforeAll(async () => {
  await initFirebase();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('file sizes', () => {
  it('are spelt with the unit agreeing with the number, in each language', () => {
    expect(formatBytes(591, 'en')).toBe('591 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(591, 'fr')).toBe('591\u00a0octets');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    // A no-break space (ICU's narrow one before short units).
    expect(formatBytes(1536, 'fr')).toMatch(/^1,5[\u00a0\u202f]ko$/);
    expect(formatBytes(5 * 1024 * 1024, 'fr')).toMatch(/^5[\u00a0\u202f]Mo$/);
  });

  it("show in the library's table", async () => {
    backend.reset(answer);
    await renderLibrary();
    const row = (await screen.findByText('Referral checklist')).closest('tr')!;
    expect(within(row).getByText('591 bytes')).toBeTruthy();
  });
});

describe('Delete', () => {
  it('is shown to an Editor disabled, saying only Admins delete documents', async () => {
    backend.reset(answer);
    await renderLibrary(EDITOR);
    const menu = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: /Delete/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(within(item).getByText('Only Admins delete documents')).toBeTruthy();
  });

  it('is offered to an Admin, with nothing to explain', async () => {
    backend.reset(answer);
    await renderLibrary(ADMIN);
    const menu = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: 'Delete' });
    expect(item.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('says why in French too', async () => {
    backend.reset(answer);
    await act(() => i18n.changeLanguage('fr'));
    await renderLibrary(EDITOR);
    // French puts a non-breaking space before the colon, in accessible names too.
    fireEvent.click(await screen.findByRole('button', { name: 'Actions\u00a0: Referral checklist' }));
    expect(await screen.findByText('Seuls les administrateurs suppriment les documents')).toBeTruthy();
  });
});

describe('the Rename dialog', () => {
  it('opens with the focus on the name, and Enter there saves it once', async () => {
    backend.reset(answer);
    await renderLibrary(EDITOR);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Rename'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((name as HTMLInputElement).value).toBe('Referral checklist');
    fireEvent.change(name, { target: { value: 'Referral checklist 2026' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(backend.callsOf('documents-update')).toEqual([
        { id: 'doc-1', version: 2, name: 'Referral checklist 2026', category: 'Other' },
      ]),
    );
    await screen.findByText('Document saved');
  });
});

describe('the file manager', () => {
  it('shows each folder whole, with how many documents it holds', async () => {
    backend.reset(answer);
    await renderRoutes([{ path: '/apps/file-manager', element: <FileManagerPage /> }], '/apps/file-manager');
    const study = await screen.findByRole('link', { name: `Open ${LONG_TITLE}` });
    expect(within(study).getByText(LONG_TITLE)).toBeTruthy();
    // General (null) first, then the page's studies, counted in one call.
    await waitFor(() => expect(within(study).getByTestId('folder-count').textContent).toBe('3 documents'));
    expect(backend.callsOf('documents-counts')).toEqual([{ studyIds: [null, 'study-1'] }]);
    const general = screen.getByRole('link', { name: 'Open General' });
    expect(within(general).getByTestId('folder-count').textContent).toBe('2 documents');
    expect(study.getAttribute('aria-describedby')).toBe(within(study).getByTestId('folder-count').id);
  });
});
