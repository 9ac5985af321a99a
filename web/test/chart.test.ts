// Tests of the chart: options from the theme and language, its data table, its redraw on a theme switch, the chart pages.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { theme } from 'antd';
import { createElement, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../src/core/i18n';
import { addDictionaries } from '../src/core/i18n/later';
import ecommerceWords from '../src/showcase/ecommerce/words';
import chartPageWords from '../src/showcase/charts/words';
import showcaseWords from '../src/showcase/words';
import { createStore } from '../src/core/store';
import { setMode } from '../src/core/themeSlice';
import { ThemeProvider } from '../src/shell/ThemeProvider';
import { Chart } from '../src/ui/chart/Chart';
import {
  apexLocale,
  chartOptions,
  chartTable,
  isEmptyChart,
  type ChartData,
  type ChartLook,
  type ChartTexts,
} from '../src/ui/chart/chartOptions';

const PRIMARY = '#3e5eff';
const light = theme.getDesignToken({ token: { colorPrimary: PRIMARY } });
const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: PRIMARY } });
const texts: ChartTexts = { empty: 'Nothing', total: 'Total', share: 'Share', weekOf: (date) => `Week of ${date}` };
const look = (overrides: Partial<ChartLook> = {}): ChartLook => ({
  token: light,
  mode: 'light',
  language: 'en',
  texts,
  ...overrides,
});

const months = [new Date(2026, 0, 1), new Date(2026, 1, 1), new Date(2026, 2, 1)];
const revenue: ChartData = {
  kind: 'area',
  categoryLabel: 'Month',
  categories: months,
  dateUnit: 'month',
  series: [{ name: 'Revenue', data: [1234.5, 12345.67, 0] }],
  format: 'currency',
};
const statuses: ChartData = {
  kind: 'pie',
  categoryLabel: 'Status',
  categories: ['Paid', 'Cancelled'],
  series: [{ name: 'Orders', data: [3, 1] }],
};

// Formatters ApexCharts calls, typed loosely as it types them.
type Format = (value: number, options?: { dataPointIndex?: number }) => string;
const yFormat = (data: ChartData, l: ChartLook) => {
  const { options } = chartOptions(data, l);
  return (options.tooltip!.y as { formatter: Format }).formatter;
};
/** An element as the app shows it: with the store and the theme. */
const inApp = (element: ReactElement, store = createStore()) =>
  createElement(Provider, { store, children: createElement(ThemeProvider, { children: element }) });

