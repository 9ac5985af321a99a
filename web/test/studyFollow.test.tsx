// The study screen's Follow switch: on when the study's followers name the signed-in person, moved at once when
// clicked, kept once the server answers, and put back with the translated error when it refuses.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import { defaultsOf, studySchema, type Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { studies } from '../src/resources/studies';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend, callableError } from './fakeCallables';
import { ADMIN, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const StudyEdit = screenOf(studies, 'edit');

const study = (followers: string[]): Study => ({
  id: 'study-1',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'admin-uid',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'admin-uid',
  ...defaultsOf(studySchema),
  title: 'Asthma in adults',
  specialty: 'Pulmonology',
  status: 'Recruiting',
  referenceCount: 0,
  followers,
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
});

/** The server: the study, and `follow` answering studies-follow (a promise the test settles when it wants). */
const serve = (stored: Study, follow: (data: { follow: boolean }) => unknown) =>
  backend.reset((name, data) => {
    if (name === 'studies-get') return stored;
    if (name === 'studies-follow') return follow(data as { follow: boolean });
    if (name === 'audit-list' || name === 'documents-list') return { items: [], total: 0, page: 1, pageSize: 50 };
    throw callableError('unavailable');
  });

const renderStudy = () =>
  renderRoutes(
    [
      { path: '/app/studies/:id', element: <AntApp>{<StudyEdit />}</AntApp> },
      { path: '/app/studies', element: <p>studies list</p> },
    ],
    '/app/studies/study-1',
  );

const followSwitch = () => screen.findByRole('switch', { name: 'Follow' });
const isOn = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';

beforeAll(async () => {
  await initFirebase();
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the Follow switch', () => {
  it('is off for a study the person does not follow; on at once when clicked, and stays on once saved', async () => {
    let answer: (study: Study) => void = () => undefined;
    serve(study(['someone-else']), () => new Promise<Study>((resolve) => (answer = resolve)));
    await renderStudy();
    const toggle = await followSwitch();
    expect(isOn(toggle)).toBe(false);
    expect(screen.getByText('E-mail me each new reference to this study')).toBeTruthy();
    fireEvent.click(toggle);
    // Shown on before the server answers.
    await waitFor(() => expect(isOn(toggle)).toBe(true));
    expect(backend.callsOf('studies-follow')).toEqual([{ id: 'study-1', follow: true }]);
    await act(async () => answer({ ...study(['someone-else', ADMIN.id]), version: 4 }));
    await waitFor(() => expect(toggle.getAttribute('aria-busy') ?? 'false').toBe('false'));
    expect(isOn(await followSwitch())).toBe(true);
  });

  it('is on for a study the person follows; a refused change goes back, with the error in the language shown', async () => {
    let refuse: () => void = () => undefined;
    serve(
      study([ADMIN.id]),
      () =>
        new Promise((_resolve, reject) => {
          refuse = () => reject(callableError('permission-denied', { key: 'errors.permissionDenied' }));
        }),
    );
    await renderStudy();
    await act(() => i18n.changeLanguage('fr'));
    const toggle = await screen.findByRole('switch', { name: 'Suivre' });
    expect(isOn(toggle)).toBe(true);
    expect(screen.getByText('M’envoyer un courriel à chaque nouvelle référence vers cette étude')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(isOn(toggle)).toBe(false));
    await act(async () => refuse());
    expect(await screen.findByText('Vous n’avez pas la permission d’accéder à cette page')).toBeTruthy();
    await waitFor(() => expect(isOn(toggle)).toBe(true));
    expect(backend.callsOf('studies-follow')).toEqual([{ id: 'study-1', follow: false }]);
  });
});
