// One list of a study's criteria as a checklist: each line with its answer (met, not met, unknown) and a note, and
// for a portal referral the referrer's answer beside it.
import { Flex, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CRITERION_ANSWERS, LIMITS, type ChecklistAnswer, type CriterionAnswer } from '@trialdesk/shared';
import { enumOptions } from '../../../ui/enums';
import { AnswerTag } from '../Referrer';

export type CriteriaKind = 'inclusion' | 'exclusion';

/** What the referrer answered to a line: a tag in words, or that they did not answer it. */
function ReferrerAnswer({ answer }: { answer: CriterionAnswer | undefined }) {
  const { t } = useTranslation();
  return (
    <Flex gap={6} align="center" wrap data-testid="referrer-answer">
      <Typography.Text type="secondary">{t('triage.referrerAnswered')}</Typography.Text>
      {answer ? (
        <AnswerTag answer={answer} />
      ) : (
        <Typography.Text>{t('references.referral.notAnswered')}</Typography.Text>
      )}
    </Flex>
  );
}

/** The inclusion or the exclusion criteria of the open referral's study, answered one line at a time. */
export function Checklist({
  kind,
  lines,
  answers,
  onChange,
  referrer,
}: {
  kind: CriteriaKind;
  lines: string[];
  answers: ChecklistAnswer[];
  onChange: (index: number, answer: ChecklistAnswer) => void;
  /** The referrer's answer to each line (undefined where they gave none), when they sent a checklist. */
  referrer?: (CriterionAnswer | undefined)[];
}) {
  const { t } = useTranslation();
  const headingId = `criteria-${kind}`;
  const options = enumOptions(t, 'criterionAnswer', CRITERION_ANSWERS);
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16, marginTop: 0 }}>
        {t(kind === 'inclusion' ? 'references.criteria.inclusion' : 'references.criteria.exclusion')}
      </Typography.Title>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('triage.noCriteria')}</Typography.Text>
      ) : (
        <ol style={{ paddingInlineStart: 20, margin: 0 }}>
          {lines.map((line, index) => {
            const answer = answers[index];
            return (
              <li key={index} data-testid={`criterion-${kind}-${index}`} style={{ marginBottom: 12 }}>
                <Flex vertical gap={6}>
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{line}</Typography.Text>
                  {referrer && <ReferrerAnswer answer={referrer[index]} />}
                  <Flex gap={8} wrap align="center">
                    <Radio.Group
                      optionType="button"
                      buttonStyle="solid"
                      size="small"
                      aria-label={t('triage.answerOf', { criterion: line })}
                      options={options}
                      value={answer.answer}
                      onChange={(event) => onChange(index, { ...answer, answer: event.target.value })}
                    />
                    <Input
                      size="small"
                      style={{ flex: '1 1 200px', minWidth: 160 }}
                      placeholder={t('triage.note')}
                      aria-label={t('triage.noteOf', { criterion: line })}
                      maxLength={LIMITS.triageNoteMax}
                      value={answer.note}
                      onChange={(event) => onChange(index, { ...answer, note: event.target.value })}
                    />
                  </Flex>
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
