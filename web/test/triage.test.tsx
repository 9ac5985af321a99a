// Tests of the triage screen: the queue oldest first, the checklist from the criteria lines, the decisions by key and
// button (accept, reject with a reason, duplicate of an original, skip), confirmation, and a race with a colleague.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App as AntApp } from 'antd';
import { criteriaLines, defaultsOf, referenceSchema, studySchema, type Reference, type Study } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { references as referencesResource } from '../src/resources/references';
import TriagePage from '../src/resources/references/triage/TriagePage';
import { screenOf } from '../src/shell/ResourceRoutes';
import { backend, callableError } from './fakeCallables';
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
  inclusionCriteria: '- Age 18 or over\n\n- Type 2 diabetes diagnosed within a year',
  exclusionCriteria: '1. Pregnant\n2) On insulin',
  specialty: 'Endocrinology',
  status: 'Recruiting',
  referenceCount: 4,
  followers: [],
  nctId: null,
  registryStatus: null,
  registryVerifiedAt: null,
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

// An earlier referral of the same study, already accepted: the original a duplicate can name.
const earlier = reference(0, { status: 'Accepted', createdAt: '2025-04-01T09:00:00.000Z' });
let pending: Reference[];
/** Referrals decided on the fake server, as they were while pending (an undo puts one back). */
let decided: Reference[];
type Answer = (name: string, data: Record<string, unknown>) => unknown;

/** The fake server: the pending queue as the list asks for it, the study, and decisions that leave the queue. */
const server =
  (
    triage: Answer = (_name, data) => {
      const decision = pending.find((r) => r.id === data.id)!;
      // The checklist as the server stores it: each answer beside its criterion.
      const stored = (text: string, answers: unknown) =>
        criteriaLines(text).map((criterion, i) => ({ criterion, ...(answers as object[])[i] }));
      const triage = {
        decision: data.decision,
        inclusion: stored(study.inclusionCriteria, data.inclusion),
        exclusion: stored(study.exclusionCriteria, data.exclusion),
      };
      return { ...decision, status: data.decision, version: decision.version + 1, triage };
    },
  ): Answer =>
  (name, data) => {
    if (name === 'references-list') {
      // The queue, or (the duplicate dialog) every referral of the study.
      const items =
        data.status === 'Pending'
          ? pending.filter((r) => !data.studyId || r.studyId === data.studyId)
          : [earlier, ...pending];
      return { items, total: items.length, page: data.page, pageSize: data.pageSize };
    }
    if (name === 'studies-get') return study;
    if (name === 'studies-list') return { items: [study], total: 1, page: 1, pageSize: 20 };
    if (name === 'references-triage') {
      const answer = triage(name, data);
      decided.push(...pending.filter((r) => r.id === data.id));
      pending = pending.filter((r) => r.id !== data.id);
      return answer;
    }
    // The same patient's earlier referral to the study (the server's choice, tested in functions/test).
    if (name === 'references-originals') return [earlier];
    if (name === 'references-undoTriage') {
      const back = decided.find((r) => r.id === data.id)!;
      pending = [...pending, back].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return { ...back, version: (data.version as number) + 1 };
    }
    throw new Error(`unexpected call of ${name}`);
  };

const routes = [
  {
    path: '/app/references/triage',
    element: (
      <AntApp>
        <TriagePage />
      </AntApp>
    ),
  },
  { path: '/app/references', element: <p>references list</p> },
];

const renderTriage = (path = '/app/references/triage') => renderRoutes(routes, path);
const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
const current = () => screen.getByTestId('triage-current');
/** The checklist has loaded: decisions are possible. */
const checklistShown = () => screen.findByTestId('criterion-inclusion-0');
const choose = (item: string, label: string) => fireEvent.click(within(screen.getByTestId(item)).getByLabelText(label));
const triageCalls = () => backend.callsOf('references-triage');
/** Answers the confirmation an accept asked for. */
const acceptAnyway = async () =>
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept anyway' }));
/** Answers every criterion of the open referral: inclusions met, exclusions not met. */
const answerAll = () => {
  for (const item of ['criterion-inclusion-0', 'criterion-inclusion-1']) choose(item, 'Met');
  for (const item of ['criterion-exclusion-0', 'criterion-exclusion-1']) choose(item, 'Not met');
};

