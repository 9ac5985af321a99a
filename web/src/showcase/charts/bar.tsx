// /ui/charts/apex/bar: the top products by revenue, and revenue by the customers' province.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { demoProvider } from '../ecommerce/api';
import { dashboardData } from '../ecommerce/dashboard';
import { Chart } from '../../ui/chart/Chart';
import { periodRange } from '../dashboard/period';
import { provinceRevenue } from '../dashboard/sales';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { provinceName } from './labels';

export default function BarCharts() {
  const { t } = useTranslation();
  const figures = useMemo(() => {
    const provider = demoProvider();
    const now = new Date();
    const year = periodRange('12m', now);
    return {
      products: dashboardData(provider, periodRange('90d', now)).topProducts,
      provinces: provinceRevenue(provider, year.from, year.to),
    };
  }, []);
  const charts = useMemo(() => {
    const revenue = t('chartExamples.common.revenue');
    return {
      productNames: figures.products.map((product) => product.name),
      products: [{ name: revenue, data: figures.products.map((product) => product.revenue) }],
      provinceNames: figures.provinces.map(({ province }) => provinceName(t, province)),
      provinces: [{ name: revenue, data: figures.provinces.map((row) => row.revenue) }],
    };
  }, [t, figures]);

  return (
    <ShowcasePage title={t('menu.charts.bar')} intro={t('chartExamples.bar.intro')} sample>
      <Example title={t('chartExamples.bar.products.title')} description={t('chartExamples.bar.products.description')}>
        <Chart
          kind="bar"
          title={t('chartExamples.bar.products.title')}
          categoryLabel={t('chartExamples.common.product')}
          categories={charts.productNames}
          series={charts.products}
          format="currency"
        />
      </Example>
      <Example
        title={t('chartExamples.bar.provinces.title')}
        description={t('chartExamples.bar.provinces.description')}
      >
        <Chart
          kind="bar"
          title={t('chartExamples.bar.provinces.title')}
          categoryLabel={t('chartExamples.common.province')}
          categories={charts.provinceNames}
          series={charts.provinces}
          format="currency"
          height={420}
        />
      </Example>
    </ShowcasePage>
  );
}
