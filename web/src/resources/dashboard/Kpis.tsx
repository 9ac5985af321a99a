// The dashboard's four key figures: references, the backlog (with the way to triage it), acceptance, time to decision.
import { Col, Flex, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { DASHBOARD, type DashboardStats } from '@trialdesk/shared';
import { KpiCard } from '../../ui/KpiCard';
import { useFormats } from './figures';
import { TRIAGE_PATH } from './paths';

/** The four cards, each a column of the figures' row; the triage link keeps the chosen study. */
export function Kpis({ stats, study }: { stats: DashboardStats; study: string | null }) {
  const { t, number, percent, days } = useFormats();
  const { references: refs, decisions } = stats;
  const recent = stats.weekly.reduce((sum, week) => sum + week.count, 0);
  const triage = study ? `${TRIAGE_PATH}?${new URLSearchParams({ study })}` : TRIAGE_PATH;
  const note = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  return (
    <>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard testId="kpi-references" label={t('dashboard.kpi.references')} value={number(refs.total)}>
          {note(t('dashboard.kpi.recent', { count: recent, weeks: DASHBOARD.weeks }))}
        </KpiCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard testId="kpi-pending" label={t('dashboard.kpi.pending')} value={number(refs.byStatus.Pending)}>
          <Flex justify="space-between" gap={8} wrap>
            {note(t('dashboard.kpi.pendingHelp'))}
            <Link to={triage} data-testid="triage-link">
              {t('dashboard.kpi.triage')} <ArrowRightOutlined aria-hidden />
            </Link>
          </Flex>
        </KpiCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard
          testId="kpi-acceptance"
          label={t('dashboard.kpi.acceptance')}
          value={percent(decisions.acceptanceRate)}
        >
          {note(
            decisions.acceptanceRate === null
              ? t('dashboard.none')
              : t('dashboard.kpi.acceptanceHelp', {
                  accepted: number(refs.byStatus.Accepted),
                  rejected: number(refs.byStatus.Rejected),
                }),
          )}
        </KpiCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard testId="kpi-median" label={t('dashboard.kpi.median')} value={days(decisions.medianDays)}>
          {note(
            decisions.medianDays === null
              ? t('dashboard.none')
              : t('dashboard.kpi.sampled', { count: decisions.sampled }),
          )}
        </KpiCard>
      </Col>
    </>
  );
}
