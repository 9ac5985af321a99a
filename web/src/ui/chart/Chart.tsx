// The one chart of the app: an ApexCharts drawing themed from antd's tokens, named, with its figures as a table.
import { lazy, Suspense, useId, useMemo } from 'react';
import { Empty, Flex, Spin, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDictionaries } from '../../core/i18n/later';
import { toLanguage } from '../../core/i18n/languages';
import { useAppSelector } from '../../core/store';
import { REDUCED_MOTION, useMediaQuery } from '../useMediaQuery';
import { chartOptions, chartTable, isEmptyChart, type ChartData, type ChartTexts } from './chartOptions';
import words from './words';

export type { ChartData, ChartKind, ChartSeries, DateUnit, ValueFormat } from './chartOptions';

addDictionaries(words);

// ApexCharts is the heaviest library of the showcase: it loads with the first chart drawn, after the page's own
// figures (cards, tables) are already shown.
const ApexChart = lazy(() => import('./ApexChart'));

export interface ChartProps extends ChartData {
  /** The chart's accessible name, translated: the figure's caption and its data table's. */
  title: string;
  /** Shows the title above the drawing; hidden by default, where a card or section heading already says it. */
  showTitle?: boolean;
  /** The drawing's height in pixels. */
  height?: number;
}

/**
 * A chart of `series` over `categories`, drawn in the theme's colours and the interface language's formats. It is
 * drawn again from scratch when the theme mode, primary colour or language changes. Screen readers get a figure
 * named by `title` whose drawing is hidden from them and whose figures are in a table.
 */
export function Chart({ title, showTitle = false, height = 300, ...data }: ChartProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const mode = useAppSelector((state) => state.theme.mode);
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const texts = useMemo<ChartTexts>(
    () => ({
      empty: t('chart.empty', { lng: language }),
      total: t('chart.total', { lng: language }),
      share: t('chart.share', { lng: language }),
      weekOf: (date) => t('chart.weekOf', { lng: language, date }),
    }),
    [t, language],
  );
  const { kind, categoryLabel, categories, series, format, dateUnit, stacked, colors } = data;
  const memoData = useMemo<ChartData>(
    () => ({ kind, categoryLabel, categories, series, format, dateUnit, stacked, colors }),
    [kind, categoryLabel, categories, series, format, dateUnit, stacked, colors],
  );
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const built = useMemo(
    () => chartOptions(memoData, { token, mode, language, texts, reducedMotion }),
    [memoData, token, mode, language, texts, reducedMotion],
  );
  const table = useMemo(() => chartTable(memoData, language, texts), [memoData, language, texts]);
  const empty = isEmptyChart(memoData);
  // ApexCharts sets its locale on its first drawing only and merges later options into the earlier ones: a new
  // theme mode, primary colour or language draws the chart anew instead.
  const drawing = `${mode}:${token.colorPrimary}:${language}`;
  // Browsers name a figure from its caption; the reference says so to every assistive technology.
  const captionId = useId();

  return (
    <figure
      data-testid="chart"
      data-kind={kind}
      aria-labelledby={captionId}
      style={{ margin: 0, position: 'relative' }}
    >
      {showTitle ? (
        <figcaption id={captionId} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{title}</Typography.Text>
        </figcaption>
      ) : (
        <figcaption id={captionId} className="visually-hidden">
          {title}
        </figcaption>
      )}
      {empty ? (
        <Flex align="center" justify="center" style={{ minHeight: height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} />
        </Flex>
      ) : (
        <>
          <div aria-hidden="true" style={{ minHeight: height }}>
            <Suspense
              fallback={
                <Flex align="center" justify="center" style={{ height }}>
                  <Spin />
                </Flex>
              }
            >
              <ApexChart
                key={drawing}
                type={built.type}
                series={built.series}
                options={built.options}
                height={height}
                width="100%"
              />
            </Suspense>
          </div>
          <table className="visually-hidden" data-testid="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.head.map((cell, i) => (
                  <th key={i} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
