// The chart's pure parts: ApexCharts options from antd's tokens and the language's formats, and its data as a table.
import type { GlobalToken } from 'antd';
import type { ApexOptions } from 'apexcharts';

/** `bar` lies horizontally (long labels such as product names), `column` stands upright (steps of time). */
export type ChartKind = 'area' | 'line' | 'bar' | 'column' | 'pie' | 'donut';

/** How values read: plain numbers, Canadian dollars, fractions as percentages (0.25 is 25 %), or a formatter. */
export type ValueFormat = 'number' | 'currency' | 'percent' | ((value: number) => string);

/** What each date of the categories stands for: a day, the week starting that day, or the month. */
export type DateUnit = 'day' | 'week' | 'month';

export interface ChartSeries {
  name: string;
  /** One value per category. */
  data: readonly number[];
}

/** What a chart shows, whatever its look. */
export interface ChartData {
  kind: ChartKind;
  /** The header of the categories in the data table ("Month", "Status"). */
  categoryLabel: string;
  /** Text labels, or the start of each step as dates: written in the language, on a time axis for area and line. */
  categories: readonly string[] | readonly Date[];
  /** Pie and donut charts show their first series only. */
  series: readonly ChartSeries[];
  format?: ValueFormat;
  dateUnit?: DateUnit;
  stacked?: boolean;
  /** Colours per series (per slice for pie and donut) when they carry a meaning; the theme's palette otherwise. */
  colors?: readonly string[];
}

/** The antd tokens a chart is drawn with. */
export type ChartToken = Pick<
  GlobalToken,
  | 'colorPrimary'
  | 'colorText'
  | 'colorTextSecondary'
  | 'colorBorderSecondary'
  | 'colorBgContainer'
  | 'colorSuccess'
  | 'fontFamily'
  | 'cyan6'
  | 'gold6'
  | 'purple6'
  | 'magenta6'
  | 'volcano6'
  | 'geekblue6'
  | 'lime6'
>;

/** The chart's own words, translated by the caller. */
export interface ChartTexts {
  empty: string;
  total: string;
  share: string;
  /** "Week of May 4, 2026", given the week's first day already written. */
  weekOf: (date: string) => string;
}

export interface ChartLook {
  token: ChartToken;
  mode: 'light' | 'dark';
  /** The interface language (`en` or `fr`): numbers and dates are written as Canadians read them in it. */
  language: string;
  texts: ChartTexts;
  /** The person asked their system for less motion: the chart appears drawn, without its growing animation. */
  reducedMotion?: boolean;
}

const tagOf = (language: string) => `${language}-CA`;
const isPie = (kind: ChartKind) => kind === 'pie' || kind === 'donut';
const hasDates = (categories: ChartData['categories']): categories is readonly Date[] =>
  categories.length > 0 && categories[0] instanceof Date;

/** The theme's series colours: the primary colour first, then antd's preset colours of the current mode. */
export const paletteOf = (token: ChartToken): string[] => [
  token.colorPrimary,
  token.cyan6,
  token.gold6,
  token.purple6,
  token.colorSuccess,
  token.magenta6,
  token.volcano6,
  token.geekblue6,
  token.lime6,
];

/**
 * A value formatter in the language. `compact` writes axis ticks short (12 k$); tooltips and the data table write
 * values in full.
 */
export function valueFormatter(format: ValueFormat = 'number', language: string, compact = false) {
  if (typeof format === 'function') return format;
  const options: Intl.NumberFormatOptions =
    format === 'currency'
      ? { style: 'currency', currency: 'CAD' }
      : format === 'percent'
        ? { style: 'percent', maximumFractionDigits: 1 }
        : { maximumFractionDigits: 2 };
  const short: Intl.NumberFormatOptions = compact && format !== 'percent' ? { notation: 'compact' } : {};
  const formatter = new Intl.NumberFormat(tagOf(language), {
    ...options,
    ...short,
    ...(compact ? { maximumFractionDigits: 1 } : {}),
  });
  return (value: number) => formatter.format(value);
}

/** A date category in the language: short on an axis or a legend, in full in tooltips and the data table. */
export function dateFormatter(unit: DateUnit, language: string, texts: Pick<ChartTexts, 'weekOf'>, full: boolean) {
  const options: Intl.DateTimeFormatOptions =
    unit === 'month'
      ? { month: full ? 'long' : 'short', year: 'numeric' }
      : full
        ? { dateStyle: 'medium' }
        : { month: 'short', day: 'numeric' };
  const formatter = new Intl.DateTimeFormat(tagOf(language), options);
  return unit === 'week' && full
    ? (date: Date) => texts.weekOf(formatter.format(date))
    : (date: Date) => formatter.format(date);
}

