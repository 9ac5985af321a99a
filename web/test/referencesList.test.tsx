// Tests of the references list's pseudonymous patient ID (the server answers it to a search for one patient only, and
// the list shows its column then only), its status filter in workflow order, and the create screen's duplicate notice.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reference } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references } from '../src/resources/references';
import { pathsOf } from '../src/ui/resource/definition';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend } from './fakeCallables';
import { renderList, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const reference = (id: string, productPatientId: string | null) =>
  ({
    id,
    patientIdMasked: '********1234',
    productPatientId,
    studyId: 'study-1',
    studyTitle: 'Metformin in early type 2 diabetes',
    referer: 'Dr Roy',
    status: 'Pending',
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
  }) as Reference;

/** As the server answers: the pseudonymous ID only to a search by patient ID. */
function answer(name: string, data: unknown) {
  if (name === 'studies-get') return { id: 'study-1', title: 'Metformin in early type 2 diabetes' };
  if (name !== 'references-list') throw new Error(`unexpected call of ${name}`);
  const searched = (data as { patientId?: string }).patientId !== undefined;
  const id = searched ? 'TD-0A1B2C3D4E' : null;
  return { items: [reference('r1', id), reference('r2', id)], total: 2, page: 1, pageSize: 20 };
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

beforeAll(async () => {
  await initFirebase();
});

describe('references list', () => {
  it("shows the TrialDesk patient ID column only for a search of one patient's ID", async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    await renderList(references, '/app/references');
    await screen.findAllByText('Dr Roy');
    expect(headers()).not.toContain('TrialDesk patient ID');

    const search = screen.getByPlaceholderText('Exact patient ID');
    fireEvent.change(search, { target: { value: 'QC-1234-5678' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.callsOf('references-list').at(-1)).toMatchObject({ patientId: 'QC-1234-5678' }));
    await waitFor(() => expect(headers()).toContain('TrialDesk patient ID'));
    expect(await screen.findAllByText('TD-0A1B2C3D4E')).toHaveLength(2);
  });
});

describe('references list filters', () => {
  it('offers the statuses in the order of the workflow', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset(answer);
    await renderList(references, '/app/references');
    await screen.findAllByText('Dr Roy');
    fireEvent.mouseDown(within(screen.getByTestId('filter-status')).getByRole('combobox'));
    const titles = () =>
      [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    await waitFor(() => expect(titles()).toEqual(['Pending', 'Accepted', 'Rejected', 'Duplicate', 'Unknown']));
  });
});

describe('reference create', () => {
  it('says when the new referral was recorded as a duplicate of an earlier one, linking to it', async () => {
    await act(() => i18n.changeLanguage('en'));
    backend.reset((name, data) => {
      if (name === 'studies-list') {
        return {
          items: [{ id: 'study-1', title: 'Metformin in early type 2 diabetes' }],
          total: 1,
          page: 1,
          pageSize: 20,
        };
      }
      if (name === 'studies-get') return { id: 'study-1', title: 'Metformin in early type 2 diabetes' };
      if (name === 'references-list') return { items: [], total: 0, page: 1, pageSize: 20 };
      if (name === 'references-create') {
        const { patientId: _raw, ...fields } = data as Record<string, unknown>;
        return { ...reference('r3', null), ...fields, status: 'Duplicate', duplicateOf: 'r1' };
      }
      throw new Error(`unexpected call of ${name}`);
    });
    const Create = screenOf(references, 'create');
    const List = screenOf(references, 'list');
    const paths = pathsOf(references);
    // As in the app, the messages outlive the create screen: the list opens after the save.
    const layout = (
      <AntApp>
        <Outlet />
      </AntApp>
    );
    await renderRoutes(
      [
        {
          element: layout,
          children: [
            { path: paths.create, element: <Create /> },
            { path: paths.list, element: <List /> },
          ],
        },
      ],
      paths.create,
    );
    fireEvent.mouseDown(within(await screen.findByTestId('study-select')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Metformin in early type 2 diabetes'));
    fireEvent.change(screen.getByLabelText('Patient ID'), { target: { value: 'QC-1234-5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const notice = await screen.findByTestId('created-duplicate');
    expect(notice.textContent).toContain(
      'This patient was referred to this study before: the new reference is recorded as a duplicate of the earlier one.',
    );
    expect(within(notice).getByRole('link', { name: 'Open the original reference' }).getAttribute('href')).toBe(
      paths.edit('r1'),
    );
    expect(backend.callsOf('references-create')).toHaveLength(1);
  });
});
