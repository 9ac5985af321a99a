// The Badge page of the UI showcase: a count of pending access requests, a dot, reference statuses and a ribbon.
import { useState } from 'react';
import { Badge, Button, Card, Flex, Typography } from 'antd';
import { BellOutlined, CheckOutlined, MessageOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

const PENDING_REQUESTS = 3;
/** Beyond antd's default overflow count of 99, the badge shows 99+. */
const REFERENCES_TO_REVIEW = 128;

function CountExample() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(PENDING_REQUESTS);
  return (
    <Flex align="center" gap={24} wrap>
      <Badge count={pending} showZero>
        <Button
          shape="circle"
          size="large"
          icon={<BellOutlined aria-hidden />}
          aria-label={t('showcaseComponents.badge.count.requests', { count: pending })}
        />
      </Badge>
      <Badge count={REFERENCES_TO_REVIEW}>
        <Button>{t('showcaseComponents.badge.count.review')}</Button>
      </Badge>
      <Flex gap={8} wrap>
        <Button icon={<CheckOutlined aria-hidden />} disabled={pending === 0} onClick={() => setPending((n) => n - 1)}>
          {t('showcaseComponents.badge.count.approve')}
        </Button>
        <Button icon={<UndoOutlined aria-hidden />} onClick={() => setPending(PENDING_REQUESTS)}>
          {t('showcaseComponents.badge.count.reset')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" role="status">
        {t('showcaseComponents.badge.count.requests', { count: pending })}
      </Typography.Text>
    </Flex>
  );
}

export default function BadgePage() {
  const { t } = useTranslation();
  const statuses = [
    { status: 'processing', text: t('enums.referenceStatus.Pending') },
    { status: 'success', text: t('enums.referenceStatus.Accepted') },
    { status: 'error', text: t('enums.referenceStatus.Rejected') },
    { status: 'default', text: t('enums.referenceStatus.Duplicate') },
  ] as const;

  return (
    <ShowcasePage title={t('menu.components.badge')} intro={t('showcaseComponents.badge.intro')}>
      <Example
        title={t('showcaseComponents.badge.count.title')}
        description={t('showcaseComponents.badge.count.description')}
      >
        <CountExample />
      </Example>

      <Example
        title={t('showcaseComponents.badge.dot.title')}
        description={t('showcaseComponents.badge.dot.description')}
      >
        <Flex align="center" gap={24} wrap>
          <Badge dot>
            <Button
              shape="circle"
              icon={<MessageOutlined aria-hidden />}
              aria-label={t('showcaseComponents.badge.dot.messages')}
            />
          </Badge>
          <Badge dot>
            <Typography.Text>{t('menu.studyContacts')}</Typography.Text>
          </Badge>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.badge.status.title')}
        description={t('showcaseComponents.badge.status.description')}
      >
        <Flex vertical gap={8}>
          {statuses.map(({ status, text }) => (
            <Badge key={status} status={status} text={text} />
          ))}
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.badge.ribbon.title')}
        description={t('showcaseComponents.badge.ribbon.description')}
      >
        <div style={{ maxWidth: 360 }}>
          <Badge.Ribbon text={t('enums.studyStatus.Recruiting')} color="green">
            <Card size="small" title={t('showcaseComponents.common.studyCode')}>
              <Typography.Paragraph style={{ margin: 0 }}>
                {t('showcaseComponents.common.studyTitle')}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('showcaseComponents.badge.ribbon.recruited')}</Typography.Text>
            </Card>
          </Badge.Ribbon>
        </div>
      </Example>
    </ShowcasePage>
  );
}