/** The categories as text, short or in full. */
export function categoryLabels(data: ChartData, language: string, texts: ChartTexts, full: boolean): string[] {
  const { categories } = data;
  if (!hasDates(categories)) return [...categories];
  const format = dateFormatter(data.dateUnit ?? 'day', language, texts, full);
  return categories.map(format);
}

/** ApexCharts' calendar words in the language, from Intl (no locale file to load). */
export function apexLocale(language: string) {
  const names = (options: Intl.DateTimeFormatOptions, count: number, dateOf: (i: number) => number) => {
    const formatter = new Intl.DateTimeFormat(tagOf(language), { ...options, timeZone: 'UTC' });
    return Array.from({ length: count }, (_, i) => formatter.format(dateOf(i)));
  };
  // 7 January 2024 was a Sunday, the first day of ApexCharts' weeks.
  const day = (i: number) => Date.UTC(2024, 0, 7 + i);
  const month = (i: number) => Date.UTC(2024, i, 1);
  return {
    name: language,
    options: {
      months: names({ month: 'long' }, 12, month),
      shortMonths: names({ month: 'short' }, 12, month),
      days: names({ weekday: 'long' }, 7, day),
      shortDays: names({ weekday: 'short' }, 7, day),
    },
  };
}

/** Tick labels of a time axis, by the unit ApexCharts picks for the range shown (it adds the year when needed). */
const DATETIME_FORMATS: Record<string, { year: string; month: string; day: string }> = {
  en: { year: 'yyyy', month: 'MMM', day: 'MMM d' },
  fr: { year: 'yyyy', month: 'MMM', day: 'd MMM' },
};

/** Nothing to draw: no category, no series, or a pie of nothing. */
export function isEmptyChart(data: ChartData): boolean {
  if (data.categories.length === 0 || data.series.length === 0) return true;
  return isPie(data.kind) && data.series[0].data.every((value) => value === 0);
}

export interface BuiltChart {
  /** ApexCharts' type: a column chart is its upright bar chart. */
  type: 'area' | 'line' | 'bar' | 'pie' | 'donut';
  series: ApexOptions['series'];
  options: ApexOptions;
}

