// The template showcase's e-commerce products as an Editor: sample data in the browser(), the Pages menu group, a
// product created, found by search, deleted; signed out, its address goes to the login page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axeSerious,
  chooseOption,
  useBrowser,
  EDITOR,
  listTotal,
  newPage,
  screenshot,
  shown,
  signIn,
  tableRows,
  textBecomes,
  uniqueWord,
} from '../src/harness.js';

const PRODUCTS = '/apps/ecommerce/products';

const browser = useBrowser();
let page: Page;
const callables: string[] = [];

beforeAll(async () => {
  // axe-core goes in as an inline script, which the app's Content-Security-Policy refuses: this page bypasses it.
  page = await newPage(browser(), { bypassCSP: true });
  // Every request to the Functions emulator but the shell's own, which any page load may make: the session check, and
  // the account's language sync (when another test left the shared account in the other language).
  page.on('request', (request) => {
    if (/\/northamerica-northeast1\/(?!users-me|users-setLanguage)/.test(request.url())) callables.push(request.url());
  });
  await signIn(page, EDITOR);
});

describe('e-commerce products (sample data)', () => {
  it('the Pages menu group starts collapsed, opens on E-commerce, Products, and stays open after a reload', async () => {
    const menu = page.getByRole('navigation', { name: 'app' });
    const pages = menu.getByRole('menuitem', { name: 'Pages' });
    await shown(pages);
    await expect.poll(() => pages.getAttribute('aria-expanded')).toBe('false');
    // Each group is clicked once the previous one is open and its opening motion has ended, as a person would: a
    // click landing while a group still unfolds was lost on a loaded machine (CI: Products never appeared; later,
    // E-commerce stayed closed though Pages already said it was open, its motion still running).
    const unfolded = () => expect.poll(() => menu.locator('[class*="ant-motion-collapse"]').count()).toBe(0);
    await pages.click();
    await expect.poll(() => pages.getAttribute('aria-expanded')).toBe('true');
    await unfolded();
    // The E-commerce submenu (its name starts with its icon's), not the e-commerce dashboard's entry.
    const ecommerce = menu.getByRole('menuitem', { name: 'E-commerce' }).and(menu.locator('[aria-haspopup="true"]'));
    await ecommerce.click();
    await expect.poll(() => ecommerce.getAttribute('aria-expanded')).toBe('true');
    await unfolded();
    await menu.getByRole('menuitem', { name: 'Products' }).click();
    await page.waitForURL((url) => url.pathname === PRODUCTS);
    await shown(page.getByTestId('sample-data'));
    await textBecomes(listTotal(page), /^Showing 1 to 20 of \d+ entries$/);
    await page.reload();
    await expect.poll(() => menu.getByRole('menuitem', { name: 'Pages' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => ecommerce.getAttribute('aria-expanded')).toBe('true');
  });

  it('creates a product (after a validation error), finds it by search, and deletes it after the confirmation', async () => {
    const word = uniqueWord('Lanterne');
    // From here on, only the showcase's screens: none may call the server (the product's own pages do).
    callables.length = 0;
    await page.goto(PRODUCTS);
    await page.getByTestId('list-create').click();
    await page.waitForURL(`**${PRODUCTS}/create`);
    await shown(page.getByTestId('form-submit'));
    await shown(page.getByTestId('sample-data'));
    await page.getByLabel('Name', { exact: true }).fill(`${word} solaire`);
    await page.getByLabel('SKU').fill('bad');
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('This value is not valid').first());

    await page.getByLabel('SKU').fill('lan-0042');
    await chooseOption(page, page.getByLabel('Category'), 'Outdoors');
    await page.getByLabel('Price').fill('49.95');
    // The category list has closed before the shop list opens (the first option shown is then a shop).
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    const shop = page.getByTestId('shop-select');
    await shop.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Product created'));
    await page.waitForURL((url) => url.pathname === PRODUCTS);

    await page.getByTestId('list-search').locator('input').fill(word);
    await textBecomes(listTotal(page), 'Showing 1 to 1 of 1 entries');
    const row = tableRows(page).first();
    await textBecomes(row.locator('td').nth(1), 'LAN-0042');
    await textBecomes(row.locator('td').nth(3), /^CA\$49\.95$|^\$49\.95$/);
    await screenshot(page, 'products-list-light');
    expect((await axeSerious(page, 'products list')).map((v) => `${v.impact} ${v.id}`)).toEqual([]);

    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`${PRODUCTS}/product-\\d+$`));
    await page.getByTestId('form-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.waitForURL((url) => url.pathname === PRODUCTS);
    await page.getByTestId('list-search').locator('input').fill(word);
    await shown(page.getByText('No records match.'));
    expect(callables).toEqual([]);
  });

  it('in French and dark, at 800 px: translated, prices as Canadians write them, the Sample data tag', async () => {
    const narrow = await newPage(browser(), { viewport: { width: 800, height: 900 }, bypassCSP: true });
    await narrow.addInitScript(() => {
      localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: 'dark', primaryColor: '#3e5eff' }));
    });
    await signIn(narrow, EDITOR);
    // The saved language choice, as the language switch stores it: the next page load is in French.
    await narrow.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await narrow.goto(`${PRODUCTS}?sort=price:desc`);
    await shown(narrow.getByRole('heading', { name: 'Produits' }));
    await textBecomes(narrow.getByTestId('sample-data'), 'Données d’exemple');
    await textBecomes(listTotal(narrow), /^Affichage de 1 à 20 sur \d+ entrées$/);
    await textBecomes(tableRows(narrow).first().locator('td').nth(3), /^[\d\u202f\u00a0]+,\d{2}\u00a0\$$/);
    await screenshot(narrow, 'products-list-800-dark-fr');
    expect((await axeSerious(narrow, 'products list (fr, dark)')).map((v) => `${v.impact} ${v.id}`)).toEqual([]);
    await narrow.context().close();
  });

  it('signed out, a product address goes to the login page and back after signing in', async () => {
    const visitor = await newPage(browser());
    await visitor.goto(`${PRODUCTS}?category=Books`);
    await visitor.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(visitor.url()).searchParams.get('redirectTo')).toBe(`${PRODUCTS}?category=Books`);
    await visitor.context().close();
  });
});
