// The study team's side of portal referrals: the references list's Portal tag and organisation, the reference
// screen's Referrer panel and the referrer's answers beside the decision's, and triage with the referrer's facts and
// answers and a message to the referrer sent with the decision (never for a reference typed by staff).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import {
  criteriaLines,
  defaultsOf,
  referenceSchema,
  studySchema,
  type AuditEntry,
  type Reference,
  type ReferralDetails,
  type Study,
} from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references as referencesResource } from '../src/resources/references';
import TriagePage from '../src/resources/references/triage/TriagePage';
import { screenOf } from '../src/shell/ResourceRoutes';
import { HistoryPanel } from '../src/ui/HistoryPanel';
import { backend } from './fakeCallables';
import { cellTexts, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const study: Study = {
  id: 'study-1',
  version: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  createdBy: 'admin-uid',
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: 'admin-uid',
  ...defaultsOf(studySchema),
  title: 'Metformin in early type 2 diabetes',
  inclusionCriteria: '- Age 18 or over\n- Type 2 diabetes diagnosed within a year',
  exclusionCriteria: '1. Pregnant\n2) On insulin',
  specialty: 'Endocrinology',
  status: 'Recruiting',
  referenceCount: 2,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
};

const referral: ReferralDetails = {
  refererId: 'referrer-uid',
  name: 'Dr Rita Ferreira',
  organisation: 'Clinique du Parc',
  email: 'rita@clinique.test',
  phone: '514 555-0199',
  birthYear: 1961,
  sex: 'female',
  // The referrer knew two answers and left one unknown; "On insulin" they did not answer (an older study text).
  checklist: {
    inclusion: [
      { criterion: 'Age 18 or over', answer: 'met', note: '' },
      { criterion: 'Type 2 diabetes diagnosed within a year', answer: 'unknown', note: '' },
    ],
    exclusion: [{ criterion: 'Pregnant', answer: 'notMet', note: '' }],
  },
  note: 'Diagnosed in March.\nPrefers mornings.',
  consentToContact: true,
};

const reference = (n: number, fields: Partial<Reference> = {}): Reference => ({
  id: `ref-${n}`,
  version: 2,
  createdAt: `2025-05-0${n}T09:00:00.000Z`,
  createdBy: 'editor-uid',
  updatedAt: `2025-05-0${n}T09:00:00.000Z`,
  updatedBy: 'editor-uid',
  studyId: study.id,
  ...defaultsOf(referenceSchema),
  referer: `Dr Referer ${n}`,
  studyTitle: study.title,
  patientIdMasked: `******000${n}`,
  productPatientId: `TD-000${n}`,
  duplicateOf: null,
  decidedAt: null,
  decidedBy: null,
  triage: null,
  refererId: null,
  referral: null,
  ...fields,
});

/** A referral made through the portal (its referer text as the server fills it in). */
const portal = (n: number, fields: Partial<Reference> = {}) =>
  reference(n, { referer: 'Dr Rita Ferreira (Clinique du Parc)', refererId: 'referrer-uid', referral, ...fields });

let pending: Reference[];
const earlier = reference(0, { status: 'Accepted', createdAt: '2025-04-01T09:00:00.000Z' });

/** The fake server: the queue, the study, decisions (the stored triage record, message included), the originals. */
const server = (name: string, data: Record<string, unknown>) => {
  if (name === 'references-list') return { items: pending, total: pending.length, page: 1, pageSize: 50 };
  if (name === 'studies-get') return study;
  if (name === 'studies-list') return { items: [study], total: 1, page: 1, pageSize: 20 };
  if (name === 'references-originals') return [earlier];
  if (name === 'references-triage') {
    const decided = pending.find((r) => r.id === data.id)!;
    pending = pending.filter((r) => r.id !== data.id);
    const stored = (text: string, answers: unknown) =>
      criteriaLines(text).map((criterion, i) => ({ criterion, ...(answers as object[])[i] }));
    return {
      ...decided,
      status: data.decision,
      version: decided.version + 1,
      triage: {
        decision: data.decision,
        inclusion: stored(study.inclusionCriteria, data.inclusion),
        exclusion: stored(study.exclusionCriteria, data.exclusion),
        reason: data.reason ?? null,
        reasonNote: data.reasonNote ?? '',
        confirmed: data.confirmed ?? false,
        message: data.message ?? '',
      },
    };
  }
  throw new Error(`unexpected call of ${name}`);
};

const renderTriage = () =>
  renderRoutes(
    [
      {
        path: '/app/references/triage',
        element: (
          <AntApp>
            <TriagePage />
          </AntApp>
        ),
      },
    ],
    '/app/references/triage',
  );

const renderScreen = (kind: 'edit' | 'list', path: string, route: string) => {
  const Screen = screenOf(referencesResource, kind);
  return renderRoutes(
    [
      {
        path: route,
        element: (
          <AntApp>
            <Screen />
          </AntApp>
        ),
      },
    ],
    path,
  );
};

const triageCalls = () => backend.callsOf('references-triage') as Record<string, unknown>[];
/**
 * The answer shown chosen on a line (antd marks the chosen button's label; the radio inputs of every line share one
 * name in the tests, so their own `checked` cannot tell).
 */
const checked = (item: string, label: string) =>
  within(screen.getByTestId(item))
    .getByText(label, { selector: '.ant-radio-button-label' })
    .closest('label')!
    .classList.contains('ant-radio-button-wrapper-checked');

beforeAll(async () => {
  await initFirebase();
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  pending = [portal(1), reference(2)];
  backend.reset(server as never);
});

describe('triage of a portal referral', () => {
  it("shows the referrer's facts and their answer beside each criterion; one button takes them over", async () => {
    await renderTriage();
    await screen.findByTestId('criterion-inclusion-0');
    const facts = screen.getByTestId('triage-facts');
    expect(within(facts).getByTestId('portal-tag').textContent).toBe('Portal');
    expect(facts.textContent).toContain('Clinique du Parc');
    expect(within(facts).getByRole('link', { name: '514 555-0199' }).getAttribute('href')).toBe('tel:5145550199');
    expect(within(facts).getByRole('link', { name: 'rita@clinique.test' }).getAttribute('href')).toBe(
      'mailto:rita@clinique.test',
    );
    expect(facts.textContent).toContain('1961');
    expect(facts.textContent).toContain('Female');
    expect(facts.textContent).toContain('The patient agreed to be contacted by the study team');
    expect(facts.textContent).toContain('Prefers mornings.');
    const theirs = (item: string) => within(screen.getByTestId(item)).getByTestId('referrer-answer').textContent;
    expect(theirs('criterion-inclusion-0')).toBe('Referrer:Met');
    expect(theirs('criterion-inclusion-1')).toBe('Referrer:Unknown');
    expect(theirs('criterion-exclusion-0')).toBe('Referrer:Not met');
    expect(theirs('criterion-exclusion-1')).toBe('Referrer:Not answered');
    // The coordinator answers for themselves: nothing is taken over until they ask.
    expect(checked('criterion-inclusion-0', 'Unknown')).toBe(true);
    fireEvent.click(screen.getByTestId('use-referrer-answers'));
    await waitFor(() => expect(checked('criterion-inclusion-0', 'Met')).toBe(true));
    expect(checked('criterion-exclusion-0', 'Not met')).toBe(true);
    expect(checked('criterion-exclusion-1', 'Unknown')).toBe(true);
  });

  it('Accept asks for a message to the referrer, says what the checklist lacks, and sends the message', async () => {
    await renderTriage();
    await screen.findByTestId('criterion-inclusion-0');
    fireEvent.click(screen.getByTestId('use-referrer-answers'));
    fireEvent.click(screen.getByTestId('triage-accept'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('triage-confirm-accept').textContent).toContain('2 criteria are still unknown.');
    const field = within(dialog).getByLabelText('Message to the referrer (optional)');
    expect(dialog.textContent).toContain('shown to the referrer in their portal exactly as written');
    fireEvent.change(field, { target: { value: 'Thank you.\nWe will call her this week.' } });
    fireEvent.click(within(dialog).getByTestId('accept-submit'));
    await waitFor(() => expect(triageCalls()).toHaveLength(1));
    expect(triageCalls()[0]).toMatchObject({
      id: 'ref-1',
      decision: 'Accepted',
      message: 'Thank you.\nWe will call her this week.',
      inclusion: [
        { answer: 'met', note: '' },
        { answer: 'unknown', note: '' },
      ],
    });
  });

  it("Reject carries the message; a staff-typed reference's dialog has no message field and sends none", async () => {
    await renderTriage();
    await screen.findByTestId('criterion-inclusion-0');
    fireEvent.click(screen.getByTestId('triage-reject'));
    let dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('The patient declined'));
    fireEvent.change(within(dialog).getByTestId('decision-message'), { target: { value: 'She declined by phone.' } });
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    await waitFor(() => expect(triageCalls()).toHaveLength(1));
    expect(triageCalls()[0]).toMatchObject({ decision: 'Rejected', message: 'She declined by phone.' });

    // The next one was typed by staff: no referrer to write to.
    await waitFor(() => expect(screen.getByTestId('triage-current').textContent).toContain('******0002'));
    expect(screen.queryByTestId('use-referrer-answers')).toBeNull();
    expect(screen.queryByTestId('portal-tag')).toBeNull();
    fireEvent.click(screen.getByTestId('triage-duplicate'));
    dialog = (await screen.findByText('Duplicate of an earlier reference')).closest<HTMLElement>('[role="dialog"]')!;
    await waitFor(() => expect(within(dialog).getByTestId('duplicate-select').textContent).toContain('******0000'));
    expect(within(dialog).queryByTestId('decision-message')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('duplicate-submit'));
    await waitFor(() => expect(triageCalls()).toHaveLength(2));
    expect(triageCalls()[1]).toMatchObject({ id: 'ref-2', decision: 'Duplicate', duplicateOf: 'ref-0' });
    expect(triageCalls()[1]).not.toHaveProperty('message');
  });
});

describe('the reference screen', () => {
  const open = (record: Reference) => {
    backend.reset((name, data) => {
      if (name === 'references-get') return record;
      if (name === 'audit-list') return { items: [], total: 0, page: 1, pageSize: 50 };
      return server(name, data as Record<string, unknown>);
    });
    return renderScreen('edit', `/app/references/${record.id}`, '/app/references/:id');
  };

  it("shows a pending portal referral's referrer and their answers; nothing of the kind for a staff-typed one", async () => {
    const view = await open(portal(1));
    const panel = await screen.findByTestId('reference-referrer');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Referrer Portal');
    expect(within(panel).getByRole('link', { name: '514 555-0199' }).getAttribute('href')).toBe('tel:5145550199');
    expect(within(panel).getByRole('link', { name: 'rita@clinique.test' })).toBeTruthy();
    expect(panel.textContent).toContain('Patient’s sex');
    expect(panel.textContent).toContain('Female');
    expect(cellTexts(within(panel).getByTestId('referrer-inclusion'))).toEqual([
      ['Age 18 or over', 'Met'],
      ['Type 2 diabetes diagnosed within a year', 'Unknown'],
    ]);
    expect(cellTexts(within(panel).getByTestId('referrer-exclusion'))).toEqual([['Pregnant', 'Not met']]);
    view.view.unmount();

    await open(reference(2));
    await screen.findByTestId('patient-id-masked');
    expect(screen.queryByTestId('reference-referrer')).toBeNull();
    expect(screen.queryByTestId('portal-tag')).toBeNull();
  });

  it("once decided, shows the message sent and the referrer's answers beside the coordinator's (in French too)", async () => {
    const decided = portal(3, {
      status: 'Accepted',
      decidedAt: '2025-05-20T14:30:00.000Z',
      decidedBy: 'editor-uid',
      triage: {
        decision: 'Accepted',
        inclusion: [
          { criterion: 'Age 18 or over', answer: 'met', note: '' },
          { criterion: 'Type 2 diabetes diagnosed within a year', answer: 'met', note: 'HbA1c 7.1' },
        ],
        exclusion: [
          { criterion: 'Pregnant', answer: 'notMet', note: '' },
          { criterion: 'On insulin', answer: 'notMet', note: '' },
        ],
        reason: null,
        reasonNote: '',
        confirmed: false,
        message: 'Welcome aboard.\nWe call her Monday.',
      },
    });
    await open(decided);
    const decision = await screen.findByTestId('reference-decision');
    expect(within(decision).getByTestId('decision-message').textContent).toBe('Welcome aboard.\nWe call her Monday.');
    expect(cellTexts(within(decision).getByTestId('decision-inclusion'))).toEqual([
      ['Age 18 or over', 'Met', 'Met', '—'],
      ['Type 2 diabetes diagnosed within a year', 'Met', 'Unknown', 'HbA1c 7.1'],
    ]);
    expect(cellTexts(within(decision).getByTestId('decision-exclusion'))).toEqual([
      ['Pregnant', 'Not met', 'Not met', '—'],
      ['On insulin', 'Not met', 'Not answered', '—'],
    ]);
    // Every answer of the referrer's sits beside the decision's: the panel repeats none.
    const panel = screen.getByTestId('reference-referrer');
    expect(within(panel).queryByTestId('referrer-inclusion')).toBeNull();

    await act(() => i18n.changeLanguage('fr'));
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Référent Portail');
    expect(panel.textContent).toContain('Féminin');
    expect(
      within(decision)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Réponse du référent');
    expect(decision.textContent).toContain('Message au référent');
  });
});

describe('the references list', () => {
  it('shows every referer, and a portal referral with the Portal tag and its organisation', async () => {
    backend.reset((name) => {
      if (name === 'references-list') return { items: [portal(1), reference(2)], total: 2, page: 1, pageSize: 20 };
      if (name === 'studies-list') return { items: [study], total: 1, page: 1, pageSize: 20 };
      throw new Error(`unexpected call of ${name}`);
    });
    await renderScreen('list', '/app/references', '/app/references');
    const cells = await screen.findAllByTestId('list-referer');
    expect(cells).toHaveLength(1);
    expect(cells[0].textContent).toBe('Dr Rita Ferreira (Clinique du Parc)PortalClinique du Parc');
    const table = screen.getByRole('table');
    await waitFor(() => expect(table.textContent).toContain('Dr Referer 2'));
    expect(within(table).getAllByTestId('portal-tag')).toHaveLength(1);
  });
});

describe("a portal referral's history", () => {
  it('reads the way it came in and what the referrer told, never their account id', async () => {
    const created: AuditEntry = {
      id: 'a1',
      at: '2025-05-01T09:00:00.000Z',
      actorUid: 'referrer-uid',
      actorEmail: 'rita@clinique.test',
      actorName: 'Rita Ferreira',
      action: 'create',
      entity: 'references',
      entityId: 'ref-1',
      changes: {
        status: { from: null, to: 'Pending' },
        refererId: { from: null, to: 'referrer-uid' },
        referral: { from: null, to: referral },
      },
      people: {},
    };
    backend.reset((name) => {
      if (name === 'audit-list') return { items: [created], total: 1, page: 1, pageSize: 50 };
      throw new Error(`unexpected call of ${name}`);
    });
    const display = (await referencesResource.screens()).form!.history!;
    await renderRoutes([{ path: '/', element: <HistoryPanel entityId="ref-1" {...display} /> }], '/');
    const told = await screen.findByTestId('history-referral');
    const history = screen.getByTestId('history');
    expect(within(history).getByText('Referred through')).toBeTruthy();
    expect(within(history).getByTestId('portal-tag').textContent).toBe('Portal');
    expect(told.textContent).toContain('Organisation: Clinique du Parc');
    expect(told.textContent).toContain('Patient’s sex: Female');
    expect(told.textContent).toContain('Age 18 or over: Met');
    expect(told.textContent).toContain('Pregnant: Not met');
    expect(history.textContent).not.toMatch(/referrer-uid|refererId|[{}"]/);
  });
});
