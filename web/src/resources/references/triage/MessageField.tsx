// A decision dialog's "Message to the referrer" (portal referrals only): optional, sent by e-mail with the decision
// and shown to the referrer in the portal exactly as written.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, referenceTriageSchema } from '@trialdesk/shared';
import { zodRule } from '../../../ui/zodRule';

/** The `message` field of a triage decision; Enter starts a new line, as in any letter. */
export function MessageField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="message"
      label={t('triage.message')}
      extra={t('triage.messageHelp')}
      rules={[zodRule(referenceTriageSchema, 'message', t)]}
    >
      <Input.TextArea
        data-testid="decision-message"
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={LIMITS.referrerMessageMax}
        showCount
        // The count sits below the box: room for it keeps the help text from running under it.
        style={{ marginBottom: 22 }}
      />
    </Form.Item>
  );
}

/** The message a dialog's values carry, for a portal referral only (a staff-typed reference sends none). */
export const messageOf = (portal: boolean, values: { message?: string }) =>
  portal ? { message: values.message ?? '' } : {};
