// /ui/charts/apex/column: orders per month, and each month's revenue stacked by product category.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { demoProvider } from '../ecommerce/api';
import { Chart } from '../../ui/chart/Chart';
import { periodRange } from '../dashboard/period';
import { categoryRevenueByMonth, monthlySeries } from '../dashboard/sales';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { categoryStack } from './labels';

export default function ColumnCharts() {
  const { t } = useTranslation();
  const figures = useMemo(() => {
    const provider = demoProvider();
    const year = periodRange('12m', new Date());
    return {
      months: monthlySeries(provider, year.from, year.to),
      categories: categoryRevenueByMonth(provider, year.from, year.to),
    };
  }, []);
  const charts = useMemo(
    () => ({
      months: figures.months.map((month) => new Date(month.from)),
      orders: [{ name: t('chartExamples.common.orders'), data: figures.months.map((month) => month.orders) }],
      stacked: categoryStack(t, figures.categories),
    }),
    [t, figures],
  );

  return (
    <ShowcasePage title={t('menu.charts.column')} intro={t('chartExamples.column.intro')} sample>
      <Example
        title={t('chartExamples.column.orders.title')}
        description={t('chartExamples.column.orders.description')}
      >
        <Chart
          kind="column"
          title={t('chartExamples.column.orders.title')}
          categoryLabel={t('chartExamples.common.month')}
          categories={charts.months}
          dateUnit="month"
          series={charts.orders}
        />
      </Example>
      <Example
        title={t('chartExamples.column.stacked.title')}
        description={t('chartExamples.column.stacked.description')}
      >
        <Chart kind="column" title={t('chartExamples.column.stacked.title')} {...charts.stacked} />
      </Example>
    </ShowcasePage>
  );
}
