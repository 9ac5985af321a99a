// The study's criteria as checklists (inclusion, then exclusion) once it loads; until then that it loads, or why not.
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChecklistAnswer, Study } from '@trialdesk/shared';
import { LoadError } from '../../ui/ListError';
import { Checklist, type CriteriaKind } from './Checklist';

export function StudyChecklists({
  study,
  failed,
  error,
  onRetry,
  lines,
  answers,
  onAnswer,
}: {
  study: Study | undefined;
  /** The study could not be read. */
  failed: boolean;
  error: unknown;
  onRetry: () => void;
  lines: Record<CriteriaKind, string[]>;
  answers: Record<CriteriaKind, ChecklistAnswer[]>;
  onAnswer: (kind: CriteriaKind) => (index: number, answer: ChecklistAnswer) => void;
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
  return (['inclusion', 'exclusion'] as const).map((kind) => (
    <Checklist key={kind} kind={kind} lines={lines[kind]} answers={answers[kind]} onChange={onAnswer(kind)} />
  ));
}
