// /refer/studies/:id: one recruiting study's summary and criteria, the form referring a patient to it, and once sent,
// the confirmation with the patient's masked identifier.
import { useState } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReferralCreateResponse, ReferralStudy } from '@trialdesk/shared';
import { LinkButton } from '../ui/LinkButton';
import { LoadError } from '../ui/ListError';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useRecruitingStudiesQuery } from './api';
import { PORTAL_PATHS } from './paths';
import { ReferForm } from './ReferForm';
import { StudyCriteria, StudyTags } from './StudyFacts';
import { useMediaQuery } from '../ui/useMediaQuery';

/** The confirmation: the masked identifier, and where to go next. */
function Sent({ referral, onAnother }: { referral: ReferralCreateResponse; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      data-testid="referral-sent"
      title={<h2 style={{ fontSize: 22, margin: 0 }}>{t('portal.refer.done.title')}</h2>}
      subTitle={
        <span data-testid="referral-sent-text">
          {t('portal.refer.done.text', { patient: referral.patientIdMasked })}
        </span>
      }
      extra={
        <Flex gap={8} wrap justify="center">
          <LinkButton type="primary" size="large" to={PORTAL_PATHS.referrals} data-testid="to-referrals">
            {t('portal.refer.done.referrals')}
          </LinkButton>
          <Button size="large" onClick={onAnother} data-testid="refer-another">
            {t('portal.refer.done.another')}
          </Button>
        </Flex>
      }
    />
  );
}

/** The study above the form: title, specialty, conditions, dates, summary and its criteria (closed on a phone). */
function StudyHeader({ study, narrow }: { study: ReferralStudy; narrow: boolean }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
        {study.title}
      </Typography.Title>
      <StudyTags study={study} />
      {study.summary && (
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{study.summary}</Typography.Paragraph>
      )}
      <StudyCriteria study={study} open={!narrow} />
    </Flex>
  );
}

export default function ReferPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const narrow = useMediaQuery('(max-width: 599.98px)');
  // The one recruiting study by its id (an empty page when it does not recruit, or no longer exists).
  const query = useRecruitingStudiesQuery({ id, page: 1, pageSize: 10 });
  const study = query.data?.items.find((item) => item.id === id);
  const [sent, setSent] = useState<ReferralCreateResponse | null>(null);
  // A new form for each referral: nothing of the previous patient stays in it.
  const [round, setRound] = useState(0);
  useDocumentTitle(study ? `${t('portal.refer.title')}: ${study.title}` : t('portal.refer.title'));

  const back = (
    <LinkButton type="link" icon={<ArrowLeftOutlined />} to={PORTAL_PATHS.studies} style={{ padding: 0 }}>
      {t('portal.refer.back')}
    </LinkButton>
  );
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!study) {
    return (
      <Result
        status="404"
        data-testid="study-gone"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('portal.refer.gone')}</h1>}
        extra={back}
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      <div>{back}</div>
      <StudyHeader study={study} narrow={narrow} />
      <Card styles={{ body: { padding: narrow ? 16 : 24 } }}>
        {sent ? (
          <Sent
            referral={sent}
            onAnother={() => {
              setSent(null);
              setRound(round + 1);
            }}
          />
        ) : (
          <>
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
              {t('portal.refer.title')}
            </Typography.Title>
            <ReferForm key={round} study={study} onDone={setSent} />
          </>
        )}
      </Card>
    </Flex>
  );
}
