// /ui/charts/apex/area: revenue over time by day and by week, and stacked by product category.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { demoProvider } from '../ecommerce/api';
import { dashboardData } from '../ecommerce/dashboard';
import { Chart } from '../../ui/chart/Chart';
import { periodRange } from '../dashboard/period';
import { categoryRevenueByMonth } from '../dashboard/sales';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { categoryStack } from './labels';

const datesOf = (steps: readonly { from: string }[]) => steps.map((step) => new Date(step.from));

export default function AreaCharts() {
  const { t } = useTranslation();
  const figures = useMemo(() => {
    const provider = demoProvider();
    const now = new Date();
    const month = dashboardData(provider, periodRange('30d', now));
    const year = periodRange('12m', now);
    return {
      days: month.revenueByDay,
      weeks: dashboardData(provider, year).revenueByWeek,
      categories: categoryRevenueByMonth(provider, year.from, year.to),
    };
  }, []);
  const charts = useMemo(() => {
    const revenue = t('chartExamples.common.revenue');
    return {
      daily: { dates: datesOf(figures.days), series: [{ name: revenue, data: figures.days.map((d) => d.revenue) }] },
      weekly: { dates: datesOf(figures.weeks), series: [{ name: revenue, data: figures.weeks.map((w) => w.revenue) }] },
      stacked: categoryStack(t, figures.categories),
    };
  }, [t, figures]);

  return (
    <ShowcasePage title={t('menu.charts.area')} intro={t('chartExamples.area.intro')} sample>
      <Example title={t('chartExamples.area.daily.title')} description={t('chartExamples.area.daily.description')}>
        <Chart
          kind="area"
          title={t('chartExamples.area.daily.title')}
          categoryLabel={t('chartExamples.common.day')}
          categories={charts.daily.dates}
          series={charts.daily.series}
          format="currency"
        />
      </Example>
      <Example title={t('chartExamples.area.weekly.title')} description={t('chartExamples.area.weekly.description')}>
        <Chart
          kind="area"
          title={t('chartExamples.area.weekly.title')}
          categoryLabel={t('chartExamples.common.week')}
          categories={charts.weekly.dates}
          dateUnit="week"
          series={charts.weekly.series}
          format="currency"
        />
      </Example>
      <Example title={t('chartExamples.area.stacked.title')} description={t('chartExamples.area.stacked.description')}>
        <Chart kind="area" title={t('chartExamples.area.stacked.title')} {...charts.stacked} />
      </Example>
    </ShowcasePage>
  );
}
