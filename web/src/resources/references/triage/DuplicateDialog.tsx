// The Duplicate dialog of triage: the original chosen among the same patient's earlier referrals to the study; for a
// portal referral, a message to the referrer.
import { useEffect } from 'react';
import { Alert, Form, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Reference } from '@trialdesk/shared';
import type { CallError } from '../../../core/api/callable';
import { enumLabel } from '../../../ui/enums';
import { errorText } from '../../../ui/errorText';
import { formatDateTime } from '../../../ui/format';
import { useReferenceOriginalsQuery } from './api';
import { DecisionDialog } from './DecisionDialog';
import { MessageField, messageOf } from './MessageField';

/** A referral as people tell it apart without its identifier: masked patient ID, date referred, status. */
const referralLabel = (t: TFunction, language: string, reference: Reference) =>
  `${reference.patientIdMasked} · ${formatDateTime(reference.createdAt, language)} · ${enumLabel(t, 'referenceStatus', reference.status)}`;

/**
 * The originals the server allows (`references-originals`: earlier referrals of the same patient to the study that
 * are not duplicates), likeliest first; the likeliest is chosen at once, so D then Enter marks the usual duplicate.
 */
function OriginalSelect({
  id,
  value,
  onChange,
  originals,
  loading,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  originals: Reference[];
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      id={id}
      data-testid="duplicate-select"
      value={value}
      onChange={onChange}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={loading ? undefined : t('triage.noOriginals')}
      options={originals.map((reference) => ({
        value: reference.id,
        label: referralLabel(t, i18n.language, reference),
      }))}
    />
  );
}

/** Asks which referral this one duplicates; `onPick` answers the call's error when the dialog should stay open. */
export function DuplicateDialog({
  open,
  sending,
  reference,
  onClose,
  onPick,
}: {
  open: boolean;
  sending: boolean;
  reference: Reference;
  onClose: () => void;
  onPick: (duplicateOf: string, message: { message?: string }) => Promise<CallError | undefined>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ duplicateOf?: string; message?: string }>();
  const portal = Boolean(reference.referral);
  const originals = useReferenceOriginalsQuery(reference.id, { skip: !open });
  const items = originals.data ?? [];
  const likeliest = items[0]?.id;
  useEffect(() => {
    if (open && likeliest && !form.getFieldValue('duplicateOf')) form.setFieldsValue({ duplicateOf: likeliest });
  }, [open, likeliest, form]);
  return (
    <DecisionDialog
      form={form}
      open={open}
      sending={sending}
      title={t('triage.duplicateTitle')}
      okText={t('triage.duplicateOk')}
      okTestId="duplicate-submit"
      onClose={onClose}
      onDecide={(values) => onPick(values.duplicateOf as string, messageOf(portal, values))}
    >
      {originals.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(t, originals.error as CallError)} />
      )}
      {originals.isSuccess && items.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('triage.noOriginals')}
          data-testid="duplicate-none"
        />
      )}
      <Form.Item
        name="duplicateOf"
        label={t('triage.original')}
        extra={t('triage.originalHelp')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <OriginalSelect originals={items} loading={originals.isFetching} />
      </Form.Item>
      {portal && <MessageField />}
    </DecisionDialog>
  );
}
