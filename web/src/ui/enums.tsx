// Enum values for display: translated labels, select options and coloured status and approval tags.
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReferenceStatus, StudyStatus } from '@trialdesk/shared';

export type EnumGroup =
  | 'specialty'
  | 'studyStatus'
  | 'referenceStatus'
  | 'role'
  | 'userStatus'
  | 'approval'
  | 'productCategory'
  | 'productStatus'
  | 'sellerStatus'
  | 'customerStatus'
  | 'shopStatus'
  | 'province'
  | 'documentCategory'
  | 'rejectReason'
  | 'criterionAnswer'
  | 'sex'
  | 'mailKind'
  | 'mailState';

/** Translated label of an enum value. */
export const enumLabel = (t: TFunction, group: EnumGroup, value: string): string => t(`enums.${group}.${value}`);

/** Select options of an enum, labels in the interface language. */
export function enumOptions(t: TFunction, group: EnumGroup, values: readonly string[]) {
  return values.map((value) => ({ value, label: enumLabel(t, group, value) }));
}

const STUDY_COLORS: Record<StudyStatus, string> = {
  Recruiting: 'green',
  Completed: 'blue',
  Withdrawn: 'red',
  Unknown: 'default',
};
const REFERENCE_COLORS: Record<ReferenceStatus, string> = {
  Accepted: 'green',
  Pending: 'gold',
  Rejected: 'red',
  Duplicate: 'purple',
  Unknown: 'default',
};

export function StudyStatusTag({ t, status }: { t: TFunction; status: StudyStatus }) {
  return <Tag color={STUDY_COLORS[status]}>{enumLabel(t, 'studyStatus', status)}</Tag>;
}

export function ReferenceStatusTag({ t, status }: { t: TFunction; status: ReferenceStatus }) {
  return <Tag color={REFERENCE_COLORS[status]}>{enumLabel(t, 'referenceStatus', status)}</Tag>;
}

export function ApprovalTag({ t, approved }: { t: TFunction; approved: boolean }) {
  return <Tag color={approved ? 'green' : 'orange'}>{enumLabel(t, 'approval', approved ? 'approved' : 'pending')}</Tag>;
}