const unknown = { answer: 'unknown', note: '' };
const base = { id: 'ref-1', version: 2, studyVersion: 4 };
const unanswered = { inclusion: [unknown, unknown], exclusion: [unknown, unknown] };

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});

beforeEach(() => {
  pending = [reference(1), reference(2), reference(3)];
  decided = [];
  backend.reset(server() as never);
});

describe('triage queue', () => {
  it('asks for the pending referrals oldest first and shows the first, with the count and its position', async () => {
    await renderTriage();
    await checklistShown();
    expect(backend.callsOf('references-list')).toEqual([
      { status: 'Pending', sort: 'createdAt:asc', page: 1, pageSize: 50 },
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Triage references');
    expect(screen.getByTestId('triage-count').textContent).toBe('3 pending');
    const shown = current();
    expect(within(shown).getByRole('heading', { level: 2 }).textContent).toBe('Reference 1 of 3');
    expect(shown.textContent).toContain('******0001');
    expect(shown.textContent).toContain('Dr Referer 1');
    expect(within(shown).getByTestId('triage-study-link').getAttribute('href')).toBe('/app/studies/study-1');
    expect(within(shown).getByTestId('triage-study-link').textContent).toBe(study.title);
    // Only the masked patient ID is ever shown.
    expect(shown.textContent).not.toContain('TD-0001');
    // The keys are in the buttons' names.
    expect(screen.getByTestId('triage-accept').textContent).toBe('Accept (A)');
    expect(screen.getByTestId('triage-skip').textContent).toBe('Skip (S)');
  });

  it("reads one study's queue from the URL", async () => {
    await renderTriage('/app/references/triage?study=study-1');
    await checklistShown();
    expect(backend.callsOf('references-list')).toContainEqual({
      status: 'Pending',
      sort: 'createdAt:asc',
      studyId: 'study-1',
      page: 1,
      pageSize: 50,
    });
  });

  it('makes the checklist from the criteria lines, without their bullets, every answer unknown at first', async () => {
    await renderTriage();
    await checklistShown();
    const items = (kind: string) =>
      [0, 1].map((i) => screen.getByTestId(`criterion-${kind}-${i}`).querySelector('span')?.textContent);
    expect(items('inclusion')).toEqual(['Age 18 or over', 'Type 2 diabetes diagnosed within a year']);
    expect(items('exclusion')).toEqual(['Pregnant', 'On insulin']);
    expect(screen.queryByTestId('criterion-inclusion-2')).toBeNull();
    for (const item of ['criterion-inclusion-0', 'criterion-exclusion-1']) {
      expect((within(screen.getByTestId(item)).getByLabelText('Unknown') as HTMLInputElement).checked).toBe(true);
    }
    expect(screen.getByRole('radiogroup', { name: 'Answer for: Pregnant' })).toBeTruthy();
  });

  it('shows an empty queue with a way back to the references', async () => {
    pending = [];
    await renderTriage();
    const empty = await screen.findByTestId('triage-empty');
    expect(empty.textContent).toContain('No pending references');
    expect(within(empty).getByRole('link', { name: 'Back to references' }).getAttribute('href')).toBe(
      '/app/references',
    );
  });
});

describe('triage decisions', () => {
  it('A accepts with the checklist answers, then the next referral opens', async () => {
    await renderTriage();
    await checklistShown();
    choose('criterion-inclusion-0', 'Met');
    const note = within(screen.getByTestId('criterion-inclusion-1')).getByRole('textbox');
    fireEvent.change(note, { target: { value: 'HbA1c pending' } });
    // A key typed in a text field is text, not a decision.
    press('a', note);
    expect(triageCalls()).toEqual([]);

    press('a');
    // Three criteria are still unknown: it asks once, naming how many, and sends nothing until answered.
    const confirm = await screen.findByTestId('triage-confirm-accept');
    expect(confirm.textContent).toBe('3 criteria are still unknown.Accept this reference all the same?');
    expect(screen.getByRole('dialog').textContent).toContain('Accept with unanswered criteria?');
    expect(triageCalls()).toEqual([]);
    await acceptAnyway();
    await waitFor(() =>
      expect(triageCalls()).toEqual([
        {
          ...base,
          decision: 'Accepted',
          inclusion: [
            { answer: 'met', note: '' },
            { answer: 'unknown', note: 'HbA1c pending' },
          ],
          exclusion: [unknown, unknown],
        },
      ]),
    );
    expect(await screen.findByText('Reference ******0001 accepted')).toBeTruthy();
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    expect(within(current()).getByRole('heading', { level: 2 }).textContent).toBe('Reference 1 of 2');
    // The next referral's checklist starts unanswered.
    expect(
      (within(screen.getByTestId('criterion-inclusion-0')).getByLabelText('Unknown') as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('R asks for a reason, and a note when the reason is "Other", then rejects with them', async () => {
    await renderTriage();
    await checklistShown();
    press('r');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject the reference')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(triageCalls()).toEqual([]);

    fireEvent.mouseDown(within(screen.getByTestId('reject-reason')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Other'));
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(1));
    expect(triageCalls()).toEqual([]);

    const note = within(dialog).getByTestId('reject-note');
    fireEvent.change(note, { target: { value: 'Moved abroad' } });
    // Enter rejects.
    fireEvent.keyDown(note, { key: 'Enter' });
    await waitFor(() =>
      expect(triageCalls()).toEqual([
        { ...base, ...unanswered, decision: 'Rejected', reason: 'other', reasonNote: 'Moved abroad' },
      ]),
    );
    expect(await screen.findByText('Reference ******0001 rejected')).toBeTruthy();
    await waitFor(() => expect(current().textContent).toContain('******0002'));
  });

  it('a listed reason needs no note', async () => {
    await renderTriage();
    await checklistShown();
    fireEvent.click(screen.getByTestId('triage-reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(screen.getByTestId('reject-reason')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('The patient declined'));
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    await waitFor(() =>
      expect(triageCalls()).toEqual([
        { ...base, ...unanswered, decision: 'Rejected', reason: 'declined', reasonNote: '' },
      ]),
    );
  });

  it("D marks the referral a duplicate of the same patient's earlier referral the server offers, the likeliest chosen", async () => {
    await renderTriage();
    await checklistShown();
    press('d');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Duplicate of an earlier/)).toBeTruthy();
    // The originals come from the server's own query for this referral, not from the study's list.
    await waitFor(() => expect(backend.callsOf('references-originals')).toEqual([{ id: 'ref-1' }]));
    expect(backend.callsOf('references-list')).toHaveLength(1);
    // The likeliest (the first the server answers) is chosen already: D, then the button (or Enter) decides.
    await waitFor(() =>
      expect(within(screen.getByTestId('duplicate-select')).getByTitle(/^\*{6}0000 · .+ · Accepted$/)).toBeTruthy(),
    );
    fireEvent.mouseDown(within(screen.getByTestId('duplicate-select')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('duplicate-submit'));
    await waitFor(() =>
      expect(triageCalls()).toEqual([{ ...base, ...unanswered, decision: 'Duplicate', duplicateOf: 'ref-0' }]),
    );
    expect(await screen.findByText(/\*{6}0001 marked as a duplicate/)).toBeTruthy();
  });

  it('says so when the patient has no earlier referral that can be the original', async () => {
    backend.reset(((name: string, data: Record<string, unknown>) =>
      name === 'references-originals' ? [] : server()(name, data)) as never);
    await renderTriage();
    await checklistShown();
    fireEvent.click(screen.getByTestId('triage-duplicate'));
    expect((await screen.findByTestId('duplicate-none')).textContent).toBe(
      'This patient has no earlier reference to this study that is not itself a duplicate.',
    );
    fireEvent.click(screen.getByTestId('duplicate-submit'));
    expect(await within(screen.getByRole('dialog')).findByText('This field is required')).toBeTruthy();
    expect(triageCalls()).toEqual([]);
  });

  it('S skips to the next referral without a call; skipped ones stay skipped', async () => {
    await renderTriage();
    await checklistShown();
    press('s');
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    expect(within(current()).getByRole('heading', { level: 2 }).textContent).toBe('Reference 2 of 3');
    expect(screen.getByTestId('triage-skipped').textContent).toBe('1 skipped');
    fireEvent.click(screen.getByTestId('triage-skip'));
    await waitFor(() => expect(current().textContent).toContain('******0003'));
    press('s');
    expect((await screen.findByTestId('triage-all-skipped')).textContent).toContain('Only skipped references remain');
    expect(triageCalls()).toEqual([]);
  });

  it('? lists the keys', async () => {
    await renderTriage();
    await checklistShown();
    press('?');
    const keys = await screen.findByTestId('triage-keys');
    const rows = within(keys)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'AAccept the reference (asks first when the checklist does not match or has unknown criteria)',
      'RReject it, with a reason',
      'DMark it as a duplicate of an earlier reference',
      'SSkip to the next one; it comes back when the screen reloads',
      'UUndo the last decision (while its message offers it, ten seconds)',
      '?Show this list',
    ]);
    // While it is open the decision keys do nothing.
    press('a');
    expect(triageCalls()).toEqual([]);
  });

  it('accepting with an exclusion criterion met asks first, then sends the confirmation', async () => {
    await renderTriage();
    await checklistShown();
    choose('criterion-exclusion-0', 'Met');
    press('a');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Accept against the checklist?');
    expect(triageCalls()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept anyway' }));
    await waitFor(() =>
      expect(triageCalls()).toEqual([
        {
          ...base,
          decision: 'Accepted',
          confirmed: true,
          inclusion: [unknown, unknown],
          exclusion: [{ answer: 'met', note: '' }, unknown],
        },
      ]),
    );
    await waitFor(() => expect(current().textContent).toContain('******0002'));
  });

  it('when a colleague decided first, says so and moves on to the next referral', async () => {
    backend.reset(
      server(() => {
        throw callableError('failed-precondition', { key: 'errors.alreadyDecided' });
      }) as never,
    );
    await renderTriage();
    await checklistShown();
    answerAll();
    press('a');
    expect(await screen.findByText('Someone else has already decided this reference.')).toBeTruthy();
    await waitFor(() => expect(current().textContent).toContain('******0002'));
  });

  it("when the study's criteria changed, reloads them and keeps the referral open", async () => {
    const changed = { ...study, version: 5, exclusionCriteria: 'Pregnant' };
    backend.reset(((name: string, data: Record<string, unknown>) => {
      if (name === 'references-triage') {
        throw callableError('failed-precondition', { key: 'errors.criteriaChanged' });
      }
      if (name === 'studies-get') return backend.callsOf('references-triage').length ? changed : study;
      return server()(name, data);
    }) as never);
    await renderTriage();
    await checklistShown();
    answerAll();
    press('a');
    expect(await screen.findByText(/The study's criteria changed/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('criterion-exclusion-1')).toBeNull());
    expect(current().textContent).toContain('******0001');
    // The new checklist starts unanswered: accepting now asks first.
    press('a');
    await acceptAnyway();
    await waitFor(() => expect(triageCalls()).toHaveLength(2));
    expect(triageCalls()[1]).toMatchObject({ studyVersion: 5, exclusion: [unknown] });
  });
});

describe('triage safeguards', () => {
  it('A with every criterion answered accepts at once, without asking', async () => {
    await renderTriage();
    await checklistShown();
    answerAll();
    press('a');
    await waitFor(() => expect(triageCalls()).toHaveLength(1));
    expect(triageCalls()[0]).toMatchObject({
      decision: 'Accepted',
      exclusion: [
        { answer: 'notMet', note: '' },
        { answer: 'notMet', note: '' },
      ],
    });
    expect(triageCalls()[0]).not.toHaveProperty('confirmed');
    expect(screen.queryByTestId('triage-confirm-accept')).toBeNull();
  });

  it("a decision's message offers Undo: the referral is pending again, at the version the decision produced, and opens again", async () => {
    await renderTriage();
    await checklistShown();
    answerAll();
    press('a');
    const decidedMessage = await screen.findByTestId('triage-decided');
    expect(decidedMessage.textContent).toMatch(/\*{6}0001 accepted/);
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    const undoButton = within(decidedMessage).getByTestId('triage-undo');
    expect(undoButton.textContent).toBe('Undo (U)');
    expect(undoButton.getAttribute('aria-keyshortcuts')).toBe('U');
    fireEvent.click(undoButton);
    await waitFor(() => expect(backend.callsOf('references-undoTriage')).toEqual([{ id: 'ref-1', version: 3 }]));
    expect(await screen.findByText('Decision on reference ******0001 undone: it is pending again')).toBeTruthy();
    // Back in the queue, oldest first: it is the one on screen again, with the count restored.
    await waitFor(() => expect(current().textContent).toContain('******0001'));
    expect(screen.getByTestId('triage-count').textContent).toBe('3 pending');
    expect(screen.queryByTestId('triage-decided')).toBeNull();
    // Its checklist as it was answered, to decide again from.
    const checked = (item: string, label: string) =>
      (within(screen.getByTestId(item)).getByLabelText(label) as HTMLInputElement).checked;
    await waitFor(() => expect(checked('criterion-inclusion-1', 'Met')).toBe(true));
    expect(checked('criterion-exclusion-0', 'Not met')).toBe(true);
  });

  it('U undoes the last decision from the keyboard; with none to undo it does nothing', async () => {
    await renderTriage();
    await checklistShown();
    press('u');
    expect(backend.callsOf('references-undoTriage')).toEqual([]);
    fireEvent.click(screen.getByTestId('triage-reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(screen.getByTestId('reject-reason')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('The patient declined'));
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    await screen.findByTestId('triage-decided');
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    press('u');
    await waitFor(() => expect(backend.callsOf('references-undoTriage')).toEqual([{ id: 'ref-1', version: 3 }]));
    await waitFor(() => expect(current().textContent).toContain('******0001'));
    // Once undone, U has nothing left to undo.
    press('u');
    expect(backend.callsOf('references-undoTriage')).toHaveLength(1);
  });

  it('an undo the server refuses says why, and the referral stays decided', async () => {
    backend.reset(((name: string, data: Record<string, unknown>) => {
      if (name === 'references-undoTriage') throw callableError('failed-precondition', { key: 'errors.staleVersion' });
      return server()(name, data);
    }) as never);
    await renderTriage();
    await checklistShown();
    answerAll();
    press('a');
    await screen.findByTestId('triage-decided');
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    press('u');
    await waitFor(() => expect(backend.callsOf('references-undoTriage')).toHaveLength(1));
    expect(await screen.findByText(/^This record was changed by someone else/)).toBeTruthy();
    expect(current().textContent).toContain('******0002');
  });
});

describe('triage loading', () => {
  it("asks for the filtered study's criteria beside the queue, not after it", async () => {
    let answerList: () => void = () => undefined;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    backend.reset(((name: string, data: Record<string, unknown>) => {
      const answer = server()(name, data);
      return name === 'references-list' ? listAnswered.then(() => answer) : answer;
    }) as never);
    await renderTriage('/app/references/triage?study=study-1');
    // The queue has not answered yet, and the study is already asked for.
    await waitFor(() => expect(backend.callsOf('studies-get')).toEqual([{ id: 'study-1' }]));
    expect(screen.queryByTestId('triage-current')).toBeNull();
    answerList();
    await checklistShown();
    // Read once: the referral's checklist uses the study already loaded.
    expect(backend.callsOf('studies-get')).toEqual([{ id: 'study-1' }]);
  });

  it("loads the next referral's study while the coordinator reads the current one", async () => {
    const other: Study = { ...study, id: 'study-2', title: 'Another study' };
    pending = [reference(1), reference(2, { studyId: other.id, studyTitle: other.title }), reference(3)];
    backend.reset(((name: string, data: Record<string, unknown>) =>
      name === 'studies-get' && data.id === other.id ? other : server()(name, data)) as never);
    await renderTriage();
    await checklistShown();
    await waitFor(() => expect(backend.callsOf('studies-get')).toContainEqual({ id: 'study-2' }));
    expect(current().textContent).toContain('******0001');
    expect(triageCalls()).toEqual([]);
    // The next referral opens with its checklist at once: no second read of its study.
    press('s');
    await waitFor(() => expect(current().textContent).toContain('******0002'));
    expect(screen.getByTestId('criterion-inclusion-0')).toBeTruthy();
    expect(backend.callsOf('studies-get').filter((call) => (call as { id: string }).id === 'study-2')).toHaveLength(1);
  });
});

describe('reference edit screen', () => {
  const decided = reference(9, {
    status: 'Rejected',
    decidedAt: '2025-05-20T14:30:00.000Z',
    decidedBy: 'editor-uid',
    triage: {
      decision: 'Rejected',
      inclusion: [
        { criterion: 'Age 18 or over', answer: 'met', note: '' },
        { criterion: 'Type 2 diabetes diagnosed within a year', answer: 'notMet', note: 'Diagnosed in 2019' },
      ],
      exclusion: [{ criterion: 'Pregnant', answer: 'unknown', note: '' }],
      reason: 'inclusionNotMet',
      reasonNote: 'Diagnosis too old',
      confirmed: false,
      message: '',
    },
  });
  const history = {
    items: [
      {
        id: 'a1',
        at: '2025-05-20T14:30:00.000Z',
        actorUid: 'editor-uid',
        actorEmail: 'editor@trialdesk.test',
        actorName: 'Eddie Tor',
        action: 'update',
        entity: 'references',
        entityId: 'ref-9',
        changes: { status: { from: 'Pending', to: 'Rejected' } },
        people: {},
      },
    ],
    total: 1,
    page: 1,
    pageSize: 50,
  };

  it('shows the decision above the form: status, who and when, the reason and note, the checklist answers', async () => {
    backend.reset((name, data) => {
      if (name === 'references-get') return decided;
      if (name === 'audit-list') return history;
      return server()(name, data as Record<string, unknown>);
    });
    const ReferenceEdit = screenOf(referencesResource, 'edit');
    await renderRoutes(
      [
        {
          path: '/app/references/:id',
          element: (
            <AntApp>
              <ReferenceEdit />
            </AntApp>
          ),
        },
      ],
      '/app/references/ref-9',
    );
    const decision = await screen.findByTestId('reference-decision');
    expect(within(decision).getByRole('heading', { level: 2 }).textContent).toBe('Decision');
    expect(decision.textContent).toContain('Rejected');
    // Who decided, by name.
    await waitFor(() => expect(decision.textContent).toContain('by Eddie Tor'));
    expect(decision.textContent).toContain('An inclusion criterion is not met');
    expect(decision.textContent).toContain('Diagnosis too old');
    const rows = (kind: string) => cellTexts(within(decision).getByTestId(`decision-${kind}`));
    expect(rows('inclusion')).toEqual([
      ['Age 18 or over', 'Met', '—'],
      ['Type 2 diabetes diagnosed within a year', 'Not met', 'Diagnosed in 2019'],
    ]);
    expect(rows('exclusion')).toEqual([['Pregnant', 'Unknown', '—']]);
    // The history panel's request serves the decision too.
    expect(backend.callsOf('audit-list')).toHaveLength(1);
  });
});

describe('references list', () => {
  it('links to the triage screen beside Create', async () => {
    const ReferencesList = screenOf(referencesResource, 'list');
    await renderRoutes(
      [
        {
          path: '/app/references',
          element: (
            <AntApp>
              <ReferencesList />
            </AntApp>
          ),
        },
      ],
      '/app/references',
    );
    const link = await screen.findByTestId('list-triage');
    expect(link.getAttribute('href')).toBe('/app/references/triage');
    expect(link.textContent).toBe('Triage');
  });
});
