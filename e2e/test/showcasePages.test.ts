// The template showcase's every route as an Editor (its heading, no console error), signed-out redirects, the
// dashboard's order link, charts in both themes, axe on one page of each kind, screenshots in light and dark.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeSerious, EDITOR, newPage, screenshot, shown, signIn, tableRows, useBrowser } from '../src/harness.js';

/** Every showcase path of the spec with its English title (the e-commerce records' own pages are found below). */
const ROUTES: [string, string | RegExp][] = [
  ['/dashboards/ecommerce', 'Dashboard'],
  ['/apps/ecommerce/products', 'Products'],
  ['/apps/ecommerce/products/create', 'Create product'],
  ['/apps/ecommerce/sellers', 'Sellers'],
  ['/apps/ecommerce/sellers/create', 'Create seller'],
  ['/apps/ecommerce/customers', 'Customers'],
  ['/apps/ecommerce/customers/create', 'Create customer'],
  ['/apps/ecommerce/shops', 'Shops'],
  ['/apps/ecommerce/shops/create', 'Create shop'],
  ['/apps/ecommerce/orders', 'Orders'],
  ['/apps/chat', 'Chat'],
  ['/apps/file-manager', 'File manager'],
  ...Object.entries({
    accordion: 'Accordion',
    alert: 'Alert',
    avatar: 'Avatar',
    badge: 'Badge',
    breadcrumb: 'Breadcrumb',
    button: 'Button',
    countdown: 'Countdown',
    drawer: 'Drawer',
    dropdown: 'Dropdown',
    loading: 'Loading',
    menu: 'Menu',
    modal: 'Modal',
    pagination: 'Pagination',
    progress: 'Progress',
    step: 'Steps',
    tab: 'Tabs',
    timeline: 'Timeline',
    toast: 'Toast',
    tooltip: 'Tooltip',
  }).map(([name, title]): [string, string] => [`/ui/components/${name}`, title]),
  ...Object.entries({
    checkbox: 'Checkbox',
    file: 'File upload',
    input: 'Input',
    radio: 'Radio',
    range: 'Range',
    rating: 'Rating',
    toggle: 'Toggle',
  }).map(([name, title]): [string, string] => [`/ui/forms/${name}`, title]),
  ...Object.entries({
    area: 'Area chart',
    bar: 'Bar chart',
    column: 'Column chart',
    line: 'Line chart',
    pie: 'Pie chart',
  }).map(([name, title]): [string, string] => [`/ui/charts/apex/${name}`, title]),
];

/** Each e-commerce list, with the title of the page its first row opens. */
const RECORD_PAGES: [string, string | RegExp][] = [
  ['/apps/ecommerce/products', 'Edit product'],
  ['/apps/ecommerce/sellers', 'Edit seller'],
  ['/apps/ecommerce/customers', 'Edit customer'],
  ['/apps/ecommerce/shops', 'Edit shop'],
  ['/apps/ecommerce/orders', /^Order /],
];

const browser = useBrowser();
let page: Page;
/** Console errors and uncaught exceptions, each with the path it happened on. */
const errors: string[] = [];

