// The Reject dialog of triage: a reason from the list and a note, required when the reason is "other"; for a portal
// referral, a message to the referrer.
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, REJECT_REASONS, referenceTriageSchema, type RejectReason } from '@trialdesk/shared';
import type { CallError } from '../../../core/api/callable';
import { enumOptions } from '../../../ui/enums';
import { zodRule } from '../../../ui/zodRule';
import { DecisionDialog } from './DecisionDialog';
import { MessageField, messageOf } from './MessageField';

export interface Rejection {
  reason: RejectReason;
  reasonNote: string;
  /** To the referrer (a portal referral's only). */
  message?: string;
}

/** Asks why the referral is rejected; `onReject` answers the call's error when the dialog should stay open. */
export function RejectDialog({
  open,
  sending,
  portal,
  onClose,
  onReject,
}: {
  open: boolean;
  sending: boolean;
  /** A portal referral: the decision may carry a message to the referrer. */
  portal: boolean;
  onClose: () => void;
  onReject: (rejection: Rejection) => Promise<CallError | undefined>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: RejectReason; reasonNote?: string; message?: string }>();
  const reason = Form.useWatch('reason', form);
  return (
    <DecisionDialog
      form={form}
      open={open}
      sending={sending}
      title={t('triage.rejectTitle')}
      okText={t('triage.rejectOk')}
      okTestId="reject-submit"
      danger
      onClose={onClose}
      onDecide={(values) =>
        onReject({
          reason: values.reason as RejectReason,
          reasonNote: values.reasonNote ?? '',
          ...messageOf(portal, values),
        })
      }
    >
      <Form.Item
        name="reason"
        label={t('triage.reason')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Select data-testid="reject-reason" options={enumOptions(t, 'rejectReason', REJECT_REASONS)} />
      </Form.Item>
      <Form.Item
        name="reasonNote"
        label={t('triage.reasonNote')}
        extra={t('triage.reasonNoteHelp')}
        required={reason === 'other'}
        dependencies={['reason']}
        rules={[
          ({ getFieldValue }) => ({
            required: getFieldValue('reason') === 'other',
            whitespace: true,
            message: t('validation.required'),
          }),
          zodRule(referenceTriageSchema, 'reasonNote', t),
        ]}
      >
        <Input.TextArea
          data-testid="reject-note"
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={LIMITS.triageReasonMax}
          onKeyDown={(event) => {
            // Enter rejects; Shift+Enter (or an input method composing) keeps the usual new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              form.submit();
            }
          }}
        />
      </Form.Item>
      {portal && <MessageField />}
    </DecisionDialog>
  );
}
