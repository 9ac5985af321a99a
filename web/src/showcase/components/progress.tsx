// The Progress page of the UI showcase: a study's recruitment (34 of 50) as lines, circles and steps, one patient at a time.
import { useState } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { UndoOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

const TARGET = 50;
const RECRUITED = 34;
/** Steps of five patients each: ten segments for the target of fifty. */
const STEPS = 10;
const VISITS_DONE = 3;
const VISITS = 5;
/** Where the sample export stopped. */
const EXPORT_STOPPED_AT = 45;

const percentOf = (done: number, total: number) => Math.round((done / total) * 100);

export default function ProgressPage() {
  const { t } = useTranslation();
  const [recruited, setRecruited] = useState(RECRUITED);
  const percent = percentOf(recruited, TARGET);
  const recruitment = t('showcaseComponents.progress.recruitment', { study: t('showcaseComponents.common.studyCode') });
  const count = t('showcaseComponents.progress.count', { done: recruited, total: TARGET });

  return (
    <ShowcasePage title={t('menu.components.progress')} intro={t('showcaseComponents.progress.intro')}>
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden />}
          disabled={recruited >= TARGET}
          onClick={() => setRecruited((n) => Math.min(n + 1, TARGET))}
        >
          {t('showcaseComponents.progress.recruit')}
        </Button>
        <Button icon={<UndoOutlined aria-hidden />} onClick={() => setRecruited(RECRUITED)}>
          {t('showcaseComponents.progress.reset')}
        </Button>
        <Typography.Text role="status">
          {t('showcaseComponents.progress.recruited', { done: recruited, total: TARGET })}
        </Typography.Text>
      </Flex>

      <Example
        title={t('showcaseComponents.progress.line.title')}
        description={t('showcaseComponents.progress.line.description')}
      >
        <Flex vertical gap={12} style={{ maxWidth: 640 }}>
          <div>
            <Typography.Text>{recruitment}</Typography.Text>
            <Progress
              percent={percent}
              status={recruited >= TARGET ? 'success' : 'active'}
              format={() => count}
              aria-label={recruitment}
            />
          </div>
          <div>
            <Typography.Text>{t('showcaseComponents.progress.line.consent')}</Typography.Text>
            <Progress percent={100} aria-label={t('showcaseComponents.progress.line.consent')} />
          </div>
          <div>
            <Typography.Text>{t('showcaseComponents.progress.line.export')}</Typography.Text>
            <Progress
              percent={EXPORT_STOPPED_AT}
              status="exception"
              aria-label={t('showcaseComponents.progress.line.export')}
            />
          </div>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.progress.circle.title')}
        description={t('showcaseComponents.progress.circle.description')}
      >
        <Flex gap={32} wrap>
          <Flex vertical align="center" gap={8}>
            <Progress
              type="circle"
              percent={percent}
              size={96}
              status={recruited >= TARGET ? 'success' : 'normal'}
              aria-label={recruitment}
            />
            <Typography.Text>{t('showcaseComponents.progress.circle.recruitment')}</Typography.Text>
          </Flex>
          <Flex vertical align="center" gap={8}>
            <Progress
              type="dashboard"
              percent={percentOf(VISITS_DONE, VISITS)}
              size={96}
              format={() => t('showcaseComponents.progress.count', { done: VISITS_DONE, total: VISITS })}
              aria-label={t('showcaseComponents.progress.circle.visits')}
            />
            <Typography.Text>{t('showcaseComponents.progress.circle.visits')}</Typography.Text>
          </Flex>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.progress.steps.title')}
        description={t('showcaseComponents.progress.steps.description')}
      >
        <Flex vertical gap={4}>
          <Typography.Text>{recruitment}</Typography.Text>
          <Progress percent={percent} steps={STEPS} format={() => count} aria-label={recruitment} />
        </Flex>
      </Example>
    </ShowcasePage>
  );
}
