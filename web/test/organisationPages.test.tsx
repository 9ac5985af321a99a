// The public pages name the deployment's organisation and its contact points, as its build sets them, in English
// and French (docs/operations.md, "Configuration").
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// A deployment's values, set before any module of the app reads them (the build's own, here the test's).
const configured = vi.hoisted(() => {
  const values = {
    VITE_ORGANISATION_NAME: 'Centre de recherche Laurentides',
    VITE_SUPPORT_EMAIL: 'aide@crl.example.org',
    VITE_PRIVACY_POLICY_URL: 'https://crl.example.org/confidentialite',
    VITE_DATA_DELETION_EMAIL: 'vie-privee@crl.example.org',
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return values;
});

const { i18n } = await import('../src/core/i18n');
const { routes } = await import('../src/shell/routes');
const { renderRoutes } = await import('./renderApp');
const { initFirebase } = await import('../src/core/firebase');

// The portal's sign-in reads the Auth client.
beforeAll(() => initFirebase());

const footer = () => document.querySelector('footer') as HTMLElement;

describe('the organisation on the public pages', () => {
  it('support: who runs it, its support address and privacy policy, in both languages', async () => {
    await act(() => i18n.changeLanguage('en'));
    await renderRoutes(routes, '/support', { user: null });
    const intro = await screen.findByText(/runs this TrialDesk/);
    expect(intro.textContent).toBe(
      'Centre de recherche Laurentides runs this TrialDesk, a back office reserved for authorised healthcare staff of participating study teams.',
    );
    expect(screen.getByRole('link', { name: configured.VITE_SUPPORT_EMAIL }).getAttribute('href')).toBe(
      'mailto:aide@crl.example.org',
    );
    expect(screen.getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href')).toBe(
      configured.VITE_PRIVACY_POLICY_URL,
    );
    expect(
      screen.getByText(
        'How Centre de recherche Laurentides handles personal information is described in its privacy policy.',
      ),
    ).toBeTruthy();
    expect(within(footer()).getByText('© Centre de recherche Laurentides')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/trialdesk\.test|TrialDesk demo/);

    await act(() => i18n.changeLanguage('fr'));
    expect(
      await screen.findByText(
        'Ce TrialDesk, offert par Centre de recherche Laurentides, est un outil de gestion réservé au personnel de santé autorisé des équipes d’étude participantes.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lire la politique de confidentialité' }).getAttribute('href')).toBe(
      configured.VITE_PRIVACY_POLICY_URL,
    );
  });

  it('data deletion: whom to write to and who holds the information, in both languages', async () => {
    await act(() => i18n.changeLanguage('en'));
    await renderRoutes(routes, '/data-deletion-request', { user: null });
    expect(
      await screen.findByText(/you may ask Centre de recherche Laurentides to delete personal information about you/),
    ).toBeTruthy();
    expect(
      screen.getByText(/in charge of the protection of personal information at vie-privee@crl\.example\.org\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: configured.VITE_DATA_DELETION_EMAIL }).getAttribute('href')).toBe(
      'mailto:vie-privee@crl.example.org',
    );
    expect(within(footer()).getByText('© Centre de recherche Laurentides')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/trialdesk\.test|TrialDesk demo/);

    await act(() => i18n.changeLanguage('fr'));
    expect(
      await screen.findByText(
        /vous pouvez demander à l’organisation Centre de recherche Laurentides de supprimer les renseignements personnels/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/protection des renseignements personnels à vie-privee@crl\.example\.org\./)).toBeTruthy();
  });

  it('the referral portal’s sign-in: its footer names the organisation', async () => {
    await act(() => i18n.changeLanguage('en'));
    await renderRoutes(routes, '/refer/login', { user: null });
    await screen.findByLabelText('Password');
    expect(within(footer()).getByText('© Centre de recherche Laurentides')).toBeTruthy();
    expect(within(footer()).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
  });
});
