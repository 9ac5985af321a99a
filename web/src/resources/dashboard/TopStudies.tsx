// The studies most referred to lately: the table with each one's status and counts, when it was made, and whether
// its reading stopped at the cap.
import { Alert, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { DASHBOARD, type DashboardStats, type TopStudy } from '@trialdesk/shared';
import { StudyStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { useFormats } from './figures';
import { studyPaths } from './paths';

export function TopStudies({ stats }: { stats: DashboardStats }) {
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
