// A portal referral's referrer as the study team reads it: the Portal tag, the referrer's facts (how to reach them,
// the patient's year of birth and sex, the consent, the note) and their checklist answers matched to criteria.
import { Descriptions, Tag, Typography } from 'antd';
import { CheckCircleOutlined, GlobalOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, CriterionAnswer, ReferralDetails } from '@trialdesk/shared';
import { enumLabel } from '../../ui/enums';
import { CriteriaTable } from './CriteriaTable';
import { Answers } from './TriageChange';

export type ChecklistKind = 'inclusion' | 'exclusion';

/** Marks a reference a referrer made through the portal: an icon and a word, never colour alone. */
export function PortalTag() {
  const { t } = useTranslation();
  return (
    <Tag icon={<GlobalOutlined />} color="blue" data-testid="portal-tag">
      {t('references.referral.portal')}
    </Tag>
  );
}

const ANSWER_COLORS: Record<CriterionAnswer, string> = { met: 'green', notMet: 'red', unknown: 'default' };

/** A criterion's answer as a tag in words. */
export function AnswerTag({ answer }: { answer: CriterionAnswer }) {
  const { t } = useTranslation();
  return <Tag color={ANSWER_COLORS[answer]}>{enumLabel(t, 'criterionAnswer', answer)}</Tag>;
}

/**
 * The referrer's answer to each of `criteria` (undefined where they gave none): the item at the same place when its
 * criterion reads the same, else the first of the same text not taken yet (the study's criteria may have changed
 * between the referral and the decision).
 */
export function referrerAnswers(
  referral: ReferralDetails | null,
  kind: ChecklistKind,
  criteria: readonly string[],
): (CriterionAnswer | undefined)[] {
  const items = referral?.checklist?.[kind] ?? [];
  const taken = new Set<number>();
  return criteria.map((criterion, index) => {
    const at = items[index]?.criterion === criterion && !taken.has(index) ? index : -1;
    const found = at >= 0 ? at : items.findIndex((item, i) => !taken.has(i) && item.criterion === criterion);
    if (found < 0) return undefined;
    taken.add(found);
    return items[found].answer;
  });
}

/** The referrer's checklist items whose criterion none of `criteria` reads (all of them when there are none). */
export function unmatchedItems(
  referral: ReferralDetails,
  kind: ChecklistKind,
  criteria: readonly string[],
): ChecklistItem[] {
  const left = [...criteria];
  return (referral.checklist?.[kind] ?? []).filter((item) => {
    const at = left.indexOf(item.criterion);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/** The referrer's facts as description items: name, organisation, phone and e-mail as links, the patient, consent. */
export function referrerItems(t: TFunction, referral: ReferralDetails) {
  const none = t('app.none');
  return [
    { key: 'name', label: t('references.referral.name'), children: referral.name || none },
    { key: 'organisation', label: t('references.referral.organisation'), children: referral.organisation || none },
    {
      key: 'phone',
      label: t('references.referral.phone'),
      children: referral.phone ? <a href={`tel:${referral.phone.replace(/[^\d+]/g, '')}`}>{referral.phone}</a> : none,
    },
    {
      key: 'email',
      label: t('references.referral.email'),
      children: referral.email ? (
        <a href={`mailto:${referral.email}`} style={{ overflowWrap: 'anywhere' }}>
          {referral.email}
        </a>
      ) : (
        none
      ),
    },
    { key: 'birthYear', label: t('references.referral.birthYear'), children: String(referral.birthYear) },
    { key: 'sex', label: t('references.referral.sex'), children: enumLabel(t, 'sex', referral.sex) },
    {
      key: 'consent',
      label: t('references.referral.consent'),
      children: (
        <Typography.Text>
          <CheckCircleOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          {t('references.referral.consentGiven')}
        </Typography.Text>
      ),
    },
    {
      key: 'note',
      label: t('references.referral.note'),
      children: referral.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{referral.note}</span> : none,
    },
  ];
}

/** The referrer's own answers (criterion, answer) of one kind, as a table. */
function ReferrerChecklist({ kind, items }: { kind: ChecklistKind; items: ChecklistItem[] }) {
  const { t } = useTranslation();
  return (
    <CriteriaTable<ChecklistItem>
      id={`referrer-${kind}`}
      heading={t(kind === 'inclusion' ? 'references.referral.inclusion' : 'references.referral.exclusion')}
      items={items}
      criterionWidth="60%"
      style={{ marginTop: 16 }}
      columns={[
        {
          title: t('references.referral.answer'),
          dataIndex: 'answer',
          render: (answer: CriterionAnswer) => <AnswerTag answer={answer} />,
        },
      ]}
    />
  );
}

/**
 * A portal referral's "Referrer" panel on the reference screen: the facts, then the referrer's answers to the
 * criteria the decision's checklist does not show beside its own (all of them until it is decided).
 */
export function ReferrerPanel({
  referral,
  decided,
}: {
  referral: ReferralDetails;
  /** The decision's checklist criteria, by kind (none until decided on the triage screen). */
  decided: Record<ChecklistKind, string[]>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reference-referrer" data-testid="reference-referrer" style={{ marginBottom: 24 }}>
      <h2 id="reference-referrer" className="card-heading" style={{ marginBottom: 12 }}>
        {t('references.referral.title')} <PortalTag />
      </h2>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 1, lg: 2 }} items={referrerItems(t, referral)} />
      {(['inclusion', 'exclusion'] as const).map((kind) => (
        <ReferrerChecklist key={kind} kind={kind} items={unmatchedItems(referral, kind, decided[kind])} />
      ))}
    </section>
  );
}

/** What a portal referral recorded, as the history shows it: each fact on its line, then the referrer's answers. */
export function ReferralChange({ referral }: { referral: ReferralDetails }) {
  const { t } = useTranslation();
  return (
    <div data-testid="history-referral">
      {referrerItems(t, referral).map((item) => (
        <div key={item.key}>
          {t('app.labelled', { label: item.label, value: '' })}
          {item.children}
        </div>
      ))}
      {referral.checklist && (
        <>
          <Answers heading={t('references.referral.inclusion')} items={referral.checklist.inclusion} />
          <Answers heading={t('references.referral.exclusion')} items={referral.checklist.exclusion} />
        </>
      )}
    </div>
  );
}
