// Above a decided reference's form: its decision (status, who and when, reason, original) and triage checklist.
import { Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, CriterionAnswer, Reference } from '@trialdesk/shared';
import { useRecordHistoryQuery } from '../../core/api/auditApi';
import { enumLabel, ReferenceStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { pathsOf } from '../../ui/resource/definition';
import { references } from '.';

const ANSWER_COLORS: Record<CriterionAnswer, string> = { met: 'green', notMet: 'red', unknown: 'default' };

/** Whoever decided, by name (else e-mail): the history's entry by them (the same request the history panel makes). */
function useDeciderName(record: Reference): string | null {
  const { data } = useRecordHistoryQuery(
    { entity: 'references', entityId: record.id },
    { skip: !record.decidedAt || !record.decidedBy },
  );
  const entry = data?.items.find((item) => item.actorUid === record.decidedBy);
  return entry?.actorName || entry?.actorEmail || null;
}

function ChecklistTable({ kind, items }: { kind: 'inclusion' | 'exclusion'; items: ChecklistItem[] }) {
  const { t } = useTranslation();
  const headingId = `decision-${kind}`;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 14, margin: '0 0 8px' }}>
        {t(kind === 'inclusion' ? 'references.criteria.inclusion' : 'references.criteria.exclusion')}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="position"
        dataSource={items.map((item, position) => ({ ...item, position }))}
        scroll={{ x: true }}
        data-testid={`decision-${kind}`}
        columns={[
          {
            title: t('references.decision.criterion'),
            dataIndex: 'criterion',
            width: '50%',
            render: (criterion: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{criterion}</span>,
          },
          {
            title: t('references.decision.answer'),
            dataIndex: 'answer',
            render: (answer: CriterionAnswer) => (
              <Tag color={ANSWER_COLORS[answer]}>{enumLabel(t, 'criterionAnswer', answer)}</Tag>
            ),
          },
          {
            title: t('references.decision.note'),
            dataIndex: 'note',
            render: (note: string) => note || t('app.none'),
          },
        ]}
      />
    </section>
  );
}

/** A decided reference's decision, above its form; nothing while it is pending. */
export function ReferenceDecision({ record }: { record: Reference }) {
  const { t, i18n } = useTranslation();
  const actor = useDeciderName(record);
  if (!record.decidedAt) return null;
  const { triage } = record;
  const at = formatDateTime(record.decidedAt, i18n.language);
  const items = [
    {
      key: 'status',
      label: t('references.fields.status'),
      children: <ReferenceStatusTag t={t} status={record.status} />,
    },
    {
      key: 'decided',
      label: t('references.decision.decided'),
      children: actor ? t('references.decision.decidedBy', { at, actor }) : at,
    },
  ];
  if (triage?.reason) {
    items.push({
      key: 'reason',
      label: t('references.decision.reason'),
      children: <>{enumLabel(t, 'rejectReason', triage.reason)}</>,
    });
  }
  if (triage?.reasonNote) {
    items.push({
      key: 'reasonNote',
      label: t('references.decision.reasonNote'),
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{triage.reasonNote}</span>,
    });
  }
  if (record.status === 'Duplicate' && record.duplicateOf) {
    items.push({
      key: 'original',
      label: t('references.decision.original'),
      children: <Link to={pathsOf(references).edit(record.duplicateOf)}>{t('references.openOriginal')}</Link>,
    });
  }
  if (triage?.confirmed) {
    items.push({
      key: 'confirmed',
      label: t('references.decision.checklist'),
      children: <Tag color="orange">{t('references.decision.confirmed')}</Tag>,
    });
  }
  return (
    <section aria-labelledby="reference-decision" data-testid="reference-decision" style={{ marginBottom: 24 }}>
      <h2 id="reference-decision" className="card-heading" style={{ marginBottom: 12 }}>
        {t('references.decision.title')}
      </h2>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />
      {triage && (triage.inclusion.length > 0 || triage.exclusion.length > 0) && (
        <Flex vertical gap={16} style={{ marginTop: 16 }}>
          <ChecklistTable kind="inclusion" items={triage.inclusion} />
          <ChecklistTable kind="exclusion" items={triage.exclusion} />
        </Flex>
      )}
    </section>
  );
}
