// The Accept dialog of a portal referral: what the checklist says against accepting, if anything, and a message to
// the referrer. A reference typed by staff is accepted without it (asking only when the checklist says so).
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../../core/api/callable';
import { DecisionDialog } from './DecisionDialog';
import { MessageField } from './MessageField';

/** Accepting a portal referral; `against` and `unanswered` are what the confirmation would otherwise ask about. */
export function AcceptDialog({
  open,
  sending,
  against,
  unanswered,
  onClose,
  onAccept,
}: {
  open: boolean;
  sending: boolean;
  /** The checklist says otherwise: an inclusion not met or an exclusion met. */
  against: boolean;
  /** Criteria still unknown. */
  unanswered: number;
  onClose: () => void;
  onAccept: (message: string) => Promise<CallError | undefined>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ message?: string }>();
  const asks = against || unanswered > 0;
  return (
    <DecisionDialog
      form={form}
      open={open}
      sending={sending}
      title={t(against ? 'triage.confirmAcceptTitle' : asks ? 'triage.confirmUnansweredTitle' : 'triage.acceptTitle')}
      okText={t(asks ? 'triage.acceptAnyway' : 'triage.acceptOk')}
      okTestId="accept-submit"
      onClose={onClose}
      onDecide={(values) => onAccept(values.message ?? '')}
    >
      {asks && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="triage-confirm-accept"
          title={
            <>
              {unanswered > 0 && <p style={{ margin: 0 }}>{t('triage.unanswered', { count: unanswered })}</p>}
              <p style={{ margin: 0 }}>{t(against ? 'triage.confirmAccept' : 'triage.acceptAllTheSame')}</p>
            </>
          }
        />
      )}
      <MessageField />
    </DecisionDialog>
  );
}