/** Goes to `path` inside the running app (no reload: each page's chunk loads as a person's click would load it). */
async function open(target: Page, path: string): Promise<void> {
  await target.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const heading = (target: Page, title: string | RegExp) => target.getByRole('heading', { level: 1, name: title });

/** A signed-in Editor's page at 1440 px that records console errors, in the theme asked for. */
async function editorPage(mode: 'light' | 'dark'): Promise<Page> {
  // axe-core goes in as an inline script, which the app's Content-Security-Policy refuses: these pages bypass it.
  // Less motion: the charts appear drawn, so a screenshot never catches one growing.
  const created = await newPage(browser(), {
    viewport: { width: 1440, height: 900 },
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  await created.addInitScript((theme) => {
    localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: theme, primaryColor: '#3e5eff' }));
  }, mode);
  created.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${new URL(created.url()).pathname}: ${message.text()}`);
  });
  created.on('pageerror', (error) => errors.push(`${new URL(created.url()).pathname}: ${error.message}`));
  await signIn(created, EDITOR);
  return created;
}

beforeAll(async () => {
  page = await editorPage('light');
});

describe('the template showcase, page by page', () => {
  it('every route of the spec opens with its heading and the Sample data tag where data is sample, no console error', async () => {
    for (const [path, title] of ROUTES) {
      await open(page, path);
      await shown(heading(page, title));
      if (path.startsWith('/apps/ecommerce') || path === '/dashboards/ecommerce' || path === '/apps/chat') {
        await shown(page.getByTestId('sample-data'));
      }
    }
    for (const [list, title] of RECORD_PAGES) {
      await open(page, list);
      await tableRows(page).first().getByRole('link').first().click();
      await shown(heading(page, title));
    }
    expect(errors).toEqual([]);
  });

  it('signed out, each kind of showcase page goes to the login page, which brings the person back', async () => {
    const visitor = await newPage(browser());
    for (const path of ['/dashboards/ecommerce', '/apps/chat', '/apps/file-manager', '/ui/components/alert']) {
      await visitor.goto(`${path}?from=test`);
      await visitor.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(visitor.url()).searchParams.get('redirectTo')).toBe(`${path}?from=test`);
    }
    await visitor.context().close();
  });

  it('an order opens from the dashboard', async () => {
    await open(page, '/dashboards/ecommerce');
    const first = page.getByTestId('recent-orders').getByRole('link').first();
    const number = (await first.textContent())?.trim() ?? '';
    await first.click();
    await page.waitForURL(/\/apps\/ecommerce\/orders\/[^/]+$/);
    await shown(heading(page, new RegExp(number.replace(/[^\w]/g, '.'))));
    await shown(page.getByTestId('order-lines'));
    await shown(page.getByTestId('order-timeline'));
    await screenshot(page, 'order-light');
  });

  it('charts draw in both themes and redraw on a theme switch', async () => {
    await open(page, '/ui/charts/apex/area');
    const chart = page.getByTestId('chart').first();
    await shown(chart.locator('svg .apexcharts-series path'));
    const labelColour = () =>
      chart
        .locator('.apexcharts-xaxis-label')
        .first()
        .evaluate((label) => getComputedStyle(label).fill);
    const light = await labelColour();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(labelColour).not.toBe(light);
    await shown(chart.locator('svg .apexcharts-series path'));
    // Its data, for screen readers, beside the drawing.
    expect(await chart.locator('table').count()).toBeGreaterThan(0);
    await page.getByTestId('theme-toggle').click();
  });

  it('axe finds no serious or critical violation on the dashboard, a list, chat and one page of each UI group', async () => {
    const found: string[] = [];
    for (const [path, title] of [
      ['/dashboards/ecommerce', 'Dashboard'],
      ['/apps/ecommerce/orders', 'Orders'],
      ['/apps/chat', 'Chat'],
      ['/ui/components/alert', 'Alert'],
      ['/ui/forms/input', 'Input'],
      ['/ui/charts/apex/bar', 'Bar chart'],
    ]) {
      await open(page, path);
      await shown(heading(page, title));
      if (path.includes('chart') || path.includes('dashboard')) {
        await shown(page.getByTestId('chart').locator('.apexcharts-svg').first());
      }
      found.push(...(await axeSerious(page, path)).map((v) => `${path}: ${v.impact} ${v.id}`));
    }
    expect(found).toEqual([]);
  });

  it('screenshots: the dashboard, the products list and chat, light and dark', async () => {
    const dark = await editorPage('dark');
    for (const [target, mode] of [
      [page, 'light'],
      [dark, 'dark'],
    ] as const) {
      await open(target, '/dashboards/ecommerce');
      await shown(heading(target, 'Dashboard'));
      await shown(target.getByTestId('chart').locator('.apexcharts-svg').first());
      await screenshot(target, `dashboard-${mode}`);
      await open(target, '/apps/ecommerce/products');
      await shown(heading(target, 'Products'));
      await shown(tableRows(target).first());
      await screenshot(target, `products-list-1440-${mode}`);
      await open(target, '/apps/chat');
      await shown(heading(target, 'Chat'));
      await shown(target.getByTestId('chat-conversation').first());
      await target.getByTestId('chat-conversation').first().click();
      await shown(target.getByTestId('chat-message').first());
      await screenshot(target, `chat-${mode}`);
    }
    await dark.context().close();
    expect(errors).toEqual([]);
  });

  it('in French at 800 px: the dashboard, chat and a forms page, translated and fitting', async () => {
    const narrow = await newPage(browser(), { viewport: { width: 800, height: 1000 }, reducedMotion: 'reduce' });
    await signIn(narrow, EDITOR);
    // The saved language choice, as the language switch stores it: the next page load is in French.
    await narrow.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await narrow.goto('/dashboards/ecommerce?period=90d');
    await shown(heading(narrow, 'Tableau de bord'));
    await shown(narrow.getByTestId('chart').locator('.apexcharts-svg').first());
    await screenshot(narrow, 'dashboard-800-fr');
    for (const [path, title, name] of [
      ['/apps/chat', 'Messagerie', 'chat-800-fr'],
      ['/ui/forms/range', 'Curseur', 'forms-range-800-fr'],
      ['/ui/components/timeline', 'Chronologie', 'components-timeline-800-fr'],
    ]) {
      await open(narrow, path);
      await shown(heading(narrow, title));
      await screenshot(narrow, name);
    }
    // Nothing sticks out sideways at this width.
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await narrow.context().close();
  });
});
