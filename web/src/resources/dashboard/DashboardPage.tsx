// /app/dashboard: recruitment across the studies or in one (`?study=`): key figures, charts, top studies, activity.
import { useMemo, type ReactNode } from 'react';
import { Card, Col, Flex, Row, theme, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { idSchema, type DashboardStats } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { enumLabel } from '../../ui/enums';
import { LoadError } from '../../ui/ListError';
import { PageLoading } from '../../ui/PageLoading';
import { RecordLabel, recordOptions } from '../../ui/resource/references';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { AccessRequests } from './AccessRequests';
import { Activity } from './Activity';
import { useDashboardStatsQuery } from './api';
import { referenceColors, studyColors, useFormats, WeeklyChart } from './figures';
import { Kpis } from './Kpis';
import { userPaths } from './paths';
import { StatusDonut } from './StatusDonut';
import { TopStudies } from './TopStudies';

// The studies named by key: this folder imports no kind's folder (see paths.ts).
const useStudyOptions = recordOptions('studies');

function CardHeading({ children }: { children: string }) {
  return <h2 className="card-heading">{children}</h2>;
}

/** A card of the page, as tall as the others of its row, headed by an h2. */
function Section({
  title,
  extra,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={<CardHeading>{title}</CardHeading>}
      extra={extra}
      data-testid={testId}
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

/** The figures once loaded, in rows that fold to one column on narrow screens. */
function Figures({ stats, study }: { stats: DashboardStats; study: string | null }) {
  const { t } = useFormats();
  const { token } = theme.useToken();
  const admin = useAppSelector((state) => state.auth.user?.role) === 'Admin';
  const refColors = useMemo(() => referenceColors(token), [token]);
  const stColors = useMemo(() => studyColors(token), [token]);
  const referenceLabel = useMemo(() => (status: string) => enumLabel(t, 'referenceStatus', status), [t]);
  const studyLabel = useMemo(() => (status: string) => enumLabel(t, 'studyStatus', status), [t]);
  const all = !study;
  const requests = stats.users;
  return (
    <Row gutter={[16, 16]}>
      <Kpis stats={stats} study={study} />
      <Col xs={24} xl={16}>
        <Section title={t('dashboard.weekly.title')} testId="weekly">
          <WeeklyChart weekly={stats.weekly} />
          <Typography.Text type="secondary">{t('dashboard.weekly.partial')}</Typography.Text>
        </Section>
      </Col>
      <Col xs={24} md={all ? 12 : 24} xl={8}>
        <Section title={t('dashboard.references.title')} testId="references-by-status">
          <StatusDonut
            title={t('dashboard.references.title')}
            category={t('dashboard.references.category')}
            series={t('dashboard.references.series')}
            counts={stats.references.byStatus}
            colors={refColors}
            label={referenceLabel}
          />
        </Section>
      </Col>
      {all && (
        <>
          <Col xs={24} md={12} xl={8}>
            <Section title={t('dashboard.studies.title')} testId="studies-by-status">
              <StatusDonut
                title={t('dashboard.studies.title')}
                category={t('dashboard.studies.category')}
                series={t('dashboard.studies.series')}
                counts={stats.studies.byStatus}
                colors={stColors}
                label={studyLabel}
              />
            </Section>
          </Col>
          <Col xs={24} xl={16}>
            <Section title={t('dashboard.top.title')} testId="top-studies">
              <TopStudies stats={stats} />
            </Section>
          </Col>
        </>
      )}
      <Col xs={24} xl={requests ? 16 : 24}>
        <Section title={t('dashboard.activity.title')} testId="activity">
          <Activity entries={stats.activity} admin={admin} />
        </Section>
      </Col>
      {requests && (
        <Col xs={24} xl={8}>
          <Section
            title={t('dashboard.requests.title')}
            testId="access-requests"
            extra={
              <Link to={`${userPaths().list}?${new URLSearchParams({ approval: 'pending' })}`}>
                {t('dashboard.requests.review')}
              </Link>
            }
          >
            <AccessRequests pending={requests.pending} requests={requests.requests} />
          </Section>
        </Col>
      )}
    </Row>
  );
}

export default function DashboardPage() {
  const { t } = useFormats();
  const [params, setParams] = useSearchParams();
  const requested = params.get('study');
  // A hand-edited address with no valid id shows all studies rather than a refused call.
  const study = requested && idSchema.safeParse(requested).success ? requested : null;
  const { currentData: stats, isError, error, refetch } = useDashboardStatsQuery(study ? { studyId: study } : {});

  const chooseStudy = (value: string | string[] | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (typeof value === 'string' && value) next.set('study', value);
      else next.delete('study');
      return next;
    });

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <div style={{ width: 320, maxWidth: '100%' }}>
          <RemoteSelect
            testId="dashboard-study"
            aria-label={t('dashboard.study')}
            placeholder={t('dashboard.allStudies')}
            allowClear
            value={study}
            onChange={chooseStudy}
            useOptions={useStudyOptions}
            renderLabel={(id) => <RecordLabel kind="studies" id={id} />}
          />
        </div>
      </Flex>
      {isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : stats ? (
        <Figures stats={stats} study={study} />
      ) : (
        <PageLoading />
      )}
    </Flex>
  );
}
