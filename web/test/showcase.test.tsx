// Tests of the showcase's screens on sample data: shop edit, seller create and the customers list, on the provider.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { DEFAULT_PAGE_SIZE } from '@trialdesk/shared';
import { customers } from '../src/showcase/ecommerce/customers';
import { demoProvider } from '../src/showcase/ecommerce/api';
import { sellers } from '../src/showcase/ecommerce/sellers';
import { shops } from '../src/showcase/ecommerce/shops';
import { routes } from '../src/shell/routes';
import { pathsOf } from '../src/ui/resource/definition';
import { renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});

describe('shops (sample data)', () => {
  it("shows a shop with its owner among its sellers, and a save reaches the browser's provider", async () => {
    const shop = demoProvider()
      .all('shops')
      .find((candidate) => candidate.ownerSellerId && candidate.ownerName);
    if (!shop?.ownerName) throw new Error('the sample has a shop with an owner');
    await renderRoutes(routes, pathsOf(shops).edit(shop.id));
    await screen.findByRole('heading', { level: 1, name: 'Edit shop' });
    expect(screen.getByTestId('sample-data')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('owner-select').textContent).toContain(shop.ownerName));
    expect(screen.queryByTestId('history')).toBeNull();

    const city = screen.getByLabelText('City') as HTMLInputElement;
    await waitFor(() => expect(city.value).toBe(shop.city));
    fireEvent.change(city, { target: { value: 'Rimouski' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(async () => {
      const saved = await demoProvider().get('shops', shop.id);
      expect(saved).toMatchObject({ city: 'Rimouski', version: shop.version + 1 });
    });
  });
});

describe('sellers (sample data)', () => {
  it("refuses a bad email with the translated message, and a valid seller reaches the browser's provider", async () => {
    const shop = demoProvider().all('shops')[0];
    const before = demoProvider().all('sellers').length;
    await renderRoutes(routes, pathsOf(sellers).create);
    await screen.findByRole('heading', { level: 1, name: 'Create seller' });
    expect(screen.getByTestId('sample-data')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Léa Fortin' } });
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'lea.fortin@' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(demoProvider().all('sellers')).toHaveLength(before);

    fireEvent.change(email, { target: { value: 'lea.fortin@example.ca' } });
    const shopSelect = within(screen.getByTestId('shop-select')).getByRole('combobox');
    fireEvent.mouseDown(shopSelect);
    fireEvent.click(await screen.findByTitle(shop.name));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(
        demoProvider()
          .all('sellers')
          .find((seller) => seller.email === 'lea.fortin@example.ca'),
      ).toMatchObject({
        name: 'Léa Fortin',
        shopId: shop.id,
        status: 'Active',
        rating: 0,
        version: 1,
      }),
    );
    expect(await screen.findByText('Seller created')).toBeTruthy();
  });
});

describe('customers (sample data)', () => {
  it('lists only the province in the URL, with the total the provider counts', async () => {
    const { total } = await demoProvider().list('customers', { province: 'QC', page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(total).toBeGreaterThan(0);
    await renderRoutes(routes, `${pathsOf(customers).list}?province=QC`);
    await screen.findByRole('heading', { level: 1, name: 'Customers' });
    const shown = Math.min(total, DEFAULT_PAGE_SIZE);
    expect(await screen.findByText(`Showing 1 to ${shown} of ${total} entries`)).toBeTruthy();
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(rows).toHaveLength(shown);
    for (const row of rows) expect(row.textContent).toContain('Quebec');
    expect(within(screen.getByTestId('filter-province')).getByText('Quebec')).toBeTruthy();
  });
});
