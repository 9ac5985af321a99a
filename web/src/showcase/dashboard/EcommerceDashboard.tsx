// /dashboards/ecommerce: the sample shops' key figures, revenue, orders by status, top products and recent orders.
import { useMemo } from 'react';
import { Card, Col, Row, Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toLanguage } from '../../core/i18n/languages';
import { demoProvider } from '../ecommerce/api';
import { changeOf, dashboardData } from '../ecommerce/dashboard';
import { cad } from '../ecommerce/money';
import { ORDER_STATUSES } from '../ecommerce/schemas';
import { Chart } from '../../ui/chart/Chart';
import { ShowcasePage } from '../kit/ShowcasePage';
import { KpiCard } from './KpiCard';
import { DEFAULT_PERIOD, isPeriodKey, periodRange, PERIODS, type PeriodKey } from './period';
import { RecentOrders } from './RecentOrders';
import { monthlySeries } from './sales';
import { orderStatusLabel, statusColors } from '../ecommerce/orders/status';

const PERIOD_LABELS: Record<PeriodKey, string> = {
  '7d': 'ecommerceDashboard.period.days7',
  '30d': 'ecommerceDashboard.period.days30',
  '90d': 'ecommerceDashboard.period.days90',
  '12m': 'ecommerceDashboard.period.months12',
};

/** The period's figures: the dashboard's sums, and its revenue by day, or by month over a year. */
function useFigures(period: PeriodKey) {
  return useMemo(() => {
    const range = periodRange(period, new Date());
    const provider = demoProvider();
    const data = dashboardData(provider, range);
    const steps = range.unit === 'month' ? monthlySeries(provider, range.from, range.to) : data.revenueByDay;
    return {
      data,
      unit: range.unit,
      dates: steps.map((step) => new Date(step.from)),
      revenue: steps.map((step) => step.revenue),
    };
  }, [period]);
}

function CardHeading({ children }: { children: string }) {
  return <h2 className="card-heading">{children}</h2>;
}

export default function EcommerceDashboard() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [params, setParams] = useSearchParams();
  const requested = params.get('period');
  const period = isPeriodKey(requested) ? requested : DEFAULT_PERIOD;
  const { data, unit, dates, revenue } = useFigures(period);
  const { current, previous } = data;

  const number = new Intl.NumberFormat(`${language}-CA`);
  const kpis = [
    {
      id: 'revenue',
      label: t('ecommerceDashboard.kpi.revenue'),
      value: cad(current.revenue, language),
      change: changeOf(current.revenue, previous.revenue),
    },
    {
      id: 'orders',
      label: t('ecommerceDashboard.kpi.orders'),
      value: number.format(current.orders),
      change: changeOf(current.orders, previous.orders),
    },
    {
      id: 'aov',
      label: t('ecommerceDashboard.kpi.aov'),
      value: cad(current.averageOrderValue, language),
      change: changeOf(current.averageOrderValue, previous.averageOrderValue),
    },
    {
      id: 'newCustomers',
      label: t('ecommerceDashboard.kpi.newCustomers'),
      value: number.format(current.newCustomers),
      change: changeOf(current.newCustomers, previous.newCustomers),
    },
  ];

  const revenueSeries = useMemo(() => [{ name: t('ecommerceDashboard.revenue.series'), data: revenue }], [t, revenue]);
  const statusLabels = useMemo(() => ORDER_STATUSES.map((status) => orderStatusLabel(t, status)), [t]);
  const statusSeries = useMemo(
    () => [{ name: t('ecommerceDashboard.status.series'), data: ORDER_STATUSES.map((s) => data.ordersByStatus[s]) }],
    [t, data],
  );
  const colors = useMemo(() => {
    const byStatus = statusColors(token);
    return ORDER_STATUSES.map((status) => byStatus[status]);
  }, [token]);
  const productNames = useMemo(() => data.topProducts.map((product) => product.name), [data]);
  const productSeries = useMemo(
    () => [{ name: t('ecommerceDashboard.topProducts.series'), data: data.topProducts.map((p) => p.revenue) }],
    [t, data],
  );

  const periodSelector = (
    <Segmented<PeriodKey>
      aria-label={t('ecommerceDashboard.period.label')}
      value={period}
      options={PERIODS.map((key) => ({ value: key, label: t(PERIOD_LABELS[key]) }))}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('period', value);
          return next;
        })
      }
    />
  );

  return (
    <ShowcasePage title={t('menu.items.dashboard')} intro={t('ecommerceDashboard.intro')} sample extra={periodSelector}>
      <Row gutter={[16, 16]}>
        {kpis.map((kpi) => (
          <Col key={kpi.id} xs={24} sm={12} xl={6}>
            <KpiCard
              testId={`kpi-${kpi.id}`}
              label={kpi.label}
              value={kpi.value}
              change={kpi.change}
              language={language}
            />
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <Card size="small" title={<CardHeading>{t('ecommerceDashboard.revenue.title')}</CardHeading>}>
            <Chart
              kind="area"
              title={t('ecommerceDashboard.revenue.title')}
              categoryLabel={
                unit === 'month' ? t('ecommerceDashboard.revenue.month') : t('ecommerceDashboard.revenue.day')
              }
              categories={dates}
              dateUnit={unit}
              series={revenueSeries}
              format="currency"
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={<CardHeading>{t('ecommerceDashboard.status.title')}</CardHeading>}>
            <Chart
              kind="pie"
              title={t('ecommerceDashboard.status.title')}
              categoryLabel={t('ecommerceDashboard.status.category')}
              categories={statusLabels}
              series={statusSeries}
              colors={colors}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={<CardHeading>{t('ecommerceDashboard.topProducts.title')}</CardHeading>}>
            <Chart
              kind="bar"
              title={t('ecommerceDashboard.topProducts.title')}
              categoryLabel={t('ecommerceDashboard.topProducts.category')}
              categories={productNames}
              series={productSeries}
              format="currency"
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={<CardHeading>{t('ecommerceDashboard.recent.title')}</CardHeading>}>
            <RecentOrders orders={data.recentOrders} language={language} />
          </Card>
        </Col>
      </Row>
    </ShowcasePage>
  );
}
