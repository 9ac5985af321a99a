// Tests of the app's routes as the browser gets them: every resource screen at its path, guards, menu, not found.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { RESOURCES } from '../src/resources';
import { routes } from '../src/shell/routes';
import { may, pathsOf } from '../src/ui/resource/definition';
import { backend } from './fakeCallables';
import { ADMIN, renderRoutes } from './renderApp';

vi.mock('firebase/functions', async (original) => ({
  ...(await original<typeof import('firebase/functions')>()),
  httpsCallable: (await import('./fakeCallables')).fakeHttpsCallable,
}));

const EDITOR = {
  ...ADMIN,
  id: 'editor-uid',
  email: 'editor@trialdesk.test',
  displayName: 'Editor',
  role: 'Editor' as const,
};
const t = (key: string) => i18n.getFixedT('en')(key);
const heading = (text: string) => screen.findByRole('heading', { level: 1, name: text }, { timeout: 5000 });

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});
// Every list answers empty: these tests are about which screen a path opens, not its data.
beforeEach(() => backend.reset((name) => ({ items: [], total: 0, page: 1, pageSize: 20, name })));

describe('routes built from the resource definitions', () => {
  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s: the list, and the create screen where there is one, open at their paths',
    async (_name, resource) => {
      const paths = pathsOf(resource);
      await renderRoutes(routes, paths.list);
      await heading(t(`${resource.name}.title`));
      if (resource.access.create === 'none') return;
      await renderRoutes(routes, paths.create);
      await heading(t(`${resource.name}.createTitle`));
    },
  );

  it('the home page is the first resource list', async () => {
    await renderRoutes(routes, '/');
    await heading(t(`${RESOURCES[0].name}.title`));
  });

  it('an Editor gets the 403 page on an Admin-only resource, and no menu entry for it', async () => {
    const adminOnly = RESOURCES.filter((resource) => !may('Editor', resource.access.list));
    expect(adminOnly.map((resource) => resource.name)).toEqual(['users', 'accessLog']);
    for (const resource of adminOnly) {
      await renderRoutes(routes, pathsOf(resource).list, { user: EDITOR });
      await heading(t('pages.forbiddenTitle'));
      const menu = screen.getAllByRole('navigation', { name: t('menu.title') })[0];
      expect(within(menu).queryByText(t(resource.menu.label))).toBeNull();
      expect(within(menu).getByText(t(RESOURCES[0].menu.label))).toBeTruthy();
      document.body.innerHTML = '';
    }
  });

  it('a path under /app that names no screen is the signed-in not-found page', async () => {
    await renderRoutes(routes, '/app/no-such-screen');
    await waitFor(() => expect(screen.getByText(t('pages.notFound'))).toBeTruthy(), { timeout: 5000 });
  });
});
