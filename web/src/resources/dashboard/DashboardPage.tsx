// /app/dashboard: recruitment across the studies or in one (`?study=`): key figures, charts, top studies, activity.
import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Col, Flex, Row, Table, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import {
  DASHBOARD,
  idSchema,
  type AccessRequest,
  type ActivityEntry,
  type AuditEntity,
  type DashboardStats,
  type Study,
  type TopStudy,
} from '@trialdesk/shared';
import { recordApi } from '../../core/api/records';
import { useAppSelector } from '../../core/store';
import { Chart } from '../../ui/chart/Chart';
import { enumLabel, StudyStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { KpiCard } from '../../ui/KpiCard';
import { LoadError } from '../../ui/ListError';
import { PageLoading } from '../../ui/PageLoading';
import { RecordName } from '../../ui/RecordName';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { pathsOf } from '../../ui/resource/definition';
import { studyContacts } from '../studyContacts';
import { users } from '../users';
import { useDashboardStatsQuery } from './api';
import { referenceColors, studyColors, useFormats, WeeklyChart } from './figures';

// The study edit screen shows this folder's funnel, so this folder imports neither the studies nor the references
// (which import the studies): no cycle between resources. It names their paths itself (the tests check them against
// the definitions) and asks the studies' list and record through the same cached record endpoints.
const studyPaths = pathsOf({ path: 'studies' });
const referencePaths = pathsOf({ path: 'references' });
const studyApi = recordApi('studies');
const userPaths = pathsOf(users);
/** The triage screen (resources/pages.ts), below the references. */
const TRIAGE_PATH = `${referencePaths.list}/triage`;

/** Studies matching a search, as the filter's options. */
function useStudyOptions(search: string) {
  const { data, isFetching } = studyApi.useList({ search: search || undefined, page: 1, pageSize: 20 });
  return { options: (data?.items ?? []).map((s) => ({ value: s.id, label: s.title })), loading: isFetching };
}

/** The chosen study's title while its option is not loaded (a page opened at `?study=`). */
function StudyTitle({ id }: { id: string }) {
  return <RecordName query={studyApi.useGet(id)} name={(study: Study) => study.title} />;
}

/** Where an activity entry's record opens; none for documents (no screen of their own) or a deleted record. */
const RECORD_PATHS: Record<AuditEntity, ((id: string) => string) | null> = {
  studies: studyPaths.edit,
  references: referencePaths.edit,
  studyContacts: pathsOf(studyContacts).edit,
  users: userPaths.edit,
  documents: null,
};
const ENTITY_LABELS: Record<AuditEntity, string> = {
  studies: 'dashboard.activity.entities.studies',
  references: 'dashboard.activity.entities.references',
  studyContacts: 'dashboard.activity.entities.studyContacts',
  users: 'dashboard.activity.entities.users',
  documents: 'dashboard.activity.entities.documents',
};

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

/** The four key figures: references, the backlog (with the way to triage it), acceptance, time to decision. */
function Kpis({ stats, study }: { stats: DashboardStats; study: string | null }) {
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

/** A donut of counts by status, each status in its colour. */
function StatusDonut<S extends string>({
  title,
  category,
  series,
  counts,
  colors,
  label,
}: {
  title: string;
  category: string;
  series: string;
  counts: Record<S, number>;
  /** Each status's colour, in the order the chart lists them. */
  colors: Record<S, string>;
  label: (status: S) => string;
}) {
  const data = useMemo(() => {
    const statuses = Object.keys(colors) as S[];
    return {
      categories: statuses.map(label),
      series: [{ name: series, data: statuses.map((status) => counts[status]) }],
      colors: statuses.map((status) => colors[status]),
    };
  }, [colors, counts, label, series]);
  return (
    <Chart
      kind="donut"
      title={title}
      categoryLabel={category}
      categories={data.categories}
      series={data.series}
      colors={data.colors}
    />
  );
}

function TopStudies({ stats }: { stats: DashboardStats }) {
  const { t, number, language } = useFormats();
  const days = DASHBOARD.recentDays;
  const columns: TableColumnsType<TopStudy> = [
    {
      key: 'title',
      title: t('dashboard.top.study'),
      // Long titles are cut to the column, whole on hover: the counts stay in view.
      ellipsis: { showTitle: false },
      render: (_, study) => (
        <Tooltip title={study.title} placement="topLeft">
          <Link to={studyPaths.edit(study.id)}>{study.title}</Link>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('dashboard.top.status'),
      width: 130,
      render: (_, study) => <StudyStatusTag t={t} status={study.status} />,
    },
    {
      key: 'recent',
      title: t('dashboard.top.recent', { days }),
      width: 120,
      align: 'right',
      render: (_, s) => number(s.recent),
    },
    {
      key: 'total',
      title: t('dashboard.top.total'),
      width: 100,
      align: 'right',
      render: (_, s) => number(s.referenceCount),
    },
  ];
  return (
    <Flex vertical gap={8}>
      {stats.topStudiesAt && (
        <Typography.Text type="secondary" data-testid="top-studies-at">
          {t('dashboard.top.at', { time: formatDateTime(stats.topStudiesAt, language) })}
        </Typography.Text>
      )}
      {stats.topStudiesPartial && (
        <Alert
          type="info"
          showIcon
          data-testid="top-studies-partial"
          title={t('dashboard.top.partial', { count: number(DASHBOARD.recentReadMax), days })}
        />
      )}
      <Table<TopStudy>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={stats.topStudies}
        pagination={false}
        tableLayout="fixed"
        caption={<span className="visually-hidden">{t('dashboard.top.caption', { days })}</span>}
        locale={{ emptyText: t('dashboard.top.empty', { days }) }}
      />
    </Flex>
  );
}

/** The latest access requests (Admins), each opening the account, with the way to the list of pending ones. */
function AccessRequests({ pending, requests }: { pending: number; requests: AccessRequest[] }) {
  const { t, language } = useFormats();
  const { token } = theme.useToken();
  if (!requests.length) return <Typography.Text type="secondary">{t('dashboard.requests.empty')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{t('dashboard.requests.pending', { count: pending })}</Typography.Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {requests.map((request) => (
          <li
            key={request.id}
            data-testid="access-request"
            style={{ padding: '8px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Flex vertical>
              <Link to={userPaths.edit(request.id)}>{request.displayName || request.email}</Link>
              <Typography.Text type="secondary">
                {request.email} · {t('dashboard.requests.asRole', { role: enumLabel(t, 'role', request.role) })}
              </Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(request.createdAt, language)}</Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** Who changed which record how, and when: the audit log's latest entries. */
function Activity({ entries, admin }: { entries: ActivityEntry[]; admin: boolean }) {
  const { t, language } = useFormats();
  const recordOf = (entry: ActivityEntry) => {
    const label = t(ENTITY_LABELS[entry.entity]);
    const path = RECORD_PATHS[entry.entity];
    // A deleted record opens nowhere (and has no name left); user accounts open for Admins only.
    const linked = path && (entry.entity !== 'users' || admin);
    return (
      <>
        {label}{' '}
        {linked && entry.label !== null ? (
          <Link to={path(entry.entityId)}>{entry.label}</Link>
        ) : (
          <Typography.Text type="secondary">{entry.label ?? t('dashboard.activity.deleted')}</Typography.Text>
        )}
      </>
    );
  };
  const columns: TableColumnsType<ActivityEntry> = [
    { key: 'at', title: t('dashboard.activity.at'), render: (_, entry) => formatDateTime(entry.at, language) },
    {
      key: 'actor',
      title: t('dashboard.activity.actor'),
      render: (_, entry) => entry.actorEmail ?? t('dashboard.activity.unknownActor'),
    },
    {
      key: 'action',
      title: t('dashboard.activity.action'),
      render: (_, entry) => t(`history.actions.${entry.action}`),
    },
    { key: 'record', title: t('dashboard.activity.record'), render: (_, entry) => recordOf(entry) },
  ];
  return (
    <Table<ActivityEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="visually-hidden">{t('dashboard.activity.caption')}</span>}
      locale={{ emptyText: t('dashboard.activity.empty') }}
    />
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
              <Link to={`${userPaths.list}?${new URLSearchParams({ approval: 'pending' })}`}>
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
            renderLabel={(id) => <StudyTitle id={id} />}
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
