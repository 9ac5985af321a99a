// Who changed which record how, and when: the audit log's latest entries as sentences in the reader's language, each
// record linked where it still opens, a deleted one named as it was last called.
import { Table, Typography, type TableColumnsType } from 'antd';
import { TextLink } from '../../ui/TextLink';
import type { ActivityEntry } from '@trialdesk/shared';
import { AuditSentence, useActorName } from '../../ui/AuditSentence';
import { formatDateTime } from '../../ui/format';
import { useFormats } from './figures';
import { recordPath } from '../../ui/resource/registry';

export function Activity({ entries, admin }: { entries: ActivityEntry[]; admin: boolean }) {
  const { t, language } = useFormats();
  const actorName = useActorName();
  const recordOf = (entry: ActivityEntry) => {
    // "the study", "la référence": the kind with its article, from the dashboard's words.
    const kind = t([`dashboard.activity.records.${entry.entity}`, 'dashboard.activity.records.other']);
    const path = recordPath(entry.entity, entry.entityId);
    // A deleted record opens nowhere; user accounts open for Admins only.
    const linked = path && !entry.deleted && (entry.entity !== 'users' || admin);
    return (
      <>
        {kind}
        {entry.label !== null && ' '}
        {entry.label !== null && (linked ? <TextLink to={path}>{entry.label}</TextLink> : entry.label)}
        {entry.deleted && (
          <>
            {' '}
            <Typography.Text type="secondary">{t('dashboard.activity.gone')}</Typography.Text>
          </>
        )}
      </>
    );
  };
  const columns: TableColumnsType<ActivityEntry> = [
    {
      key: 'at',
      title: t('dashboard.activity.at'),
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, language)}</span>,
    },
    {
      key: 'what',
      title: t('dashboard.activity.what'),
      render: (_, entry) => (
        <AuditSentence
          action={entry.action}
          decision={entry.decision}
          actor={actorName(entry)}
          record={recordOf(entry)}
        />
      ),
    },
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
