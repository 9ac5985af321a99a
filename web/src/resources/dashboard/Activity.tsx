// Who changed which record how, and when: the audit log's latest entries, each record linked where it still opens.
import { Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ActivityEntry, AuditEntity } from '@trialdesk/shared';
import { formatDateTime } from '../../ui/format';
import { useFormats } from './figures';
import { referencePaths, studyContactPaths, studyPaths, userPaths } from './paths';

/** Where an activity entry's record opens; none for documents (no screen of their own) or a deleted record. */
const RECORD_PATHS: Record<AuditEntity, ((id: string) => string) | null> = {
  studies: studyPaths.edit,
  references: referencePaths.edit,
  studyContacts: studyContactPaths.edit,
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

export function Activity({ entries, admin }: { entries: ActivityEntry[]; admin: boolean }) {
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
