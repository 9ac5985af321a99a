// Tests of the app's routes as the browser gets them: every resource screen, product and showcase page at its path,
// guards, menu.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { RESOURCES } from '../src/resources';
import { PRODUCT_PAGES } from '../src/resources/pages';
import { references } from '../src/resources/references';
import { PAGES, SAMPLE_RESOURCES } from '../src/showcase';
import { routes } from '../src/shell/routes';
import { may, pathsOf } from '../src/ui/resource/definition';
import { dashboardStats } from './dashboardStats';
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
const heading = (text: string) => screen.findByRole('heading', { level: 1, name: text });

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});
// Every list answers empty (and so counts nothing): these tests are about which screen a path opens, not its data.
beforeEach(() =>
  backend.reset((name) => {
    if (name === 'dashboard-stats') return dashboardStats();
    if (name === 'documents-counts') return { counts: [] };
    return { items: [], total: 0, page: 1, pageSize: 20, name };
  }),
);

describe("routes built from the resource definitions (the product's and the showcase's)", () => {
  it.each([...RESOURCES, ...SAMPLE_RESOURCES].map((resource) => [resource.name, resource] as const))(
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
    expect(adminOnly.map((resource) => resource.name)).toEqual(['users', 'accessLog', 'mail']);
    for (const resource of adminOnly) {
      await renderRoutes(routes, pathsOf(resource).list, { user: EDITOR });
      await heading(t('pages.forbiddenTitle'));
      const menu = screen.getAllByRole('navigation', { name: t('menu.title') })[0];
      expect(within(menu).queryByText(t(resource.menu.label))).toBeNull();
      expect(within(menu).getByText(t(RESOURCES[0].menu.label))).toBeTruthy();
      document.body.innerHTML = '';
    }
  });

  it('a path under /app or a showcase base that names no screen is the signed-in not-found page', async () => {
    for (const path of ['/app/no-such-screen', '/ui/components/no-such-component', '/apps']) {
      await renderRoutes(routes, path);
      await waitFor(() => expect(screen.getByText(t('pages.notFound'))).toBeTruthy());
      document.body.innerHTML = '';
    }
  });
});

describe("the product's pages", () => {
  it('/app/dashboard opens with its title, for an Editor too', async () => {
    await renderRoutes(routes, PRODUCT_PAGES[0].path, { user: EDITOR });
    await heading(t('dashboard.title'));
  });

  it('/apps/file-manager opens with its title, for an Editor too', async () => {
    await renderRoutes(routes, '/apps/file-manager', { user: EDITOR });
    await heading(t('menu.items.fileManager'));
  });

  it('the triage screen has a route but no menu entry; a reference still opens its edit form', async () => {
    expect(PRODUCT_PAGES.map((page) => [page.path, Boolean(page.menu)])).toEqual([
      ['/app/dashboard', true],
      [`${pathsOf(references).list}/triage`, false],
      ['/apps/file-manager', true],
    ]);
    // `references/triage` ranks above `references/:id`: the triage screen, not a reference named "triage".
    await renderRoutes(routes, `${pathsOf(references).list}/triage`);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).not.toBe(t('references.editTitle'));
    expect(backend.callsOf('references-get')).toEqual([]);
    document.body.innerHTML = '';
    const { router } = await renderRoutes(routes, pathsOf(references).edit('ref-1'));
    await heading(t('references.editTitle'));
    expect(backend.callsOf('references-get')).toContainEqual({ id: 'ref-1' });
    expect(router.state.location.pathname).toBe('/app/references/ref-1');
  });
});

/** A page's title where it is not its menu label: the e-commerce dashboard keeps its own, "Dashboard". */
const TITLES: Record<string, string> = { '/dashboards/ecommerce': 'menu.items.dashboard' };

describe("the template showcase's pages", () => {
  it.each(PAGES.map((page) => [page.path, page] as const))(
    '%s opens with its title, for an Editor too',
    async (path, page) => {
      await renderRoutes(routes, path, { user: EDITOR });
      await heading(t(TITLES[path] ?? page.menu?.label ?? ''));
    },
  );

  it('the menu has the app group first (the dashboard, then the resources), then Pages and UI Showcase collapsed, then Other', async () => {
    await renderRoutes(routes, pathsOf(RESOURCES[0]).list);
    await heading(t(`${RESOURCES[0].name}.title`));
    const menu = screen.getAllByRole('navigation', { name: t('menu.title') })[0];
    // Collapsed groups render no entries: the top level is all there is.
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    const labels = (group: string) =>
      RESOURCES.filter((resource) => resource.menu.group === group).map((resource) => t(resource.menu.label));
    expect(labels('other')).toEqual([t('menu.accessLog'), t('menu.mail')]);
    expect(entries).toEqual([
      t('menu.items.dashboard'),
      ...labels('app'),
      t('menu.groups.pages'),
      t('menu.groups.uiShowcase'),
      ...labels('other'),
    ]);
    // The groups' names (their icons are named too, so by their text).
    const groups = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => [t('menu.groups.pages'), t('menu.groups.uiShowcase')].includes(item.textContent ?? ''));
    expect(groups.map((group) => group.getAttribute('aria-expanded'))).toEqual(['false', 'false']);

    // The app's Dashboard entry opens the recruitment dashboard.
    fireEvent.click(within(menu).getAllByRole('menuitem')[0]);
    await heading(t('dashboard.title'));

    // Pages keeps the showcase's Dashboard submenu, with the e-commerce dashboard alone.
    fireEvent.click(within(menu).getByText(t('menu.groups.pages')));
    const pages = within(menu).getByText(t('menu.groups.pages')).closest('li') as HTMLElement;
    const showcaseDashboards = (await within(pages).findByText(t('menu.items.dashboard'))).closest('li') as HTMLElement;
    fireEvent.click(within(showcaseDashboards).getByText(t('menu.items.dashboard')));
    const ecommerce = await within(showcaseDashboards).findByText(t('menu.items.ecommerce'));
    const submenu = ecommerce.closest('ul') as HTMLElement;
    expect(
      within(submenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([t('menu.items.ecommerce')]);
    fireEvent.click(ecommerce);
    await heading(t('menu.items.dashboard'));
  });
});