/** French writes thin or no-break spaces where English writes none: compared as plain spaces. */
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('chart options', () => {
  it('draw light and dark themes from the tokens, on a transparent background', () => {
    const day = chartOptions(revenue, look()).options;
    const night = chartOptions(revenue, look({ token: dark, mode: 'dark' })).options;
    expect(day.theme?.mode).toBe('light');
    expect(night.theme?.mode).toBe('dark');
    expect(night.tooltip?.theme).toBe('dark');
    expect(day.chart?.background).toBe('transparent');
    expect(night.chart?.background).toBe('transparent');
    expect(day.chart?.foreColor).toBe(light.colorTextSecondary);
    expect(night.chart?.foreColor).toBe(dark.colorTextSecondary);
    expect(night.chart?.foreColor).not.toBe(day.chart?.foreColor);
    expect(day.grid?.borderColor).toBe(light.colorBorderSecondary);
    expect(night.grid?.borderColor).toBe(dark.colorBorderSecondary);
    expect(day.chart?.fontFamily).toBe(light.fontFamily);
  });

  it('put the primary colour first in the palette, unless the chart gives its own colours', () => {
    expect(chartOptions(revenue, look()).options.colors?.[0]).toBe(PRIMARY);
    expect(chartOptions(revenue, look({ token: dark, mode: 'dark' })).options.colors?.[0]).toBe(dark.colorPrimary);
    const colours = chartOptions({ ...statuses, colors: ['#111111', '#222222'] }, look()).options.colors;
    expect(colours).toEqual(['#111111', '#222222']);
  });

  it('write numbers as Canadians read them in English and in French', () => {
    expect(yFormat(revenue, look())(1234.5)).toBe('$1,234.50');
    expect(spaces(yFormat(revenue, look({ language: 'fr' }))(1234.5))).toBe('1 234,50 $');
    // Axis ticks are short.
    const axis = (l: ChartLook) =>
      (chartOptions(revenue, l).options.yaxis as { labels: { formatter: Format } }).labels.formatter(12345.67);
    expect(axis(look())).toBe('$12.3K');
    expect(spaces(axis(look({ language: 'fr' })))).toBe('12,3 k $');
    // Pie slices show their share.
    const share = (l: ChartLook) =>
      (chartOptions(statuses, l).options.dataLabels as { formatter: (value: number) => string }).formatter(75);
    expect(share(look())).toBe('75%');
    expect(spaces(share(look({ language: 'fr' })))).toBe('75 %');
  });

  it('write dates in the language, with calendar words from Intl', () => {
    const fr = apexLocale('fr').options;
    expect(fr.months[0]).toBe('janvier');
    expect(fr.shortMonths[1]).toBe('févr.');
    expect(fr.days[0]).toBe('dimanche');
    expect(fr.shortDays[1]).toBe('lun.');
    const en = apexLocale('en').options;
    expect(en.months[11]).toBe('December');
    expect(en.days[6]).toBe('Saturday');

    const french = chartOptions(revenue, look({ language: 'fr' })).options;
    expect(french.chart?.defaultLocale).toBe('fr');
    expect(french.chart?.locales?.[0].options?.months?.[0]).toBe('janvier');
    expect(french.xaxis?.type).toBe('datetime');
    expect(french.xaxis?.categories).toEqual(months.map((month) => month.getTime()));
    const title = (options: typeof french) => (options.tooltip!.x as { formatter: Format }).formatter;
    expect(title(french)(0, { dataPointIndex: 1 })).toBe('février 2026');
    expect(title(chartOptions(revenue, look()).options)(0, { dataPointIndex: 1 })).toBe('February 2026');

    // A column chart writes its dates as categories: short on the axis.
    const columns = chartOptions({ ...revenue, kind: 'column' }, look({ language: 'fr' })).options;
    expect(columns.xaxis?.categories).toEqual(['janv. 2026', 'févr. 2026', 'mars 2026']);
  });

  it('turn off what is not translated or would take focus in a hidden drawing', () => {
    const { options } = chartOptions(revenue, look());
    expect(options.chart?.toolbar?.show).toBe(false);
    expect(options.chart?.accessibility?.enabled).toBe(false);
  });

  it('grow into place, unless the person asked their system for less motion', () => {
    expect(chartOptions(revenue, look()).options.chart?.animations?.enabled).toBe(true);
    expect(chartOptions(revenue, look({ reducedMotion: true })).options.chart?.animations?.enabled).toBe(false);
  });

  it('lay a bar chart down and stand a column chart up', () => {
    const data: ChartData = { ...statuses, kind: 'bar' };
    expect(chartOptions(data, look())).toMatchObject({
      type: 'bar',
      options: { plotOptions: { bar: { horizontal: true } } },
    });
    const column = chartOptions({ ...data, kind: 'column' }, look());
    expect(column).toMatchObject({ type: 'bar', options: { plotOptions: { bar: { horizontal: false } } } });
    expect(column.series).toEqual([{ name: 'Orders', data: [3, 1] }]);
  });

  it('give a pie its values and labels, and a donut its total', () => {
    const pie = chartOptions(statuses, look());
    expect(pie.type).toBe('pie');
    expect(pie.series).toEqual([3, 1]);
    expect(pie.options.labels).toEqual(['Paid', 'Cancelled']);
    const donut = chartOptions({ ...statuses, kind: 'donut', format: 'currency' }, look()).options;
    const total = donut.plotOptions?.pie?.donut?.labels?.total;
    expect(total?.label).toBe('Total');
    expect((total?.formatter as unknown as () => string)()).toBe('$4.00');
  });
});

