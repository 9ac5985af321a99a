// What the open referral says: the masked patient ID, the referer, when it was referred, and its study (linked).
import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reference, Study } from '@trialdesk/shared';
import { Code } from '../../ui/Code';
import { formatDateTime } from '../../ui/format';
import { pathsNamed } from '../../ui/resource/registry';

/** The referral's facts; its study's title from the study once loaded, else the one the referral carries. */
export function ReferralFacts({ reference, study }: { reference: Reference; study: Study | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'patient',
          label: t('triage.patient'),
          children: <Code>{reference.patientIdMasked}</Code>,
        },
        { key: 'referer', label: t('triage.referer'), children: reference.referer || t('app.none') },
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
