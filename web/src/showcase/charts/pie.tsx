// /ui/charts/apex/pie: orders by status as a pie, and revenue by product category as a donut with its total.
import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { demoProvider } from '../ecommerce/api';
import { dashboardData } from '../ecommerce/dashboard';
import { ORDER_STATUSES } from '../ecommerce/schemas';
import { Chart } from '../../ui/chart/Chart';
import { periodRange } from '../dashboard/period';
import { categoryRevenueByMonth } from '../dashboard/sales';
import { orderStatusLabel, statusColors } from '../ecommerce/orders/status';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { categoryName } from './labels';

const sum = (values: readonly number[]) => Math.round(values.reduce((total, value) => total + value * 100, 0)) / 100;

export default function PieCharts() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const figures = useMemo(() => {
    const provider = demoProvider();
    const now = new Date();
    const year = periodRange('12m', now);
    return {
      statuses: dashboardData(provider, periodRange('30d', now)).ordersByStatus,
      categories: categoryRevenueByMonth(provider, year.from, year.to).categories,
    };
  }, []);
  const charts = useMemo(
    () => ({
      statusNames: ORDER_STATUSES.map((status) => orderStatusLabel(t, status)),
      statuses: [
        { name: t('chartExamples.common.orders'), data: ORDER_STATUSES.map((status) => figures.statuses[status]) },
      ],
      categoryNames: figures.categories.map(({ category }) => categoryName(t, category)),
      categories: [
        { name: t('chartExamples.common.revenue'), data: figures.categories.map(({ revenue }) => sum(revenue)) },
      ],
    }),
    [t, figures],
  );
  const colors = useMemo(() => {
    const byStatus = statusColors(token);
    return ORDER_STATUSES.map((status) => byStatus[status]);
  }, [token]);

  return (
    <ShowcasePage title={t('menu.charts.pie')} intro={t('chartExamples.pie.intro')} sample>
      <Example title={t('chartExamples.pie.status.title')} description={t('chartExamples.pie.status.description')}>
        <Chart
          kind="pie"
          title={t('chartExamples.pie.status.title')}
          categoryLabel={t('chartExamples.common.status')}
          categories={charts.statusNames}
          series={charts.statuses}
          colors={colors}
        />
      </Example>
      <Example
        title={t('chartExamples.pie.categories.title')}
        description={t('chartExamples.pie.categories.description')}
      >
        <Chart
          kind="donut"
          title={t('chartExamples.pie.categories.title')}
          categoryLabel={t('chartExamples.common.category')}
          categories={charts.categoryNames}
          series={charts.categories}
          format="currency"
          height={340}
        />
      </Example>
    </ShowcasePage>
  );
}
