// /ui/charts/apex/line: orders per day against the previous period, and the average order value per month.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { demoProvider } from '../ecommerce/api';
import { dashboardData } from '../ecommerce/dashboard';
import { Chart } from '../../ui/chart/Chart';
import { periodRange } from '../dashboard/period';
import { monthlySeries } from '../dashboard/sales';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

export default function LineCharts() {
  const { t } = useTranslation();
  const figures = useMemo(() => {
    const provider = demoProvider();
    const now = new Date();
    const month = dashboardData(provider, periodRange('30d', now));
    const before = dashboardData(provider, month.previousPeriod);
    const year = periodRange('12m', now);
    return {
      days: month.revenueByDay,
      // Day for day: a change of clock time between the periods can leave the earlier one a step of an hour more.
      daysBefore: before.revenueByDay.slice(0, month.revenueByDay.length),
      months: monthlySeries(provider, year.from, year.to),
    };
  }, []);
  const charts = useMemo(
    () => ({
      days: figures.days.map((day) => new Date(day.from)),
      compare: [
        { name: t('chartExamples.line.thisPeriod'), data: figures.days.map((day) => day.orders) },
        { name: t('chartExamples.line.previousPeriod'), data: figures.daysBefore.map((day) => day.orders) },
      ],
      months: figures.months.map((month) => new Date(month.from)),
      aov: [
        {
          name: t('chartExamples.common.averageOrderValue'),
          data: figures.months.map((month) => month.averageOrderValue),
        },
      ],
    }),
    [t, figures],
  );

  return (
    <ShowcasePage title={t('menu.charts.line')} intro={t('chartExamples.line.intro')} sample>
      <Example title={t('chartExamples.line.compare.title')} description={t('chartExamples.line.compare.description')}>
        <Chart
          kind="line"
          title={t('chartExamples.line.compare.title')}
          categoryLabel={t('chartExamples.common.day')}
          categories={charts.days}
          series={charts.compare}
        />
      </Example>
      <Example title={t('chartExamples.line.aov.title')} description={t('chartExamples.line.aov.description')}>
        <Chart
          kind="line"
          title={t('chartExamples.line.aov.title')}
          categoryLabel={t('chartExamples.common.month')}
          categories={charts.months}
          dateUnit="month"
          series={charts.aov}
          format="currency"
        />
      </Example>
    </ShowcasePage>
  );
}
