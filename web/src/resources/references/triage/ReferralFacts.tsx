// What the open referral says: the masked patient ID, the referer, when it was referred, and its study (linked); for
// a portal referral, the Portal tag and the referrer's facts (how to reach them, the patient, the consent, the note).
import { Descriptions, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reference, Study } from '@trialdesk/shared';
import { Code } from '../../../ui/Code';
import { formatDateTime } from '../../../ui/format';
import { pathsNamed } from '../../../ui/resource/registry';
import { PortalTag, referrerItems } from '../Referrer';

/** The referral's facts; its study's title from the study once loaded, else the one the referral carries. */
export function ReferralFacts({ reference, study }: { reference: Reference; study: Study | undefined }) {
  const { t, i18n } = useTranslation();
  const { referral } = reference;
  const referer = reference.referer || t('app.none');
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="triage-facts"
      items={[
        {
          key: 'patient',
          label: t('triage.patient'),
          children: <Code>{reference.patientIdMasked}</Code>,
        },
        {
          key: 'referer',
          label: t('triage.referer'),
          children: referral ? (
            <Space size={4} wrap>
              {referer}
              <PortalTag />
            </Space>
          ) : (
            referer
          ),
        },
        // The referer line names the referrer already.
        ...(referral ? referrerItems(t, referral).filter((item) => item.key !== 'name') : []),
        {
          key: 'referred',
          label: t('triage.referred'),
          children: formatDateTime(reference.createdAt, i18n.language),
        },
        {
          key: 'study',
          label: t('triage.study'),
          children: (
            <Link to={pathsNamed('studies').edit(reference.studyId)} data-testid="triage-study-link">
              {study?.title ?? reference.studyTitle ?? t('app.unavailableRecord')}
            </Link>
          ),
        },
      ]}
    />
  );
}
