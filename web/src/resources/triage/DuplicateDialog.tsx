// The Duplicate dialog of triage: the original chosen among the same study's referrals (masked IDs and dates).
import { Form } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { patientIdSchema, type Reference } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { recordApi } from '../../core/api/records';
import { enumLabel } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { RecordName } from '../../ui/RecordName';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { DecisionDialog } from './DecisionDialog';

/** A referral as people tell it apart without its identifier: masked patient ID, date referred, status. */
const referralLabel = (t: TFunction, language: string, reference: Reference) =>
  `${reference.patientIdMasked} · ${formatDateTime(reference.createdAt, language)} · ${enumLabel(t, 'referenceStatus', reference.status)}`;

/** The study's referrals but `exclude`, newest first; an exact patient ID typed narrows them to that patient's. */
function useOriginalOptions(studyId: string, exclude: string, search: string) {
  const { t, i18n } = useTranslation();
  const patientId = patientIdSchema.safeParse(search).success ? search.trim() : undefined;
  const { data, isFetching } = recordApi('references').useList({
    studyId,
    patientId,
    sort: 'createdAt:desc',
    page: 1,
    pageSize: 50,
  });
  const options = (data?.items ?? [])
    .filter((reference) => reference.id !== exclude)
    .map((reference) => ({ value: reference.id, label: referralLabel(t, i18n.language, reference) }));
  return { options, loading: isFetching };
}

function ReferralName({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <RecordName
      query={recordApi('references').useGet(id)}
      name={(reference: Reference) => referralLabel(t, i18n.language, reference)}
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
  onPick: (duplicateOf: string) => Promise<CallError | undefined>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ duplicateOf?: string }>();
  const useOptions = (search: string) => useOriginalOptions(reference.studyId, reference.id, search);
  return (
    <DecisionDialog
      form={form}
      open={open}
      sending={sending}
      title={t('triage.duplicateTitle')}
      okText={t('triage.duplicateOk')}
      okTestId="duplicate-submit"
      onClose={onClose}
      onDecide={({ duplicateOf }) => onPick(duplicateOf as string)}
    >
      <Form.Item
        name="duplicateOf"
        label={t('triage.original')}
        extra={t('triage.originalHelp')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <RemoteSelect
          testId="duplicate-select"
          useOptions={useOptions}
          renderLabel={(id) => <ReferralName id={id} />}
        />
      </Form.Item>
    </DecisionDialog>
  );
}
