// Tests of the references list's pseudonymous patient ID: the server answers it to a search for one patient only,
// and the list shows its column then only.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reference } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references } from '../src/resources/references';
import { backend } from './fakeCallables';
import { renderList } from './renderApp';

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
