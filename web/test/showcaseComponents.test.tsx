// Tests of the showcase's UI components pages through the app's routes: each opens with its title and examples, the
// live ones answer (toasts, dialogs, drawer, countdowns), and a page reads in French.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { routes } from '../src/shell/routes';
import { renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
});
/** What the pages log as errors or warnings (antd's deprecation warnings among them): the browser tests fail on any. */
let logged: string[] = [];
/** Redux Toolkit's development-only checks say when they took long: that is the machine's speed, not the page's doing. */
const SLOW_CHECK = /Middleware took \d+ms, which is more than the warning threshold/;
beforeEach(async () => {
  logged = [];
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (!SLOW_CHECK.test(text)) logged.push(text);
    });
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(logged).toEqual([]);
});

/** Opens a components page, signed in, and waits for its title (the page's chunk and words load first). */
async function open(name: string, title: string) {
  await renderRoutes(routes, `/ui/components/${name}`);
  await screen.findByRole('heading', { level: 1, name: title });
}

/** Is an antd dialog shown? antd keeps a closed one in the page, hidden by its wrapper. */
function shown(dialog: HTMLElement): boolean {
  const wrap = dialog.closest<HTMLElement>('.ant-modal-wrap, .ant-drawer');
  return !wrap || (wrap.style.display !== 'none' && !wrap.className.includes('-hidden'));
}

describe('UI components pages', () => {
  it.each([
    ['accordion', 'Accordion', 'Accordion mode'],
    ['alert', 'Alert', 'Error with a retry'],
    ['avatar', 'Avatar', 'Initials'],
    ['badge', 'Badge', 'Count'],
    ['breadcrumb', 'Breadcrumb', 'With a menu'],
    ['button', 'Button', 'Danger, disabled and loading'],
    ['countdown', 'Countdown', 'Enrolment window'],
    ['drawer', 'Drawer', 'Placement'],
    ['dropdown', 'Dropdown', 'Split button'],
    ['loading', 'Loading', 'Skeleton'],
    ['menu', 'Menu', 'Inline'],
    ['modal', 'Modal', 'Confirmation'],
    ['pagination', 'Pagination', 'Full'],
    ['progress', 'Progress', 'Steps'],
    ['step', 'Steps', 'The reference workflow'],
    ['tab', 'Tabs', 'Card'],
    ['timeline', 'Timeline', "A reference's path"],
    ['toast', 'Toast', 'Notification'],
    ['tooltip', 'Tooltip', 'Icon buttons'],
  ])('/ui/components/%s opens with its title %s and its examples', async (name, title, example) => {
    await open(name, title);
    expect(screen.getByRole('heading', { level: 2, name: example })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(2);
  });

  it('a toast button shows its message, and a notification its title', async () => {
    await open('toast', 'Toast');
    fireEvent.click(screen.getByRole('button', { name: 'Success' }));
    expect(await screen.findByText('Study CARDIO-HF 2 saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show a notification' }));
    expect(await screen.findByText('New reference for CARDIO-HF 2')).toBeTruthy();
  });

  it('the custom dialog opens and closes; the confirmation deletes only after its OK', async () => {
    await open('modal', 'Modal');
    fireEvent.click(screen.getByRole('button', { name: 'Invite a study contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a study contact' });
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(shown(dialog)).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Delete reference REF-0042' }));
    // Found by its visible title: the test environment gives every element the same id, so names by id mislead.
    const title = await screen.findByText('Delete reference REF-0042?', { selector: '.ant-modal-confirm-title' });
    const confirm = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(screen.queryByText(/Reference REF-0042 deleted/)).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Reference REF-0042 deleted/)).toBeTruthy();
  });

  it('the drawer opens with the study contact', async () => {
    await open('drawer', 'Drawer');
    fireEvent.click(screen.getByRole('radio', { name: 'Left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the study contact' }));
    const drawer = await screen.findByRole('dialog', { name: 'Marie Tremblay' });
    expect(within(drawer).getByText('marie.tremblay@trialdesk.test')).toBeTruthy();
    expect(drawer.closest('.ant-drawer-left')).toBeTruthy();
  });

  it('the countdowns show the time left, and the idle one starts on demand', async () => {
    await open('countdown', 'Countdown');
    const enrolment = screen.getByTestId('enrolment-countdown');
    await waitFor(() => expect(enrolment.textContent).toMatch(/1[12] days \d\d:\d\d:\d\d/));

    fireEvent.click(screen.getByRole('button', { name: 'Simulate inactivity' }));
    expect(await screen.findByText('Signed out in')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^00:(30|29|28)$/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(await screen.findByRole('button', { name: 'Simulate inactivity' })).toBeTruthy();
  });

  it("an actions menu says what was chosen, and a split button's main action answers", async () => {
    await open('dropdown', 'Dropdown');
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    expect(await screen.findByText('Chosen: Export as CSV')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the reference' }));
    expect(await screen.findByText('Chosen: Accept the reference')).toBeTruthy();
  });

  it('an error alert retries and then shows the loaded references', async () => {
    await open('alert', 'Alert');
    expect(screen.getByText('The references could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('References loaded: 12 pending, 30 accepted.')).toBeTruthy();
  });

  it('the badge counts down as requests are approved', async () => {
    await open('badge', 'Badge');
    expect(screen.getByRole('button', { name: 'Access requests: 3 pending' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve a request' }));
    expect(await screen.findByRole('button', { name: 'Access requests: 2 pending' })).toBeTruthy();
  });

  it('the steps move the reference along', async () => {
    await open('step', 'Steps');
    expect(screen.getByText('Step 2 of 4: Pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Step 3 of 4: Screening visit')).toBeTruthy();
  });

  it('recruiting a patient moves the progress bars', async () => {
    await open('progress', 'Progress');
    expect(screen.getByText('34 of 50 patients recruited')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recruit a patient' }));
    expect(await screen.findByText('35 of 50 patients recruited')).toBeTruthy();
    expect(
      screen.getAllByRole('progressbar', { name: 'Recruitment of CARDIO-HF 2' })[0].getAttribute('aria-valuenow'),
    ).toBe('70');
  });

  it('reads in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    await open('alert', 'Alerte');
    expect(screen.getByRole('heading', { level: 2, name: 'Avertissement' })).toBeTruthy();
    expect(screen.getByText('La version 3 du formulaire de consentement expire dans 14 jours')).toBeTruthy();
  });
});
