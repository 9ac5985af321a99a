// One field of a study as the import's review shows it: labels for coded values, criteria and conditions as lists,
// long texts in a box that scrolls, the contact by name.
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { criteriaLines, type ImportedContact, type ImportedStudy, type Study } from '@trialdesk/shared';
import { enumLabel, StudyStatusTag } from '../../ui/enums';
import { RecordLabel } from '../../ui/resource/references';
import { registryDate, registryStatusLabel } from './registryFacts';

/** The fields the review shows, in the form's order, then the registry's own. */
export const REVIEW_FIELDS = [
  'title',
  'specialty',
  'status',
  'contactId',
  'startDate',
  'endDate',
  'conditions',
  'inclusionCriteria',
  'exclusionCriteria',
  'summary',
  'details',
  'registryStatus',
  'registryVerifiedAt',
] as const satisfies readonly (keyof ImportedStudy)[];
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** A study's side of the review: the study saved in TrialDesk, or what the registry gives (with the contact named). */
export type ReviewSide =
  { kind: 'saved'; study: Study } | { kind: 'registry'; study: ImportedStudy; contact: ImportedContact | null };

const scrolling = { maxHeight: 200, overflowY: 'auto', margin: 0 } as const;

function List({ items, none }: { items: string[]; none: string }) {
  if (items.length === 0) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <ul style={{ ...scrolling, paddingInlineStart: 20 }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Contact({ side, none }: { side: ReviewSide; none: string }) {
  const { t } = useTranslation();
  if (side.kind === 'saved')
    return side.study.contactId ? <RecordLabel kind="studyContacts" id={side.study.contactId} /> : <>{none}</>;
  const { contact } = side;
  if (!contact) return <Typography.Text type="secondary">{t('studies.import.noContact')}</Typography.Text>;
  const params = { name: contact.displayName, email: contact.email };
  return <>{t(contact.created ? 'studies.import.contactNew' : 'studies.import.contactExisting', params)}</>;
}

/** The value of `field` on one side of the review. */
export function ReviewValue({ field, side }: { field: ReviewField; side: ReviewSide }): ReactNode {
  const { t, i18n } = useTranslation();
  const none = t('app.none');
  const { study } = side;
  switch (field) {
    case 'specialty':
      return enumLabel(t, 'specialty', study.specialty);
    case 'status':
      return <StudyStatusTag t={t} status={study.status} />;
    case 'contactId':
      return <Contact side={side} none={none} />;
    case 'conditions':
      return <List items={study.conditions} none={t('studies.import.noneListed')} />;
    case 'inclusionCriteria':
    case 'exclusionCriteria':
      return <List items={criteriaLines(study[field])} none={t('studies.import.noneListed')} />;
    case 'summary':
    case 'details':
      return study[field] ? (
        <Typography.Paragraph style={{ ...scrolling, whiteSpace: 'pre-wrap' }}>{study[field]}</Typography.Paragraph>
      ) : (
        none
      );
    case 'registryStatus':
      return study.registryStatus ? registryStatusLabel(t, study.registryStatus) : none;
    case 'registryVerifiedAt':
      return study.registryVerifiedAt ? registryDate(study.registryVerifiedAt, i18n.language) : none;
    default:
      // title, startDate, endDate: as typed (dates as the app writes them, YYYY-MM-DD).
      return study[field] ? study[field].slice(0, field === 'title' ? undefined : 10) : none;
  }
}
