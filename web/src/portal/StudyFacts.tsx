// What a referrer reads of a recruiting study: its specialty, conditions, dates, summary and criteria (each line as
// the triage checklist reads it), on its card in the list and above the refer form.
import { Collapse, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { criteriaLines, type ReferralStudy } from '@trialdesk/shared';
import { enumLabel } from '../ui/enums';
import { formatDay } from '../ui/format';

/** The study's period in words: both dates, one of them, or none (then nothing is shown). */
export function periodText(
  t: (key: string, params?: Record<string, string>) => string,
  language: string,
  { startDate, endDate }: Pick<ReferralStudy, 'startDate' | 'endDate'>,
): string | null {
  const day = (value: string) => formatDay(value, language);
  if (startDate && endDate) return t('portal.studies.between', { start: day(startDate), end: day(endDate) });
  if (startDate) return t('portal.studies.from', { date: day(startDate) });
  if (endDate) return t('portal.studies.until', { date: day(endDate) });
  return null;
}

/** The specialty, the conditions as tags, and the dates. */
export function StudyTags({ study }: { study: ReferralStudy }) {
  const { t, i18n } = useTranslation();
  const period = periodText(t, i18n.language, study);
  return (
    <Flex vertical gap={8}>
      <Flex gap={6} wrap align="center">
        <Tag color="blue" data-testid="study-specialty">
          {enumLabel(t, 'specialty', study.specialty)}
        </Tag>
        {period && (
          <Typography.Text type="secondary" data-testid="study-period">
            {period}
          </Typography.Text>
        )}
      </Flex>
      {study.conditions.length > 0 && (
        <Flex gap={6} wrap align="center" data-testid="study-conditions">
          <Typography.Text type="secondary">{t('portal.studies.conditions')}</Typography.Text>
          {study.conditions.map((condition) => (
            <Tag key={condition} style={{ whiteSpace: 'normal' }}>
              {condition}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function CriteriaList({ kind, text }: { kind: 'inclusion' | 'exclusion'; text: string }) {
  const { t } = useTranslation();
  const lines = criteriaLines(text);
  return (
    <section data-testid={`criteria-${kind}`}>
      <Typography.Title level={3} style={{ fontSize: 15, margin: '0 0 4px' }}>
        {t(kind === 'inclusion' ? 'portal.studies.inclusion' : 'portal.studies.exclusion')}
      </Typography.Title>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('portal.studies.none')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {lines.map((line, index) => (
            <li key={index} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {line}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The inclusion and exclusion criteria as lists, in a section that opens and closes (closed at first on a phone). */
export function StudyCriteria({ study, open }: { study: ReferralStudy; open: boolean }) {
  const { t } = useTranslation();
  return (
    <Collapse
      size="small"
      defaultActiveKey={open ? ['criteria'] : []}
      items={[
        {
          key: 'criteria',
          label: t('portal.studies.criteria'),
          children: (
            <Flex vertical gap={12}>
              <CriteriaList kind="inclusion" text={study.inclusionCriteria} />
              <CriteriaList kind="exclusion" text={study.exclusionCriteria} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
