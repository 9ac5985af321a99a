// Tests of the history panel: each entry a sentence in the reader's language naming the person (a decision its own,
// an action without words of its own read as a change), the triage record in words, the decider by name, no ids.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references } from '../src/resources/references';
import { HistoryPanel } from '../src/ui/HistoryPanel';
import type { HistoryDisplay } from '../src/ui/HistoryPanel';
import { backend } from './fakeCallables';
import { renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const entry = (changes: AuditEntry['changes'], rest: Partial<AuditEntry>): AuditEntry => ({
  id: 'a',
  at: '2025-05-21T09:30:00.000Z',
  actorUid: 'editor-uid',
  actorEmail: 'editor@trialdesk.test',
  actorName: 'Eddie Tor',
  action: 'update',
  entity: 'references',
  entityId: 'ref-1',
  changes,
  people: {},
  ...rest,
});

const history: AuditEntry[] = [
  // An action added after this screen (it has no words of its own): read as a change.
  entry({ referer: { from: 'Dr Roy', to: 'Dr Roy-Gagnon' } }, { id: 'a4', action: 'reopen' as AuditEntry['action'] }),
  entry(
    { status: { from: 'Rejected', to: 'Pending' }, decidedBy: { from: 'admin-uid', to: null } },
    {
      id: 'a3',
      action: 'undoDecision',
      actorName: null,
      actorEmail: 'gone@trialdesk.test',
      people: {},
    },
  ),
  entry(
    {
      status: { from: 'Pending', to: 'Rejected' },
      decidedBy: { from: null, to: 'admin-uid' },
      triage: {
        from: null,
        to: {
          decision: 'Rejected',
          inclusion: [{ criterion: 'Adults 18 and over', answer: 'met', note: '' }],
          exclusion: [{ criterion: 'Pregnancy', answer: 'unknown', note: 'to ask' }],
          reason: 'declined',
          reasonNote: '',
          confirmed: false,
          // Sent to the referrer with the decision (a portal referral's).
          message: 'She declined by phone.',
        },
      },
    },
    { id: 'a2', actorUid: 'admin-uid', actorName: 'Ada Min', people: { 'admin-uid': 'Ada Min' } },
  ),
  entry(
    { studyId: { from: null, to: 'study-a' }, status: { from: null, to: 'Pending' } },
    { id: 'a1', action: 'create' },
  ),
];

let display: HistoryDisplay;

beforeAll(async () => {
  await initFirebase();
  display = (await references.screens()).form!.history!;
});

async function renderHistory() {
  backend.reset((name) => {
    if (name === 'audit-list') return { items: history, total: history.length, page: 1, pageSize: 50 };
    if (name === 'studies-get') return { id: 'study-a', title: 'Asthma in adults' } as Study;
    throw new Error(`unexpected call of ${name}`);
  });
  await renderRoutes([{ path: '/', element: <HistoryPanel entityId="ref-1" {...display} /> }], '/');
  return screen.findAllByRole('listitem');
}

const headlines = () => screen.queryAllByTestId('history-sentence').map((node) => node.textContent);

describe('history panel', () => {
  it('reads as sentences naming the people, the triage in words, the decider by name, no JSON and no ids', async () => {
    await act(() => i18n.changeLanguage('en'));
    await renderHistory();
    await waitFor(() =>
      expect(headlines()).toEqual([
        'Eddie Tor changed this reference',
        'gone@trialdesk.test took back the decision on this reference',
        'Ada Min rejected this reference',
        'Eddie Tor created this reference',
      ]),
    );
    const triage = screen.getByTestId('history-triage');
    expect(triage.textContent).toBe(
      'Decision: RejectedInclusion criteriaAdults 18 and over: MetExclusion criteriaPregnancy: Unknown (to ask)' +
        'Reason: The patient declinedMessage to the referrer: She declined by phone.',
    );
    const decided = triage.closest('.ant-timeline-item') as HTMLElement;
    // In the sentence, and as the decider.
    expect(within(decided).getAllByText('Ada Min')).toHaveLength(2);
    // The undo names a decider whose record is gone without showing the id.
    expect(screen.getByText('a person no longer in TrialDesk')).toBeTruthy();
    await screen.findByText('Asthma in adults');
    const text = screen.getByTestId('history').textContent!;
    expect(text).not.toMatch(/admin-uid|study-a|[{}"]/);
  });

  it('in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    await renderHistory();
    await waitFor(() =>
      expect(headlines()).toEqual([
        'Eddie Tor a modifié cette référence',
        'gone@trialdesk.test a annulé la décision sur cette référence',
        'Ada Min a refusé cette référence',
        'Eddie Tor a créé cette référence',
      ]),
    );
    expect(screen.getByTestId('history-triage').textContent).toBe(
      'Décision\u00a0: RefuséeCritères d’inclusionAdults 18 and over\u00a0: RempliCritères d’exclusion' +
        'Pregnancy\u00a0: Inconnu (to ask)Motif\u00a0: Le patient a refuséMessage au référent\u00a0: She declined by phone.',
    );
    await act(() => i18n.changeLanguage('en'));
  });
});
