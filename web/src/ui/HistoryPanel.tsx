// The history panel of an edit screen: each change as a sentence (who did what, when), then its fields from what to
// what, every value as people read it (labels, names, masked identifiers).
import type { ReactNode } from 'react';
import { Card, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERSON_FIELDS, decisionOf, type AuditEntity, type AuditEntry } from '@trialdesk/shared';
import { useRecordHistoryQuery } from '../core/api/auditApi';
import { AuditSentence, useActorName } from './AuditSentence';
import { enumLabel, type EnumGroup } from './enums';
import { formatDateTime, formatValue } from './format';
import { LoadError } from './ListError';

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** How a resource's history shows its values: enum fields by their labels, links to the records they point to. */
export interface HistoryDisplay {
  /** The audit entity; its dictionary section holds the field labels. */
  entity: AuditEntity;
  enums?: Record<string, EnumGroup>;
  /** A value shown the resource's own way (a study's title for its id), or undefined for the usual way. */
  value?: (field: string, value: unknown) => ReactNode;
}

/**
 * A recorded value as people read it: labels for enums and booleans, names for the records it points to (the
 * history's and a save conflict's).
 */
export function ChangeValue({
  display,
  field,
  value,
}: {
  display: Pick<HistoryDisplay, 'enums' | 'value'>;
  field: string;
  value: unknown;
}) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return value ? t('app.yes') : t('app.no');
  const group = display.enums?.[field];
  if (group && typeof value === 'string') return enumLabel(t, group, value);
  return display.value?.(field, value) ?? formatValue(value, t('app.none'));
}

function Changes({ display, entry }: { display: HistoryDisplay; entry: AuditEntry }) {
  const { t } = useTranslation();
  // A field empty before and after (e.g. an optional field left blank at creation) says nothing.
  const rows = Object.entries(entry.changes)
    .map(([field, change]) => ({ field, ...change }))
    .filter((row) => !(isBlank(row.from) && isBlank(row.to)));
  if (rows.length === 0) return null;
  // A field holding a user id shows the person's name, which the server sent with the entry.
  const person = (PERSON_FIELDS[entry.entity] ?? []) as readonly string[];
  const value = (field: string) => (v: unknown) =>
    person.includes(field) && typeof v === 'string' && v ? (
      (entry.people[v] ?? t('history.unknownPerson'))
    ) : (
      <ChangeValue display={display} field={field} value={v} />
    );
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
          render: (field: string) => t(`${display.entity}.fields.${field}`, { defaultValue: field }),
        },
        { title: t('history.from'), dataIndex: 'from', width: '38%', render: (v, row) => value(row.field)(v) },
        { title: t('history.to'), dataIndex: 'to', width: '38%', render: (v, row) => value(row.field)(v) },
      ]}
    />
  );
}

/** Who changed what and when on one record, newest first (values come masked from the server). */
export function HistoryPanel({ entityId, ...display }: HistoryDisplay & { entityId: string }) {
  const { t, i18n } = useTranslation();
  const actorName = useActorName();
  const { entity } = display;
  const record = t([`history.this.${entity}`, 'history.this.other']);
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
                <Typography.Text strong data-testid="history-sentence">
                  <AuditSentence
                    action={entry.action}
                    decision={decisionOf(entry)}
                    actor={actorName(entry)}
                    record={record}
                  />
                </Typography.Text>{' '}
                <Typography.Text type="secondary">· {formatDateTime(entry.at, i18n.language)}</Typography.Text>
                <Changes display={display} entry={entry} />
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
