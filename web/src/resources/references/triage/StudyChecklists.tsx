// The study's criteria as checklists (inclusion, then exclusion) once it loads; until then that it loads, or why not.
// A portal referral's checklist shows the referrer's answers beside each line, which one button takes over.
import { Button, Flex, Spin, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChecklistAnswer, CriterionAnswer, ReferralDetails, Study } from '@trialdesk/shared';
import { LoadError } from '../../../ui/ListError';
import { referrerAnswers } from '../Referrer';
import { Checklist, type CriteriaKind } from './Checklist';

export function StudyChecklists({
  study,
  failed,
  error,
  onRetry,
  lines,
  answers,
  onAnswer,
  referral,
  onAnswerAll,
}: {
  study: Study | undefined;
  /** The study could not be read. */
  failed: boolean;
  error: unknown;
  onRetry: () => void;
  lines: Record<CriteriaKind, string[]>;
  answers: Record<CriteriaKind, ChecklistAnswer[]>;
  onAnswer: (kind: CriteriaKind) => (index: number, answer: ChecklistAnswer) => void;
  /** The portal referral's details (null for a reference typed by staff). */
  referral: ReferralDetails | null;
  /** Takes the referrer's answers where they gave one. */
  onAnswerAll: (given: Record<CriteriaKind, (CriterionAnswer | undefined)[]>) => void;
}) {
  const { t } = useTranslation();
  if (failed && !study) return <LoadError error={error} onRetry={onRetry} />;
  if (!study) {
    return (
      <Flex gap={8} align="center" role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('triage.studyLoading')}</Typography.Text>
      </Flex>
    );
  }
  const theirs = referral?.checklist
    ? {
        inclusion: referrerAnswers(referral, 'inclusion', lines.inclusion),
        exclusion: referrerAnswers(referral, 'exclusion', lines.exclusion),
      }
    : undefined;
  const answered = theirs && [...theirs.inclusion, ...theirs.exclusion].some((answer) => answer !== undefined);
  return (
    <>
      {theirs && answered && (
        <Flex gap={8} align="center" wrap>
          <Button icon={<ImportOutlined />} onClick={() => onAnswerAll(theirs)} data-testid="use-referrer-answers">
            {t('triage.useReferrerAnswers')}
          </Button>
          <Typography.Text type="secondary">{t('triage.useReferrerAnswersHelp')}</Typography.Text>
        </Flex>
      )}
      {(['inclusion', 'exclusion'] as const).map((kind) => (
        <Checklist
          key={kind}
          kind={kind}
          lines={lines[kind]}
          answers={answers[kind]}
          onChange={onAnswer(kind)}
          referrer={theirs?.[kind]}
        />
      ))}
    </>
  );
}
