// Sign-in: deep links come back after sign-in (redirectTo), external and public redirects do not, and an account
// without access asks for it, gets approved by an Admin (warned that its address is unverified), then gets in.
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  columnTexts,
  useBrowser,
  env,
  newPage,
  shown,
  signedInApplicant,
  signIn,
  submitLogin,
  tableRows,
  textBecomes,
  uniqueWord,
  userRow,
} from '../src/harness.js';

const browser = useBrowser();

describe('sign-in', () => {
  it('brings the Admin from a protected deep link to the login page and back, with the filter applied', async () => {
    const page = await newPage(browser());
    await page.goto('/app/studies?status=Recruiting');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/app/studies?status=Recruiting');

    await submitLogin(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/app/studies');
    expect(new URL(page.url()).search).toBe('?status=Recruiting');
    // The filter shows the status and every row is a Recruiting study.
    await textBecomes(page.getByTestId('filter-status'), /Recruiting/);
    await shown(tableRows(page));
    const statuses = await columnTexts(page, 'Status');
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Recruiting']));
    await page.context().close();
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    // Dot segments and percent-encoded slashes that become `//evil.example` once resolved or decoded.
    '/..//evil.example',
    '/%2F%2Fevil.example',
    // A public page is no destination either.
    '/support',
  ])('lands on the app, not on an external or public redirectTo (%s)', async (redirectTo) => {
    const page = await newPage(browser());
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`);
    await submitLogin(page, ADMIN);
    await page.getByTestId('user-menu').waitFor();
    const url = new URL(page.url());
    expect(url.origin).toBe(env.baseUrl);
    expect(url.pathname).toBe('/');
    await shown(page.getByRole('heading', { name: 'Studies' }));
    await page.context().close();
  });

  it('signs in through /auth/login?redirectTo=/..//evil.example onto / of the app; a good redirectTo is followed', async () => {
    const page = await newPage(browser());
    // As typed in the address bar, unencoded.
    await page.goto('/auth/login?redirectTo=/..//evil.example');
    await submitLogin(page, ADMIN);
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).origin).toBe(env.baseUrl);
    expect(new URL(page.url()).pathname).toBe('/');
    await shown(page.getByRole('heading', { name: 'Studies' }));
    await page.context().close();

    const other = await newPage(browser());
    await other.goto(`/auth/login?redirectTo=${encodeURIComponent('/app/references?status=Pending')}`);
    await submitLogin(other, ADMIN);
    await other.waitForURL((url) => url.pathname === '/app/references');
    expect(new URL(other.url()).search).toBe('?status=Pending');
    await shown(other.getByRole('heading', { name: 'References' }));
    await other.context().close();
  });

  it('refuses an unapproved account until it asks for access and an Admin approves it', async () => {
    const word = uniqueWord('newcomer');
    const email = `${word}@trialdesk.test`;
    const password = 'e2e-password-1';
    const applicant = await signedInApplicant(browser(), email, password, 'Nouvelle Recrue');
    await textBecomes(
      applicant.getByTestId('access-refused').locator('.ant-alert-title'),
      "You don't have permission to access this page",
    );
    await applicant.getByTestId('request-access').click();
    await textBecomes(
      applicant.getByTestId('request-sent'),
      'Your request was sent. An administrator must approve it.',
    );
    // Still signed out: the protected app sends it back to the login page.
    await applicant.goto('/app/studies');
    await applicant.waitForURL((url) => url.pathname === '/auth/login');

    const admin = await newPage(browser());
    await signIn(admin, ADMIN);
    const row = await userRow(admin, word, email);
    const cells = row.locator('td');
    await textBecomes(cells.nth(2), 'Not verified');
    await textBecomes(cells.nth(3), 'Password');
    await textBecomes(cells.nth(5), 'Pending approval');
    await row.getByRole('button', { name: 'Approve' }).click();
    // A password account whose address nobody verified: a dialog warns first.
    const dialog = admin.getByRole('dialog');
    await shown(dialog.getByText('This email address is not verified: anyone can register with it. Approve anyway?'));
    await dialog.getByRole('button', { name: 'Approve anyway' }).click();
    await shown(admin.getByText('User approved'));
    await admin.context().close();

    await applicant.goto('/auth/login');
    await submitLogin(applicant, email, password);
    await applicant.waitForURL((url) => url.pathname === '/');
    await shown(applicant.getByRole('heading', { name: 'Studies' }));
    await shown(tableRows(applicant));
    await applicant.context().close();
  });
});