describe('chart data table', () => {
  it('has a header row and one row per category, values written in the language', () => {
    expect(chartTable(revenue, 'en', texts)).toEqual({
      head: ['Month', 'Revenue'],
      rows: [
        { label: 'January 2026', cells: ['$1,234.50'] },
        { label: 'February 2026', cells: ['$12,345.67'] },
        { label: 'March 2026', cells: ['$0.00'] },
      ],
    });
    const french = chartTable(revenue, 'fr', texts);
    expect(french.rows.map((row) => row.label)).toEqual(['janvier 2026', 'février 2026', 'mars 2026']);
    expect(spaces(french.rows[1].cells[0])).toBe('12 345,67 $');
  });

  it("writes each day in full, each week from its first day, and a pie's shares", () => {
    const days: ChartData = {
      ...revenue,
      dateUnit: 'day',
      categories: [new Date(2026, 4, 5)],
      series: [{ name: 'Orders', data: [2] }],
      format: 'number',
    };
    expect(chartTable(days, 'en', texts).rows).toEqual([{ label: 'May 5, 2026', cells: ['2'] }]);
    expect(chartTable(days, 'fr', texts).rows[0].label).toBe('5 mai 2026');
    expect(chartTable({ ...days, dateUnit: 'week' }, 'en', texts).rows[0].label).toBe('Week of May 5, 2026');
    expect(chartTable(statuses, 'en', texts)).toEqual({
      head: ['Status', 'Orders', 'Share'],
      rows: [
        { label: 'Paid', cells: ['3', '75%'] },
        { label: 'Cancelled', cells: ['1', '25%'] },
      ],
    });
  });

  it('knows when there is nothing to draw', () => {
    expect(isEmptyChart({ ...statuses, categories: [] })).toBe(true);
    expect(isEmptyChart({ ...statuses, series: [{ name: 'Orders', data: [0, 0] }] })).toBe(true);
    // A line at zero is a figure: no order on those days.
    expect(isEmptyChart({ ...revenue, series: [{ name: 'Revenue', data: [0, 0, 0] }] })).toBe(false);
  });
});

describe('Chart', () => {
  // jsdom lays nothing out: every box is 0 px wide, and ApexCharts waits for a width before it draws. The drawing's
  // box gets the width a browser would give it.
  const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  beforeAll(async () => {
    await act(() => i18n.changeLanguage('en'));
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    Object.defineProperty(Element.prototype, 'clientWidth', width);
  });

  it('is a figure named by its title, its drawing hidden from screen readers and its figures in a table', async () => {
    const store = createStore();
    render(inApp(createElement(Chart, { ...statuses, title: 'Orders by status' }), store));
    const figure = screen.getByRole('figure', { name: 'Orders by status' });
    expect(figure.dataset.testid).toBe('chart');
    expect(figure.dataset.kind).toBe('pie');
    const table = within(figure).getByRole('table', { name: 'Orders by status' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['StatusOrdersShare', 'Paid375%', 'Cancelled125%']);
    const drawing = figure.querySelector('[aria-hidden="true"]');
    expect(drawing).toBeTruthy();

    // jsdom lays nothing out, yet ApexCharts builds its SVG: the theme it was drawn in shows on its canvas.
    await waitFor(() => expect(drawing!.querySelector('.apexcharts-canvas.apexcharts-theme-light')).toBeTruthy());
    const first = drawing!.querySelector('.apexcharts-canvas');
    act(() => {
      store.dispatch(setMode('dark'));
    });
    await waitFor(() => expect(drawing!.querySelector('.apexcharts-canvas.apexcharts-theme-dark')).toBeTruthy());
    expect(drawing!.querySelector('.apexcharts-canvas')).not.toBe(first);
  });
});

describe('chart pages', () => {
  beforeAll(async () => {
    await act(() => i18n.changeLanguage('en'));
    // As the app adds them: the showcase's menu and e-commerce words after sign-in, the pages' own with them.
    for (const words of [showcaseWords, ecommerceWords, chartPageWords]) addDictionaries(words);
  });

  const PAGES = {
    area: { title: 'Area chart', kinds: ['area', 'area', 'area'] },
    bar: { title: 'Bar chart', kinds: ['bar', 'bar'] },
    column: { title: 'Column chart', kinds: ['column', 'column'] },
    line: { title: 'Line chart', kinds: ['line', 'line'] },
    pie: { title: 'Pie chart', kinds: ['pie', 'donut'] },
  };

  it.each(Object.entries(PAGES))(
    '%s shows its variants on the sample data, each chart named and tabled',
    async (name, page) => {
      const { default: Page } = await import(`../src/showcase/charts/${name}.tsx`);
      render(inApp(createElement(Page)));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(page.title);
      expect(screen.getByTestId('sample-data')).toBeTruthy();
      const charts = screen.getAllByTestId('chart');
      expect(charts.map((chart) => chart.dataset.kind)).toEqual(page.kinds);
      for (const chart of charts) {
        // Each chart's name is its example's heading, and its table has figures in it.
        const name = chart.closest('.ant-card')?.querySelector('h2')?.textContent ?? '';
        expect(screen.getByRole('figure', { name })).toBe(chart);
        expect(within(chart).getByRole('table', { name }).querySelectorAll('tbody tr').length).toBeGreaterThan(0);
      }
    },
  );
});
