// Tests of the showcase's screens on sample data: a shop's edit screen shows its owner and saves to the provider.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { demoProvider } from '../src/resources/ecommerce/api';
import { shops } from '../src/resources/shops';
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
    await screen.findByRole('heading', { level: 1, name: 'Edit shop' }, { timeout: 5000 });
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
