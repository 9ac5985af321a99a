// A study's recruitment funnel for its edit screen: referred, decided, accepted, the backlog and the weekly referrals.
import { useId } from 'react';
import { Card, Col, Flex, Row, Spin, theme, Typography } from 'antd';
import { addDictionaries } from '../../core/i18n/later';
import { LoadError } from '../../ui/ListError';
import { useDashboardStatsQuery } from './api';
import { decidedOf, useFormats, WeeklyChart } from './figures';
import words from './words';

// The study screens load this card without the dashboard: its words come with it.
addDictionaries(words);

interface Step {
  id: 'referred' | 'decided' | 'accepted';
  label: string;
  count: number;
}

/** One step of the funnel: its count, its share of the referrals, and a bar as long as that share. */
function FunnelStep({ step, referred }: { step: Step; referred: number }) {
  const { token } = theme.useToken();
  const { t, number, percent } = useFormats();
  const share = referred ? step.count / referred : 0;
  return (
    <Flex vertical gap={2} data-testid={`funnel-${step.id}`}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text>{step.label}</Typography.Text>
        <Typography.Text strong data-testid={`funnel-${step.id}-value`} style={{ fontSize: 18 }}>
          {number(step.count)}
        </Typography.Text>
      </Flex>
      {/* The share written out says it all; the bar repeats it for a glance. */}
      <div aria-hidden="true" style={{ height: 8, borderRadius: 4, background: token.colorFillSecondary }}>
        <div
          style={{
            width: `${Math.round(share * 100)}%`,
            height: '100%',
            borderRadius: 4,
            background: token.colorPrimary,
          }}
        />
      </div>
      {step.id !== 'referred' && (
        <Typography.Text type="secondary">{t('dashboard.funnel.share', { percent: percent(share) })}</Typography.Text>
      )}
    </Flex>
  );
}

/** A figure beside the funnel: its name and value on one line. */
function Fact({ testId, label, value, detail }: { testId: string; label: string; value: string; detail?: string }) {
  return (
    <Flex vertical data-testid={testId}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <Typography.Text strong data-testid={`${testId}-value`}>
          {value}
        </Typography.Text>
      </Flex>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
    </Flex>
  );
}

/** The "Recruitment" card of a study's edit screen: its funnel and figures beside its weekly referrals. */
export function StudyFunnel({ studyId }: { studyId: string }) {
  const { t, number, percent, days } = useFormats();
  const headingId = useId();
  const { currentData: stats, isError, error, refetch } = useDashboardStatsQuery({ studyId });

  let body;
  if (isError) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (!stats) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin aria-label={t('app.loading')} />
      </Flex>
    );
  } else {
    const { references, decisions } = stats;
    const steps: Step[] = [
      { id: 'referred', label: t('dashboard.funnel.referred'), count: references.total },
      { id: 'decided', label: t('dashboard.funnel.decided'), count: decidedOf(references) },
      { id: 'accepted', label: t('dashboard.funnel.accepted'), count: references.byStatus.Accepted },
    ];
    body = (
      <Row gutter={[24, 16]}>
        <Col xs={24} md={10}>
          <Flex vertical gap={12}>
            <section aria-label={t('dashboard.funnel.label')}>
              <Flex vertical gap={12}>
                {steps.map((step) => (
                  <FunnelStep key={step.id} step={step} referred={references.total} />
                ))}
              </Flex>
            </section>
            <Fact
              testId="funnel-pending"
              label={t('dashboard.funnel.pending')}
              value={number(references.byStatus.Pending)}
            />
            <Fact
              testId="funnel-acceptance"
              label={t('dashboard.kpi.acceptance')}
              value={percent(decisions.acceptanceRate)}
              detail={decisions.acceptanceRate === null ? t('dashboard.none') : undefined}
            />
            <Fact
              testId="funnel-median"
              label={t('dashboard.kpi.median')}
              value={days(decisions.medianDays)}
              detail={
                decisions.medianDays === null
                  ? t('dashboard.none')
                  : t('dashboard.kpi.sampled', { count: decisions.sampled })
              }
            />
          </Flex>
        </Col>
        <Col xs={24} md={14}>
          <Typography.Text strong>{t('dashboard.weekly.title')}</Typography.Text>
          <WeeklyChart weekly={stats.weekly} height={220} />
        </Col>
      </Row>
    );
  }

  return (
    <Card
      data-testid="study-funnel"
      title={<span id={headingId}>{t('dashboard.funnel.title')}</span>}
      style={{ marginTop: 24 }}
      aria-labelledby={headingId}
    >
      {body}
    </Card>
  );
}
