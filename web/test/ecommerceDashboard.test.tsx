// Tests of /dashboards/ecommerce on the sample data: key figures of the period, its charts' tables, recent orders.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { demoProvider } from '../src/showcase/ecommerce/api';
import { changeOf, dashboardData } from '../src/showcase/ecommerce/dashboard';
import { cad } from '../src/showcase/ecommerce/money';
import { orders } from '../src/showcase/ecommerce/orders';
import { routes } from '../src/shell/routes';
import { pathsOf } from '../src/ui/resource/definition';
import { locationOf, renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
  await act(() => i18n.changeLanguage('en'));
});

/** The last `days` days, today included, on the local calendar: what the dashboard calls the period. */
function lastDays(days: number) {
  const now = new Date();
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { from: new Date(to.getFullYear(), to.getMonth(), to.getDate() - days), to };
}

const percent = (change: number | null) =>
  change === null
    ? '—'
    : new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(
        change,
      );
const count = (value: number) => new Intl.NumberFormat('en-CA').format(value);

/** The figure a KPI card shows and its change, as the test expects them written. */
function expectKpi(id: string, value: string, change: number | null) {
  const card = screen.getByTestId(`kpi-${id}`);
  expect(within(card).getByTestId(`kpi-${id}-value`).textContent).toBe(value);
  expect(card.textContent).toContain(percent(change));
}

describe('e-commerce dashboard', () => {
  it("shows the period's key figures against the period before, as dashboardData computes them", async () => {
    const { router } = await renderRoutes(routes, '/dashboards/ecommerce?period=7d');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getByTestId('sample-data')).toBeTruthy();

    const data = dashboardData(demoProvider(), lastDays(7));
    const { current, previous } = data;
    expectKpi('revenue', cad(current.revenue, 'en'), changeOf(current.revenue, previous.revenue));
    expectKpi('orders', count(current.orders), changeOf(current.orders, previous.orders));
    expectKpi(
      'aov',
      cad(current.averageOrderValue, 'en'),
      changeOf(current.averageOrderValue, previous.averageOrderValue),
    );
    expectKpi('newCustomers', count(current.newCustomers), changeOf(current.newCustomers, previous.newCustomers));

    // The charts' figures, as screen readers read them: one row per day, per status, per top product.
    const charts = screen.getAllByTestId('chart');
    expect(charts.map((chart) => chart.dataset.kind)).toEqual(['area', 'pie', 'bar']);
    const [revenue, statuses] = charts;
    expect(screen.getByRole('figure', { name: 'Revenue over time' })).toBe(revenue);
    const revenueTable = within(revenue).getByRole('table', { name: 'Revenue over time' });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(1 + 7);
    const statusRows = within(within(statuses).getByRole('table')).getAllByRole('row').slice(1);
    expect(statusRows.map((row) => row.querySelector('td')?.textContent)).toEqual(
      Object.values(data.ordersByStatus).map(count),
    );

    // Each recent order's number opens that order.
    const links = within(screen.getByTestId('recent-orders')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      data.recentOrders.map((order) => pathsOf(orders).edit(order.id)),
    );

    // Another period: kept in the URL, the figures follow.
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboards/ecommerce?period=30d'));
    const month = dashboardData(demoProvider(), lastDays(30)).current;
    await waitFor(() => expect(screen.getByTestId('kpi-orders-value').textContent).toBe(count(month.orders)));
    expect(screen.getByTestId('kpi-revenue-value').textContent).toBe(cad(month.revenue, 'en'));
  });

  it('names its period selector and sums a year month by month', async () => {
    await renderRoutes(routes, '/dashboards/ecommerce?period=12m');
    const selector = await screen.findByRole('radiogroup', { name: 'Period' });
    expect(within(selector).getByRole('radio', { name: '12 months' })).toHaveProperty('checked', true);
    const revenue = screen.getAllByTestId('chart')[0];
    const rows = within(within(revenue).getByRole('table')).getAllByRole('row');
    expect(rows[0].textContent).toBe('MonthRevenue');
    expect(rows).toHaveLength(1 + 12);
    // This month and the eleven before it.
    const now = new Date();
    const year = dashboardData(demoProvider(), {
      from: new Date(now.getFullYear(), now.getMonth() - 11, 1),
      to: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1),
    });
    expectKpi('revenue', cad(year.current.revenue, 'en'), changeOf(year.current.revenue, year.previous.revenue));
  });
});
