// Tests of the showcase's order page on sample data: its lines and total, its status history, a status change saved.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { demoProvider } from '../src/resources/ecommerce/api';
import { ORDER_TRANSITIONS, orderTotal } from '../src/resources/ecommerce/schemas';
import { orders } from '../src/resources/orders';
import { routes } from '../src/shell/routes';
import { pathsOf } from '../src/ui/resource/definition';
import { renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});

const cad = (amount: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(amount);

describe('an order (sample data)', () => {
  it('shows its lines with their total and its status history', async () => {
    const order = demoProvider()
      .all('orders')
      .find((candidate) => candidate.lines.length > 1 && candidate.statusHistory.length > 1);
    if (!order) throw new Error('the sample has an order of several lines and steps');
    await renderRoutes(routes, pathsOf(orders).edit(order.id));
    const number = order.id.replace(/^\D+/, '');
    await screen.findByRole('heading', { level: 1, name: `Order ${number}` }, { timeout: 5000 });
    expect(screen.getByTestId('sample-data')).toBeTruthy();

    const lines = within(screen.getByTestId('order-lines'));
    for (const line of order.lines) expect(lines.getByText(line.productName)).toBeTruthy();
    // The total shown is the lines' sum, computed here apart from the provider.
    expect(screen.getByTestId('order-total').textContent).toBe(cad(orderTotal(order.lines)));

    const steps = screen.getByTestId('order-timeline').querySelectorAll('.ant-timeline-item');
    expect(steps).toHaveLength(order.statusHistory.length);
    expect(steps[steps.length - 1].textContent).toContain(i18n.t(`enums.orderStatus.${order.status}`));
  });

  it('moves to a status its current one allows, saved with its version, and adds a step to its history', async () => {
    const order = demoProvider()
      .all('orders')
      .find((candidate) => candidate.status === 'Paid');
    if (!order) throw new Error('the sample has a paid order');
    await renderRoutes(routes, pathsOf(orders).edit(order.id));
    const select = await screen.findByTestId('order-status-select', {}, { timeout: 5000 });
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    // Only the moves a paid order allows are offered.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      ORDER_TRANSITIONS.Paid.map((status) => i18n.t(`enums.orderStatus.${status}`)),
    );
    fireEvent.click(screen.getByTitle(i18n.t('enums.orderStatus.Shipped')));
    fireEvent.click(screen.getByTestId('order-status-save'));
    await waitFor(async () => {
      const saved = await demoProvider().get('orders', order.id);
      expect(saved).toMatchObject({ status: 'Shipped', version: order.version + 1 });
      expect(saved.statusHistory.at(-1)?.status).toBe('Shipped');
    });
    await screen.findByText('Order status changed');
    await waitFor(() =>
      expect(screen.getByTestId('order-timeline').querySelectorAll('.ant-timeline-item')).toHaveLength(
        order.statusHistory.length + 1,
      ),
    );
  });
});
