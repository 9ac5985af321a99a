// The history panel of an edit screen: who changed which fields of the record, from what to what, and when.
import { Fragment } from 'react';
import { Card, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditEntity, AuditEntry } from '@trialdesk/shared';
import { StudyTitle } from '../resources/studies/api';
import { ContactName } from '../resources/studyContacts/api';
import { useRecordHistoryQuery } from '../core/api/auditApi';
import { enumLabel, type EnumGroup } from './enums';
import { formatDateTime, formatValue } from './format';
import { LoadError } from './ListError';

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

// Audit entities share their names with the dictionary sections holding their field labels.
const ENUM_FIELDS: Partial<Record<AuditEntity, Record<string, EnumGroup>>> = {
  studies: { specialty: 'specialty', status: 'studyStatus' },
  references: { status: 'referenceStatus' },
  users: { role: 'role', status: 'userStatus' },
};

/** A recorded value as people read it: labels for enums and booleans, names for the records it points to. */
function ChangeValue({ entity, field, value }: { entity: AuditEntity; field: string; value: unknown }) {
  const { t } = useTranslation();
  const none = t('app.none');
  if (typeof value === 'boolean') return value ? t('app.yes') : t('app.no');
  const group = ENUM_FIELDS[entity]?.[field];
  if (group && typeof value === 'string') return enumLabel(t, group, value);
  if (entity === 'studies' && field === 'contactId' && typeof value === 'string' && value) {
    return <ContactName id={value} />;
  }
  if (entity === 'references' && field === 'studyId' && typeof value === 'string' && value) {
    return <StudyTitle id={value} />;
  }
  if (entity === 'references' && field === 'duplicateOf' && typeof value === 'string' && value) {
    return <Link to={`/app/references/${value}`}>{t('references.openOriginal')}</Link>;
  }
  if (entity === 'references' && field === 'studyIds' && Array.isArray(value) && value.length) {
    return value.map((id, index) => (
      <Fragment key={String(id)}>
        {index > 0 && ', '}
        <StudyTitle id={String(id)} />
      </Fragment>
    ));
  }
  return formatValue(value, none);
}

function Changes({ entity, entry }: { entity: AuditEntity; entry: AuditEntry }) {
  const { t } = useTranslation();
  // A field empty before and after (e.g. an optional field left blank at creation) says nothing.
  const rows = Object.entries(entry.changes)
    .map(([field, change]) => ({ field, ...change }))
    .filter((row) => !(isBlank(row.from) && isBlank(row.to)));
  if (rows.length === 0) return null;
  const value = (field: string) => (v: unknown) => <ChangeValue entity={entity} field={field} value={v} />;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={rows}
      style={{ marginTop: 8, whiteSpace: 'pre-line' }}
      scroll={{ x: true }}
      columns={[
        {
          title: t('history.field'),
          dataIndex: 'field',
          width: '24%',
          render: (field: string) => t(`${entity}.fields.${field}`, { defaultValue: field }),
        },
        { title: t('history.from'), dataIndex: 'from', width: '38%', render: (v, row) => value(row.field)(v) },
        { title: t('history.to'), dataIndex: 'to', width: '38%', render: (v, row) => value(row.field)(v) },
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
                <Changes entity={entity} entry={entry} />
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
