// Tests of the referral portal's pages for a signed-in referrer: the recruiting studies and their search, the refer
// form (validation, the checklist in criteria order, the confirmation, the server's refusals), and My referrals.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, Referral, ReferralStudy, User } from '@trialdesk/shared';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { routes } from '../src/shell/routes';
import { backend, callableError } from './fakeCallables';
import { locationOf, REFERRER, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const HEART: ReferralStudy = {
  id: 'study-heart',
  version: 4,
  title: 'Heart failure after discharge',
  summary: 'Follow-up of patients\ndischarged after heart failure.',
  conditions: ['Heart failure', 'Cardiomyopathy'],
  specialty: 'Cardiology',
  // Three inclusion lines and two exclusion lines as criteriaLines reads them (bullets dropped, blank lines skipped).
  inclusionCriteria: '1. Adults 18 or older\n2. Discharged within 30 days\n\n3) Ejection fraction below 40%',
  exclusionCriteria: '- Pregnancy\n• Dialysis',
  startDate: '2026-01-15',
  endDate: '2027-06-30',
};
const SKIN: ReferralStudy = {
  ...HEART,
  id: 'study-skin',
  title: 'Atopic dermatitis in children',
  summary: '',
  conditions: ['Eczema'],
  specialty: 'Dermatology',
  inclusionCriteria: '',
  exclusionCriteria: '',
  startDate: null,
  endDate: null,
};

const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });
const me = (phone: string): MeResponse => ({
  uid: REFERRER.id,
  email: REFERRER.email,
  claims: { role: 'User', isRoleApproved: true },
  user: { id: REFERRER.id, phone, role: 'User', roleApproved: true } as User,
});

const referral = (fields: Partial<Referral>): Referral => ({
  id: 'r1',
  studyId: HEART.id,
  studyTitle: HEART.title,
  patientIdMasked: '******7890',
  createdAt: '2026-11-20T14:05:00.000Z',
  status: 'received',
  message: '',
  decidedAt: null,
  ...fields,
});

/** The portal's server: the studies (filtered by id as the callable is), users-me, and `answers` for the rest. */
function server(answers: Record<string, (data: unknown) => unknown> = {}, phone = '') {
  backend.reset((name, data) => {
    if (answers[name]) return answers[name](data);
    if (name === 'users-me') return me(phone);
    if (name === 'referrals-studies') {
      const { id } = data as { id?: string };
      return page(id ? [HEART, SKIN].filter((study) => study.id === id) : [HEART, SKIN]);
    }
    if (name === 'referrals-list') return page<Referral>([]);
    throw new Error(`unexpected call of ${name}`);
  });
}

