import { Card, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntity, AuditEntry } from '@trialdesk/shared';
import { useRecordHistoryQuery } from './auditApi';
import { formatDateTime, formatValue } from './format';
import { LoadError } from './ListError';

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = Object.entries(entry.changes).map(([field, change]) => ({ field, ...change }));
  if (rows.length === 0) return null;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={rows}
      style={{ marginTop: 8 }}
      scroll={{ x: true }}
      columns={[
        { title: t('history.field'), dataIndex: 'field', width: '30%' },
        { title: t('history.from'), dataIndex: 'from', render: (v: unknown) => formatValue(v, t('app.none')) },
        { title: t('history.to'), dataIndex: 'to', render: (v: unknown) => formatValue(v, t('app.none')) },
      ]}
    />
  );
}

/** Who changed what and when on one record, newest first (values come masked from the server). */
export function HistoryPanel({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, refetch } = useRecordHistoryQuery({ entity, entityId });
  return (
    <Card title={<h2 className="card-heading">{t('history.title')}</h2>} data-testid="history">
      {isLoading ? (
        <Spin />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data?.items.length ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Timeline
          items={data.items.map((entry) => ({
            key: entry.id,
            content: (
              <div>
                <Typography.Text strong>{t(`history.actions.${entry.action}`)}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t('history.by', { actor: entry.actorEmail ?? t('history.unknownActor') })} ·{' '}
                  {formatDateTime(entry.at, i18n.language)}
                </Typography.Text>
                <Changes entry={entry} />
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
