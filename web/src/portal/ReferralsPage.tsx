// /refer/referrals: the referrer's own referrals, newest first (cards on a phone, a table wider): the patient's masked
// identifier, the study, the date, the status in plain words with an icon, and the study team's message as written.
import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Referral, ReferralStatus } from '@trialdesk/shared';
import { formatDateTime } from '../ui/format';
import type { ListColumn } from '../ui/ListCards';
import { ListTable } from '../ui/ListTable';
import { pagingRequest, type ListConfig } from '../ui/listParams';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useListParams } from '../ui/useListParams';
import { useMyReferralsQuery } from './api';

/** The list has no sort or filter of its own (newest first): paging only. */
const CONFIG: ListConfig = { sorts: [], filters: {} };

/** Each status's words, icon and colour: the words and the icon say it, the colour only repeats it. */
const STATUSES: Record<ReferralStatus, { key: string; icon: ReactNode; color: string }> = {
  // Waiting on the study team: neutral (antd's blue tag reads under 4.5:1 in the dark theme).
  received: { key: 'portal.referrals.statuses.received', icon: <ClockCircleOutlined />, color: 'default' },
  accepted: { key: 'portal.referrals.statuses.accepted', icon: <CheckCircleOutlined />, color: 'green' },
  notEligible: { key: 'portal.referrals.statuses.notEligible', icon: <CloseCircleOutlined />, color: 'red' },
  alreadyReferred: { key: 'portal.referrals.statuses.alreadyReferred', icon: <CopyOutlined />, color: 'purple' },
};

export function ReferralStatusTag({ status }: { status: ReferralStatus }) {
  const { t } = useTranslation();
  const { key, icon, color } = STATUSES[status];
  return (
    <Tag icon={icon} color={color} data-testid="referral-status">
      {t(key)}
    </Tag>
  );
}

export default function ReferralsPage() {
  const { t, i18n } = useTranslation();
  const { params, update } = useListParams(CONFIG);
  const query = useMyReferralsQuery(pagingRequest(params));
  useDocumentTitle(t('portal.referrals.title'));

  const columns: ListColumn<Referral>[] = [
    {
      key: 'patient',
      title: t('portal.referrals.patient'),
      dataIndex: 'patientIdMasked',
      render: (masked: string) => (
        <Typography.Text code data-testid="referral-patient" style={{ whiteSpace: 'nowrap' }}>
          {masked}
        </Typography.Text>
      ),
    },
    {
      key: 'study',
      title: t('portal.referrals.study'),
      dataIndex: 'studyTitle',
      render: (title: string | null) =>
        title ?? <Typography.Text type="secondary">{t('portal.referrals.studyGone')}</Typography.Text>,
    },
    {
      key: 'date',
      title: t('portal.referrals.date'),
      dataIndex: 'createdAt',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at, i18n.language)}</span>,
    },
    {
      key: 'status',
      title: t('portal.referrals.status'),
      dataIndex: 'status',
      render: (status: ReferralStatus) => <ReferralStatusTag status={status} />,
    },
    {
      key: 'message',
      title: t('portal.referrals.message'),
      dataIndex: 'message',
      // As the coordinator wrote it: their line breaks and spacing kept.
      render: (message: string) =>
        message ? (
          <div
            data-testid="referral-message"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 480 }}
          >
            {message}
          </div>
        ) : (
          t('app.none')
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: '0 0 4px' }}>
          {t('portal.referrals.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('portal.referrals.intro')}</Typography.Text>
      </div>
      {query.data?.total === 0 && !query.isFetching ? (
        <Typography.Paragraph data-testid="referrals-empty">{t('portal.referrals.empty')}</Typography.Paragraph>
      ) : (
        <ListTable<Referral>
          columns={columns}
          query={query}
          params={params}
          onChange={update}
          sorts={CONFIG.sorts}
          minWidth={900}
        />
      )}
    </Flex>
  );
}
