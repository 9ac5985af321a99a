// A triage record as the history shows it: the decision, each criterion's answer in words, the reason and the note,
// the message sent to the referrer.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, TriageRecord } from '@trialdesk/shared';
import { enumLabel } from '../../ui/enums';

/** One kind's answers as a list of sentences ("criterion: answer (note)"), under their heading. */
export function Answers({ heading, items }: { heading: string; items: ChecklistItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <>
      <Typography.Text strong>{heading}</Typography.Text>
      <ul style={{ margin: '0 0 4px', paddingInlineStart: 20 }}>
        {items.map((item, position) => {
          const answer = enumLabel(t, 'criterionAnswer', item.answer);
          return (
            <li key={position}>
              {t('history.triage.answer', {
                criterion: item.criterion,
                answer: item.note ? t('history.triage.note', { answer, note: item.note }) : answer,
              })}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The stored triage record in words: no field names, no codes. */
export function TriageChange({ triage }: { triage: TriageRecord }) {
  const { t } = useTranslation();
  return (
    <div data-testid="history-triage">
      <div>{t('history.triage.decision', { decision: enumLabel(t, 'referenceStatus', triage.decision) })}</div>
      <Answers heading={t('history.triage.inclusion')} items={triage.inclusion} />
      <Answers heading={t('history.triage.exclusion')} items={triage.exclusion} />
      {triage.reason && (
        <div>{t('history.triage.reason', { reason: enumLabel(t, 'rejectReason', triage.reason) })}</div>
      )}
      {triage.reasonNote && <div>{t('history.triage.reasonNote', { note: triage.reasonNote })}</div>}
      {triage.message && (
        <div style={{ whiteSpace: 'pre-wrap' }}>{t('history.triage.message', { message: triage.message })}</div>
      )}
      {triage.confirmed && <div>{t('history.triage.confirmed')}</div>}
    </div>
  );
}