beforeAll(async () => {
  await initFirebase();
});
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('recruiting studies', () => {
  it('shows each study’s title, specialty, conditions, dates, summary and criteria lines, with Refer a patient', async () => {
    server();
    await renderRoutes(routes, '/refer', { user: REFERRER });
    const cards = await screen.findAllByTestId('study-card');
    expect(cards).toHaveLength(2);
    const heart = cards[0];
    expect(within(heart).getByRole('heading', { level: 2 }).textContent).toBe('Heart failure after discharge');
    expect(within(heart).getByTestId('study-specialty').textContent).toBe('Cardiology');
    expect(within(heart).getByTestId('study-conditions').textContent).toContain('Cardiomyopathy');
    expect(within(heart).getByTestId('study-period').textContent).toBe('Jan 15, 2026 to Jun 30, 2027');
    expect(within(heart).getByTestId('study-summary').textContent).toBe(HEART.summary);
    const lines = (kind: string) =>
      within(within(heart).getByTestId(`criteria-${kind}`))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(lines('inclusion')).toEqual([
      'Adults 18 or older',
      'Discharged within 30 days',
      'Ejection fraction below 40%',
    ]);
    expect(lines('exclusion')).toEqual(['Pregnancy', 'Dialysis']);
    expect(within(heart).getByTestId('refer-patient').getAttribute('href')).toBe('/refer/studies/study-heart');
    // A study without dates or criteria says so rather than showing empty parts.
    expect(within(cards[1]).queryByTestId('study-period')).toBeNull();

    await act(() => i18n.changeLanguage('fr'));
    expect(within(heart).getByTestId('study-specialty').textContent).toBe('Cardiologie');
    expect(within(heart).getByTestId('study-period').textContent).toBe('Du 15 janv. 2026 au 30 juin 2027');
    expect(within(heart).getByTestId('refer-patient').textContent).toBe('Adresser un patient');
  });

  it('searches by the words typed, from page 1, keeping them in the address', async () => {
    server();
    const { router } = await renderRoutes(routes, '/refer?page=2', { user: REFERRER });
    await screen.findAllByTestId('study-card');
    expect(backend.callsOf('referrals-studies')).toEqual([{ page: 2, pageSize: 20 }]);
    fireEvent.change(within(screen.getByTestId('study-search')).getByRole('searchbox'), {
      target: { value: 'heart failure' },
    });
    await waitFor(() =>
      expect(backend.callsOf('referrals-studies').at(-1)).toEqual({ page: 1, pageSize: 20, search: 'heart failure' }),
    );
    expect(locationOf(router)).toBe('/refer?search=heart+failure');
  });

  it('says when no recruiting study matches', async () => {
    server({ 'referrals-studies': () => page([]) });
    await renderRoutes(routes, '/refer', { user: REFERRER });
    expect(await screen.findByText('No recruiting study matches.')).toBeTruthy();
  });
});

/** Fills the refer form's required fields with good values (the phone unless `phone` is null: the one on record). */
function fillForm(form: HTMLElement, phone: string | null = '514 555-0199') {
  fireEvent.change(within(form).getByLabelText('Patient identifier'), { target: { value: 'RAMQ-1234567890' } });
  fireEvent.change(within(form).getByLabelText('Year of birth'), { target: { value: '1961' } });
  fireEvent.click(within(form).getByRole('radio', { name: 'Female' }));
  if (phone !== null) fireEvent.change(within(form).getByLabelText('Your phone number'), { target: { value: phone } });
  fireEvent.click(within(form).getByTestId('consent'));
}

const answer = (form: HTMLElement, kind: string, index: number, value: string) =>
  fireEvent.click(within(within(form).getByTestId(`checklist-${kind}-${index}`)).getByRole('radio', { name: value }));