/** The ApexCharts type, series and options of a chart in the given theme and language. */
export function chartOptions(
  data: ChartData,
  { token, mode, language, texts, reducedMotion = false }: ChartLook,
): BuiltChart {
  const { kind, series, stacked = false } = data;
  const full = valueFormatter(data.format, language);
  const compact = valueFormatter(data.format, language, true);
  const longLabels = categoryLabels(data, language, texts, true);
  const shortLabels = categoryLabels(data, language, texts, false);
  const type = kind === 'column' ? 'bar' : kind;

  const common: ApexOptions = {
    chart: {
      type,
      background: 'transparent',
      foreColor: token.colorTextSecondary,
      fontFamily: token.fontFamily,
      stacked,
      // The download menu's texts are ApexCharts' own, untranslated; the data table carries the figures instead.
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: !reducedMotion },
      locales: [apexLocale(language)],
      defaultLocale: language,
      // Screen readers read the figure's data table; the drawing is hidden from them, so it takes no focus either.
      accessibility: { enabled: false },
    },
    theme: { mode },
    colors: data.colors ? [...data.colors] : paletteOf(token),
    legend: {
      show: isPie(kind) || series.length > 1,
      position: isPie(kind) ? 'bottom' : 'top',
      horizontalAlign: isPie(kind) ? 'center' : 'left',
      labels: { colors: token.colorText },
    },
    noData: { text: texts.empty },
    tooltip: { theme: mode, y: { formatter: (value: number) => full(value) } },
    states: { active: { filter: { type: 'none' } } },
  };

  if (isPie(kind)) {
    const values = [...(series[0]?.data ?? [])];
    const total = values.reduce((sum, value) => sum + value, 0);
    const percent = valueFormatter('percent', language);
    return {
      type: kind,
      series: values,
      options: {
        ...common,
        labels: shortLabels,
        // Slices part on the page's own background, light or dark.
        stroke: { colors: [token.colorBgContainer], width: 2 },
        dataLabels: {
          enabled: true,
          formatter: (share: number) => percent(share / 100),
          dropShadow: { enabled: false },
        },
        plotOptions: {
          pie: {
            // Slices under 5 % keep their share in the tooltip and the table: their labels would overlap.
            dataLabels: { minAngleToShowLabel: 18 },
            donut: {
              size: '62%',
              labels: {
                show: kind === 'donut',
                name: { color: token.colorTextSecondary },
                value: { color: token.colorText, formatter: (value: string) => full(Number(value)) },
                total: {
                  show: true,
                  label: texts.total,
                  color: token.colorTextSecondary,
                  formatter: () => full(total),
                },
              },
            },
          },
        },
      },
    };
  }

  const timeAxis = (kind === 'area' || kind === 'line') && hasDates(data.categories);
  const horizontal = kind === 'bar';
  const valueLabels = { formatter: (value: number) => compact(value) };
  return {
    type,
    series: series.map(({ name, data: values }) => ({ name, data: [...values] })),
    options: {
      ...common,
      dataLabels: { enabled: false },
      grid: {
        borderColor: token.colorBorderSecondary,
        strokeDashArray: 4,
        xaxis: { lines: { show: horizontal } },
        yaxis: { lines: { show: !horizontal } },
      },
      stroke: kind === 'area' || kind === 'line' ? { curve: 'smooth', width: kind === 'line' ? 3 : 2 } : { width: 0 },
      fill:
        kind === 'area'
          ? { type: 'gradient', gradient: { shadeIntensity: 0, opacityFrom: 0.45, opacityTo: 0.05 } }
          : { opacity: 1 },
      markers: { size: 0, hover: { size: 5 } },
      plotOptions: {
        bar: {
          horizontal,
          borderRadius: 4,
          borderRadiusApplication: 'end',
          columnWidth: '60%',
          barHeight: '60%',
        },
      },
      xaxis: timeAxis
        ? {
            type: 'datetime',
            categories: (data.categories as readonly Date[]).map((date) => date.getTime()),
            // The steps start at local midnights: their labels are read in local time, not UTC.
            labels: { datetimeUTC: false, datetimeFormatter: DATETIME_FORMATS[language] ?? DATETIME_FORMATS.en },
            axisBorder: { color: token.colorBorderSecondary },
            axisTicks: { color: token.colorBorderSecondary },
            tooltip: { enabled: false },
          }
        : {
            type: 'category',
            categories: shortLabels,
            // A horizontal bar chart's x axis carries the values.
            labels: horizontal ? valueLabels : { hideOverlappingLabels: true, trim: true },
            axisBorder: { color: token.colorBorderSecondary },
            axisTicks: { color: token.colorBorderSecondary },
            tooltip: { enabled: false },
          },
      yaxis: horizontal ? { labels: { maxWidth: 180 } } : { labels: valueLabels },
      tooltip: {
        ...common.tooltip,
        x: {
          formatter: (_value: number, options?: { dataPointIndex?: number }) =>
            longLabels[options?.dataPointIndex ?? 0] ?? '',
        },
      },
    },
  };
}

export interface ChartTable {
  /** The header row: the categories' header, then each series (and a pie's share of the total). */
  head: string[];
  /** One row per category: its label in full, then its values written out. */
  rows: { label: string; cells: string[] }[];
}

/** The chart's figures as a table, for screen readers and anyone who reads numbers rather than shapes. */
export function chartTable(data: ChartData, language: string, texts: ChartTexts): ChartTable {
  const labels = categoryLabels(data, language, texts, true);
  const format = valueFormatter(data.format, language);
  if (isPie(data.kind)) {
    const values = data.series[0]?.data ?? [];
    const total = values.reduce((sum, value) => sum + value, 0);
    const percent = valueFormatter('percent', language);
    return {
      head: [data.categoryLabel, data.series[0]?.name ?? '', texts.share],
      rows: labels.map((label, i) => ({
        label,
        cells: [format(values[i] ?? 0), total === 0 ? percent(0) : percent((values[i] ?? 0) / total)],
      })),
    };
  }
  return {
    head: [data.categoryLabel, ...data.series.map((one) => one.name)],
    rows: labels.map((label, i) => ({ label, cells: data.series.map((one) => format(one.data[i] ?? 0)) })),
  };
}
