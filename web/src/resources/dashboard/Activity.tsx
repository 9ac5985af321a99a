// Who changed which record how, and when: the audit log's latest entries, each record linked where it still opens.
import { Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ActivityEntry } from '@trialdesk/shared';
import { formatDateTime } from '../../ui/format';
import { useFormats } from './figures';
import { recordPath } from '../../ui/resource/registry';

export function Activity({ entries, admin }: { entries: ActivityEntry[]; admin: boolean }) {
  const { t, language } = useFormats();
  const recordOf = (entry: ActivityEntry) => {
    // The kind's name for one record, from its dictionary section.
    const label = t(`${entry.entity}.one`);
    const path = recordPath(entry.entity, entry.entityId);
    // A deleted record opens nowhere (and has no name left); user accounts open for Admins only.
    const linked = path && (entry.entity !== 'users' || admin);
    return (
      <>
        {label}{' '}
        {linked && entry.label !== null ? (
          <Link to={path}>{entry.label}</Link>
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