describe('refer a patient', () => {
  it('checks each field with the shared rules before sending anything', async () => {
    server();
    await renderRoutes(routes, '/refer/studies/study-heart', { user: REFERRER });
    const form = await screen.findByTestId('refer-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HEART.title);
    expect(screen.getByTestId('note-warning').textContent).toBe(
      'Do not write the patient’s name or any identifier in this note.',
    );
    expect(within(form).getByText(/masked as soon as it arrives and never stored as typed/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Patient identifier'), { target: { value: 'Jo Roy!' } });
    fireEvent.change(within(form).getByLabelText('Year of birth'), { target: { value: '1850' } });
    fireEvent.change(within(form).getByLabelText('Your phone number'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByTestId('refer-submit'));
    expect(await within(form).findByText('Use letters, digits and dashes only')).toBeTruthy();
    const year = new Date().getUTCFullYear();
    expect(within(form).getByText(`Enter a year of birth between ${year - 130} and ${year}`)).toBeTruthy();
    expect(within(form).getByText('Enter a valid phone number')).toBeTruthy();
    expect(within(form).getByText('Confirm that the patient agreed to be contacted by the study team')).toBeTruthy();
    // Sex: required.
    expect(within(form).getAllByText('This field is required')).toHaveLength(1);
    expect(backend.callsOf('referrals-create')).toEqual([]);
  });

  it('sends the checklist in the criteria’s order (Unknown unless answered) and confirms with the masked identifier', async () => {
    server({ 'referrals-create': () => referral({ patientIdMasked: '***********7890' }) }, '514 555-0100');
    const { router, store } = await renderRoutes(routes, '/refer/studies/study-heart', { user: REFERRER });
    const form = await screen.findByTestId('refer-form');
    // The referrer's phone on record, ready.
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('Your phone number').value).toBe('514 555-0100'),
    );
    const items = (kind: string) =>
      within(within(form).getByTestId(`checklist-${kind}`))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.ant-typography')?.textContent);
    expect(items('inclusion')).toEqual([
      'Adults 18 or older',
      'Discharged within 30 days',
      'Ejection fraction below 40%',
    ]);
    expect(items('exclusion')).toEqual(['Pregnancy', 'Dialysis']);
    fillForm(form, null);
    answer(form, 'inclusion', 0, 'Met');
    answer(form, 'inclusion', 2, 'Not met');
    answer(form, 'exclusion', 1, 'Met');
    fireEvent.change(within(form).getByLabelText('Note to the study team (optional)'), {
      target: { value: 'Seen twice\n  since June' },
    });
    fireEvent.click(screen.getByTestId('refer-submit'));

    expect(await screen.findByTestId('referral-sent')).toBeTruthy();
    expect(backend.callsOf('referrals-create')).toEqual([
      {
        studyId: 'study-heart',
        patientId: 'RAMQ-1234567890',
        birthYear: 1961,
        sex: 'female',
        checklist: { inclusion: ['met', 'unknown', 'notMet'], exclusion: ['unknown', 'met'] },
        note: 'Seen twice\n  since June',
        consentToContact: true,
        phone: '514 555-0100',
      },
    ]);
    expect(screen.getByTestId('referral-sent-text').textContent).toBe(
      'The study team received your referral of patient ***********7890. You will see their decision in My referrals.',
    );
    // The raw identifier is nowhere: not in the address, not in the store, not in the page.
    expect(locationOf(router)).toBe('/refer/studies/study-heart');
    expect(JSON.stringify(store.getState())).not.toContain('1234567890');
    expect(document.body.textContent).not.toContain('RAMQ');
    expect(screen.getByTestId('to-referrals').getAttribute('href')).toBe('/refer/referrals');

    fireEvent.click(screen.getByTestId('refer-another'));
    const again = await screen.findByTestId('refer-form');
    expect(within(again).getByLabelText<HTMLInputElement>('Patient identifier').value).toBe('');
  });

  it.each([
    ['already-exists', { key: 'errors.alreadyReferred' }, 'This patient has already been referred to this study.'],
    [
      'resource-exhausted',
      { key: 'errors.referralLimit', params: { max: 30 } },
      'You have made 30 referrals today, the most a day allows. Try again tomorrow.',
    ],
    ['failed-precondition', { key: 'errors.studyNotRecruiting' }, 'This study is no longer recruiting.'],
  ])('shows the server’s %s refusal %j in words', async (code, details, text) => {
    server({
      'referrals-create': () => {
        throw callableError(code, details);
      },
    });
    await renderRoutes(routes, '/refer/studies/study-heart', { user: REFERRER });
    const form = await screen.findByTestId('refer-form');
    fillForm(form);
    fireEvent.click(screen.getByTestId('refer-submit'));
    expect((await screen.findByTestId('refer-refused')).textContent).toBe(text);
    expect(screen.queryByTestId('referral-sent')).toBeNull();
  });

  it('criteria changed since the page read them: says so, reads the study again and asks the new checklist', async () => {
    let criteria = HEART.exclusionCriteria;
    server({
      'referrals-studies': () =>
        page([{ ...HEART, version: criteria === HEART.exclusionCriteria ? 4 : 5, exclusionCriteria: criteria }]),
      'referrals-create': () => {
        criteria = '- Pregnancy\n- Dialysis\n- Active cancer';
        throw callableError('failed-precondition', { key: 'errors.criteriaChanged' });
      },
    });
    await renderRoutes(routes, '/refer/studies/study-heart', { user: REFERRER });
    const form = await screen.findByTestId('refer-form');
    fillForm(form);
    answer(form, 'exclusion', 1, 'Met');
    fireEvent.click(screen.getByTestId('refer-submit'));
    expect(await screen.findByTestId('refer-refused')).toBeTruthy();
    const exclusion = await within(form).findByTestId('checklist-exclusion-2');
    expect(exclusion.textContent).toContain('Active cancer');
    for (const index of [0, 1, 2]) {
      const item = within(form).getByTestId(`checklist-exclusion-${index}`);
      expect(within(item).getByRole('radio', { name: 'Unknown' })).toHaveProperty('checked', true);
    }
    // What the referrer typed about the patient stays.
    expect(within(form).getByLabelText<HTMLInputElement>('Patient identifier').value).toBe('RAMQ-1234567890');
  });

  it('puts the server’s field issues on their fields', async () => {
    server({
      'referrals-create': () => {
        throw callableError('invalid-argument', [{ path: 'phone', key: 'validation.phone' }]);
      },
    });
    await renderRoutes(routes, '/refer/studies/study-heart', { user: REFERRER });
    const form = await screen.findByTestId('refer-form');
    fillForm(form);
    fireEvent.click(screen.getByTestId('refer-submit'));
    const phone = within(form).getByLabelText('Your phone number').closest('.ant-form-item') as HTMLElement;
    expect(await within(phone).findByText('Enter a valid phone number')).toBeTruthy();
  });

  it('a study that does not recruit says so', async () => {
    server();
    await renderRoutes(routes, '/refer/studies/closed-study', { user: REFERRER });
    expect((await screen.findByTestId('study-gone')).textContent).toContain(
      'This study is not recruiting, or no longer exists.',
    );
    expect(backend.callsOf('referrals-studies')).toEqual([{ id: 'closed-study', page: 1, pageSize: 10 }]);
  });
});

describe('my referrals', () => {
  const list = page([
    referral({ id: 'a', status: 'received' }),
    referral({
      id: 'b',
      status: 'accepted',
      patientIdMasked: '******4321',
      message: 'Thank you.\n  We call her Monday.',
      decidedAt: '2026-11-22T10:00:00.000Z',
    }),
    referral({ id: 'c', status: 'notEligible', studyTitle: null, message: 'Too young.' }),
    referral({ id: 'd', status: 'alreadyReferred' }),
  ]);

  it('lists each with its masked identifier, study, date, status in words and the team’s message as written', async () => {
    server({ 'referrals-list': () => list });
    await renderRoutes(routes, '/refer/referrals', { user: REFERRER });
    const table = await screen.findByTestId('list-table');
    await waitFor(() => expect(within(table).getAllByTestId('referral-status')).toHaveLength(4));
    expect(
      within(table)
        .getAllByTestId('referral-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Received', 'Accepted', 'Not eligible', 'Already referred']);
    // Not colour alone: each status has its icon.
    for (const tag of within(table).getAllByTestId('referral-status')) expect(tag.querySelector('svg')).toBeTruthy();
    expect(within(table).getAllByTestId('referral-patient')[1].textContent).toBe('******4321');
    const messages = within(table).getAllByTestId('referral-message');
    expect(messages.map((message) => message.textContent)).toEqual(['Thank you.\n  We call her Monday.', 'Too young.']);
    expect(messages[0].style.whiteSpace).toBe('pre-wrap');
    expect(within(table).getByText('A study no longer listed')).toBeTruthy();
    expect(within(table).getAllByText('Heart failure after discharge')).toHaveLength(3);
    expect(backend.callsOf('referrals-list')).toEqual([{ page: 1, pageSize: 20 }]);

    await act(() => i18n.changeLanguage('fr'));
    expect(
      within(table)
        .getAllByTestId('referral-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Reçue', 'Acceptée', 'Non admissible', 'Déjà adressé']);
    expect(within(table).getByText('Une étude qui n’est plus listée')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mes références');
  });

  it('says when the referrer has referred no one yet', async () => {
    server();
    await renderRoutes(routes, '/refer/referrals', { user: REFERRER });
    expect(await screen.findByTestId('referrals-empty')).toBeTruthy();
  });
});
