// The message after each triage decision, offering Undo (button or key U) for TRIAGE_UNDO_OFFER_SECONDS.
import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRIAGE_UNDO_OFFER_SECONDS, type Reference, type TriageDecision } from '@trialdesk/shared';
import type { CallError } from '../../../core/api/callable';
import { errorText } from '../../../ui/errorText';
import { useUndoTriageMutation } from './api';

const DONE: Record<TriageDecision, string> = {
  Accepted: 'triage.accepted',
  Rejected: 'triage.rejected',
  Duplicate: 'triage.duplicated',
};

/** One message at a time: a new decision's replaces the previous one's, whose Undo ends with it. */
const MESSAGE_KEY = 'triage-decision';

/**
 * `decided` shows a decision's message with its Undo; `undo` takes the latest decision back while it is offered
 * (the server allows a little longer, docs/architecture.md "Triage"); `onUndone` puts the referral back in the queue
 * (given the decision taken back, whose answers the checklist starts from again).
 */
export function useUndo(onUndone: (decision: Reference) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [undoTriage] = useUndoTriageMutation();
  const [offered, setOffered] = useState<Reference | null>(null);

  // The offer ends with its message.
  useEffect(() => {
    if (!offered) return;
    const timer = setTimeout(() => setOffered(null), TRIAGE_UNDO_OFFER_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [offered]);

  const undo = async (decision: Reference | null = offered) => {
    if (!decision) return;
    setOffered(null);
    message.destroy(MESSAGE_KEY);
    try {
      await undoTriage({ id: decision.id, version: decision.version }).unwrap();
      onUndone(decision);
      void message.success(t('triage.undone', { patient: decision.patientIdMasked }));
    } catch (caught) {
      void message.error(errorText(t, caught as CallError));
    }
  };

  const decided = (decision: Reference) => {
    setOffered(decision);
    void message.success({
      key: MESSAGE_KEY,
      duration: TRIAGE_UNDO_OFFER_SECONDS,
      content: (
        <span data-testid="triage-decided">
          <span>{t(DONE[decision.status as TriageDecision], { patient: decision.patientIdMasked })}</span>{' '}
          <Button
            size="small"
            icon={<UndoOutlined />}
            onClick={() => void undo(decision)}
            aria-keyshortcuts="U"
            data-testid="triage-undo"
          >
            {t('triage.undo')}
          </Button>
        </span>
      ),
    });
  };

  return { decided, undo: () => void undo(), undoable: offered !== null };
}
