// Above a reference's form: a portal referral's referrer, then once decided its decision (status, who and when,
// reason, original, the message sent to the referrer) and triage checklist beside the referrer's answers.
import { Descriptions, Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, CriterionAnswer, Reference, ReferralDetails } from '@trialdesk/shared';
import { useRecordHistoryQuery } from '../../core/api/auditApi';
import { enumLabel, ReferenceStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { pathsOf } from '../../ui/resource/definition';
import { references } from '.';
import { CriteriaTable } from './CriteriaTable';
import { AnswerTag, ReferrerPanel, referrerAnswers, type ChecklistKind } from './Referrer';

/** Whoever decided, by name (else e-mail): the history's entry by them (the same request the history panel makes). */
function useDeciderName(record: Reference): string | null {
  const { data } = useRecordHistoryQuery(
    { entity: 'references', entityId: record.id },
    { skip: !record.decidedAt || !record.decidedBy },
  );
  const entry = data?.items.find((item) => item.actorUid === record.decidedBy);
  return entry?.actorName || entry?.actorEmail || null;
}

/** The coordinator's answers of one kind, with the referrer's beside them when a referrer answered. */
function ChecklistTable({
  kind,
  items,
  referral,
}: {
  kind: ChecklistKind;
  items: ChecklistItem[];
  referral: ReferralDetails | null;
}) {
  const { t } = useTranslation();
  const theirs = referrerAnswers(
    referral,
    kind,
    items.map((item) => item.criterion),
  );
  const referrerColumn = {
    title: t('references.referral.answer'),
    key: 'referrer',
    render: (_: unknown, row: { position: number }) => {
      const answer = theirs[row.position];
      return answer ? <AnswerTag answer={answer} /> : t('references.referral.notAnswered');
    },
  };
  return (
    <CriteriaTable<ChecklistItem>
      id={`decision-${kind}`}
      heading={t(kind === 'inclusion' ? 'references.criteria.inclusion' : 'references.criteria.exclusion')}
      items={items}
      criterionWidth={referral?.checklist ? '40%' : '50%'}
      columns={[
        {
          title: t('references.decision.answer'),
          dataIndex: 'answer',
          render: (answer: CriterionAnswer) => <AnswerTag answer={answer} />,
        },
        ...(referral?.checklist ? [referrerColumn] : []),
        {
          title: t('references.decision.note'),
          dataIndex: 'note',
          render: (note: string) => note || t('app.none'),
        },
      ]}
    />
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
  if (record.referral) {
    items.push({
      key: 'message',
      label: t('references.decision.message'),
      children: triage?.message ? (
        <span style={{ whiteSpace: 'pre-wrap' }} data-testid="decision-message">
          {triage.message}
        </span>
      ) : (
        <>{t('references.decision.noMessage')}</>
      ),
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
          <ChecklistTable kind="inclusion" items={triage.inclusion} referral={record.referral} />
          <ChecklistTable kind="exclusion" items={triage.exclusion} referral={record.referral} />
        </Flex>
      )}
    </section>
  );
}

/** Above a reference's form: its referrer (a portal referral's), then its decision once decided. */
export function ReferenceHeader({ record }: { record: Reference }) {
  const decided = {
    inclusion: record.triage?.inclusion.map((item) => item.criterion) ?? [],
    exclusion: record.triage?.exclusion.map((item) => item.criterion) ?? [],
  };
  return (
    <>
      {record.referral && <ReferrerPanel referral={record.referral} decided={decided} />}
      <ReferenceDecision record={record} />
    </>
  );
}
