// Tests of the showcase's order page and create forms on sample data: lines, total, status history and changes, refusals.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { customers } from '../src/showcase/ecommerce/customers';
import { demoProvider } from '../src/showcase/ecommerce/api';
import { ORDER_TRANSITIONS, orderTotal, type Order } from '../src/showcase/ecommerce/schemas';
import { orders } from '../src/showcase/ecommerce/orders';
import { sellers } from '../src/showcase/ecommerce/sellers';
import { routes } from '../src/shell/routes';
import { pathsOf } from '../src/ui/resource/definition';
import { ADMIN, renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(async () => {
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

const cad = (amount: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(amount);
const statusLabel = (status: Order['status']) => i18n.t(`enums.orderStatus.${status}`);
const timelineSteps = () => screen.getByTestId('order-timeline').querySelectorAll('.ant-timeline-item');

/** The first order of the sample that `keep` accepts. */
function sampleOrder(keep: (order: Order) => boolean): Order {
  const order = demoProvider().all('orders').find(keep);
  if (!order) throw new Error('the sample has such an order');
  return order;
}

/** Opens the order's page and waits for its title. */
async function openOrder(order: Order) {
  await renderRoutes(routes, pathsOf(orders).edit(order.id));
  await screen.findByRole('heading', { level: 1, name: `Order #${order.id.replace(/^\D+/, '')}` });
}

/** Picks `status` in the status select, after checking it offers exactly the moves `from` allows. */
async function chooseStatus(from: Order['status'], status: Order['status']) {
  const select = screen.getByTestId('order-status-select');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(ORDER_TRANSITIONS[from].map(statusLabel));
  fireEvent.click(screen.getByTitle(statusLabel(status)));
  // Apply is enabled once a status is chosen.
  await waitFor(() => expect((screen.getByTestId('order-status-save') as HTMLButtonElement).disabled).toBe(false));
}

describe('an order (sample data)', () => {
  it('shows its parties, its lines with their total and its status history with who moved it', async () => {
    const order = sampleOrder((candidate) => candidate.lines.length > 1 && candidate.statusHistory.length > 2);
    await openOrder(order);
    expect(screen.getByTestId('sample-data')).toBeTruthy();
    expect(screen.getByRole('link', { name: order.customerName! })).toBeTruthy();
    expect(screen.getByRole('link', { name: order.shopName! })).toBeTruthy();

    const lines = within(screen.getByTestId('order-lines'));
    for (const line of order.lines) {
      const row = lines.getByText(line.productName).closest('tr')!;
      expect(row.textContent).toContain(cad(line.unitPrice));
      expect(row.textContent).toContain(cad((Math.round(line.unitPrice * 100) * line.quantity) / 100));
    }
    // The total shown is the lines' sum, computed here apart from the provider.
    expect(screen.getByTestId('order-total').textContent).toBe(cad(orderTotal(order.lines)));

    const steps = timelineSteps();
    expect(steps).toHaveLength(order.statusHistory.length);
    order.statusHistory.forEach((event, i) => {
      expect(steps[i].textContent).toContain(statusLabel(event.status));
      expect(steps[i].textContent).toContain(`by ${event.by}`);
    });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(pathsOf(orders).list);
  });

  it('moves to a status its current one allows, saved with its version, and adds a step to its history', async () => {
    const order = sampleOrder((candidate) => candidate.status === 'Paid');
    await openOrder(order);
    await chooseStatus('Paid', 'Shipped');
    fireEvent.click(screen.getByTestId('order-status-save'));
    await waitFor(async () => {
      const saved = await demoProvider().get('orders', order.id);
      expect(saved).toMatchObject({ status: 'Shipped', version: order.version + 1 });
      expect(saved.statusHistory.at(-1)).toMatchObject({ status: 'Shipped', by: ADMIN.displayName });
    });
    await screen.findByText('Order status changed');
    await waitFor(() => expect(timelineSteps()).toHaveLength(order.statusHistory.length + 1));
    expect(timelineSteps()[order.statusHistory.length].textContent).toContain(`by ${ADMIN.displayName}`);
    // The select now offers the moves of the new status.
    await chooseStatus('Shipped', 'Delivered');
  });

  it('says when the order changed meanwhile, saves nothing, and reads it again on Reload', async () => {
    const order = sampleOrder((candidate) => candidate.status === 'Paid');
    await openOrder(order);
    // Someone else ships it while the page shows it as paid.
    await act(() => demoProvider().update('orders', { id: order.id, version: order.version, status: 'Shipped' }));
    await chooseStatus('Paid', 'Cancelled');
    fireEvent.click(screen.getByTestId('order-status-save'));
    const notice = await screen.findByTestId('stale-version');
    expect(notice.textContent).toContain('This order was changed by someone else');
    expect(await demoProvider().get('orders', order.id)).toMatchObject({
      status: 'Shipped',
      version: order.version + 1,
    });
    fireEvent.click(screen.getByTestId('stale-reload'));
    await waitFor(() => expect(screen.queryByTestId('stale-version')).toBeNull());
    await waitFor(() => expect(timelineSteps()).toHaveLength(order.statusHistory.length + 1));
    await chooseStatus('Shipped', 'Delivered');
  });

  it('offers no change once final, and answers not found for an unknown order', async () => {
    await openOrder(sampleOrder((candidate) => candidate.status === 'Refunded'));
    expect(screen.getByText(i18n.t('orders.finalStatus'))).toBeTruthy();
    expect(screen.queryByTestId('order-status-select')).toBeNull();
    document.body.innerHTML = '';

    await renderRoutes(routes, pathsOf(orders).edit('order-999999'));
    expect(await screen.findByText(i18n.t('form.notFound'))).toBeTruthy();
  });
});

describe('the create forms (sample data)', () => {
  it('refuse a seller with a bad phone number, with the translated message', async () => {
    const before = demoProvider().all('sellers').length;
    await renderRoutes(routes, pathsOf(sellers).create);
    await screen.findByRole('heading', { level: 1, name: 'Create seller' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Noah Gagnon' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'noah.gagnon@example.ca' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    // The shop is required too.
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(demoProvider().all('sellers')).toHaveLength(before);
  });

  it('refuse a customer with a bad email or phone number, in French too', async () => {
    const before = demoProvider().all('customers').length;
    await act(() => i18n.changeLanguage('fr'));
    await renderRoutes(routes, pathsOf(customers).create);
    await screen.findByRole('heading', { level: 1, name: 'Créer un client' });
    expect(screen.getByTestId('sample-data').textContent).toBe('Données d’exemple');
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Zoé' } });
    fireEvent.change(screen.getByLabelText('Nom de famille'), { target: { value: 'Lavoie' } });
    const email = screen.getByLabelText('Courriel');
    fireEvent.change(email, { target: { value: 'zoe.lavoie@' } });
    expect(await screen.findByText('Veuillez saisir une adresse courriel valide')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'zoe.lavoie@example.ca' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: 'appelez-moi' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Rimouski' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Saisissez un numéro de téléphone valide')).toBeTruthy();
    // The province is required.
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(screen.queryByText('Veuillez saisir une adresse courriel valide')).toBeNull();
    expect(demoProvider().all('customers')).toHaveLength(before);
  });
});
