// The study's criteria as the referrer's checklist: each line (in criteriaLines order) met, not met or unknown, as
// far as they know; Unknown until answered.
import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CRITERION_ANSWERS, criteriaLines, type CriterionAnswer, type ReferralStudy } from '@trialdesk/shared';
import { enumOptions } from '../ui/enums';

export type CriteriaKind = 'inclusion' | 'exclusion';
const KINDS: CriteriaKind[] = ['inclusion', 'exclusion'];

/** The study's criteria lines of each kind, in the order the server checks the answers against. */
export function checklistLines(
  study: Pick<ReferralStudy, 'inclusionCriteria' | 'exclusionCriteria'>,
): Record<CriteriaKind, string[]> {
  return { inclusion: criteriaLines(study.inclusionCriteria), exclusion: criteriaLines(study.exclusionCriteria) };
}

/** Every line Unknown: the checklist as it starts. */
export function unknownAnswers(lines: Record<CriteriaKind, string[]>): Record<CriteriaKind, CriterionAnswer[]> {
  return {
    inclusion: lines.inclusion.map(() => 'unknown'),
    exclusion: lines.exclusion.map(() => 'unknown'),
  };
}

/** The checklist's fields (`checklist.inclusion.<n>`, `checklist.exclusion.<n>`) inside the refer form. */
export function CriteriaChecklist({ lines }: { lines: Record<CriteriaKind, string[]> }) {
  const { t } = useTranslation();
  const options = enumOptions(t, 'criterionAnswer', CRITERION_ANSWERS);
  return (
    <>
      {KINDS.filter((kind) => lines[kind].length > 0).map((kind) => (
        <section key={kind} aria-labelledby={`checklist-${kind}`} data-testid={`checklist-${kind}`}>
          <Typography.Title level={3} id={`checklist-${kind}`} style={{ fontSize: 15, margin: '8px 0' }}>
            {t(kind === 'inclusion' ? 'portal.studies.inclusion' : 'portal.studies.exclusion')}
          </Typography.Title>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {lines[kind].map((line, index) => (
              <li key={index} data-testid={`checklist-${kind}-${index}`} style={{ marginBottom: 12 }}>
                <Typography.Paragraph style={{ margin: '0 0 6px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {line}
                </Typography.Paragraph>
                <Form.Item name={['checklist', kind, index]} noStyle>
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    size="large"
                    aria-label={t('portal.refer.answerOf', { criterion: line })}
                    options={options}
                  />
                </Form.Item>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
