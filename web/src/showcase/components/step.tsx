// The Steps page of the UI showcase: the reference workflow moved step by step, a rejected reference, a study's setup.
import { useState } from 'react';
import { Button, Flex, Steps, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

function WorkflowExample() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const items = [
    {
      title: t('showcaseComponents.step.workflow.created'),
      content: t('showcaseComponents.step.workflow.createdText'),
    },
    {
      title: t('enums.referenceStatus.Pending'),
      content: t('showcaseComponents.step.workflow.pendingText'),
    },
    {
      title: t('showcaseComponents.step.workflow.screening'),
      content: t('showcaseComponents.step.workflow.screeningText'),
    },
    {
      title: t('enums.referenceStatus.Accepted'),
      content: t('showcaseComponents.step.workflow.acceptedText'),
    },
  ];
  const last = items.length - 1;
  return (
    <Flex vertical gap={16}>
      <Steps current={current} items={items} status={current === last ? 'finish' : 'process'} />
      <Flex gap={8} wrap align="center">
        <Button
          icon={<ArrowLeftOutlined aria-hidden />}
          disabled={current === 0}
          onClick={() => setCurrent((step) => step - 1)}
        >
          {t('showcaseComponents.step.workflow.previous')}
        </Button>
        <Button
          type="primary"
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          disabled={current === last}
          onClick={() => setCurrent((step) => step + 1)}
        >
          {t('showcaseComponents.step.workflow.next')}
        </Button>
        <Typography.Text type="secondary" role="status">
          {t('showcaseComponents.step.workflow.position', {
            step: current + 1,
            total: items.length,
            title: items[current].title,
          })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

export default function StepPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.step')} intro={t('showcaseComponents.step.intro')}>
      <Example
        title={t('showcaseComponents.step.workflow.title')}
        description={t('showcaseComponents.step.workflow.description')}
      >
        <WorkflowExample />
      </Example>

      <Example
        title={t('showcaseComponents.step.error.title')}
        description={t('showcaseComponents.step.error.description')}
      >
        <Steps
          current={1}
          status="error"
          items={[
            { title: t('showcaseComponents.step.workflow.created') },
            {
              title: t('enums.referenceStatus.Rejected'),
              content: t('showcaseComponents.step.error.reason'),
            },
            { title: t('enums.referenceStatus.Accepted') },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.step.vertical.title')}
        description={t('showcaseComponents.step.vertical.description')}
      >
        <Steps
          orientation="vertical"
          size="small"
          current={2}
          style={{ maxWidth: 480 }}
          items={[
            {
              title: t('showcaseComponents.step.vertical.protocol'),
              content: t('showcaseComponents.step.vertical.protocolText'),
            },
            {
              title: t('showcaseComponents.step.vertical.ethics'),
              content: t('showcaseComponents.step.vertical.ethicsText'),
            },
            {
              title: t('showcaseComponents.step.vertical.site'),
              content: t('showcaseComponents.step.vertical.siteText'),
            },
            {
              title: t('showcaseComponents.step.vertical.firstPatient'),
              content: t('showcaseComponents.step.vertical.firstPatientText'),
            },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
