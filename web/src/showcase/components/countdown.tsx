// The Countdown page of the UI showcase: antd Statistic.Timer to the end of an enrolment window, before an idle
// sign-out, and counting up a reference's wait.
import { useState } from 'react';
import { Button, Flex, Statistic, Typography } from 'antd';
import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The sample study's enrolment window closes this long after the page opens. */
const ENROLMENT_LEFT = 12 * DAY + 5 * HOUR;
/** The sample reference has waited this long when the page opens. */
const WAITED = 2 * DAY + 3 * HOUR;
/** Shorter than the product's real warning, so the end can be seen without waiting long. */
const IDLE_WARNING = 30 * 1000;

function IdleExample() {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const start = () => {
    setSignedOut(false);
    setDeadline(Date.now() + IDLE_WARNING);
  };

  if (signedOut)
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text role="status">{t('showcaseComponents.countdown.idle.signedOut')}</Typography.Text>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={start}>
          {t('showcaseComponents.countdown.idle.restart')}
        </Button>
      </Flex>
    );
  if (deadline === null)
    return (
      <Button icon={<ClockCircleOutlined aria-hidden />} onClick={start}>
        {t('showcaseComponents.countdown.idle.start')}
      </Button>
    );
  return (
    <Flex align="flex-end" gap={24} wrap>
      <Statistic.Timer
        type="countdown"
        title={t('showcaseComponents.countdown.idle.label')}
        value={deadline}
        format="mm:ss"
        onFinish={() => {
          setDeadline(null);
          setSignedOut(true);
        }}
      />
      <Button type="primary" onClick={() => setDeadline(null)}>
        {t('idle.stay')}
      </Button>
    </Flex>
  );
}

export default function CountdownPage() {
  const { t } = useTranslation();
  // Fixed when the page opens: the timers count from there.
  const [enrolmentEnd] = useState(() => Date.now() + ENROLMENT_LEFT);
  const [receivedAt] = useState(() => Date.now() - WAITED);

  return (
    <ShowcasePage title={t('menu.components.countdown')} intro={t('showcaseComponents.countdown.intro')}>
      <Example
        title={t('showcaseComponents.countdown.enrolment.title')}
        description={t('showcaseComponents.countdown.enrolment.description')}
      >
        <Statistic.Timer
          type="countdown"
          title={t('showcaseComponents.countdown.enrolment.label')}
          value={enrolmentEnd}
          format={t('showcaseComponents.countdown.enrolment.format')}
          data-testid="enrolment-countdown"
        />
      </Example>
      <Example
        title={t('showcaseComponents.countdown.idle.title')}
        description={t('showcaseComponents.countdown.idle.description')}
      >
        <IdleExample />
      </Example>
      <Example
        title={t('showcaseComponents.countdown.countup.title')}
        description={t('showcaseComponents.countdown.countup.description')}
      >
        <Statistic.Timer
          type="countup"
          title={t('showcaseComponents.countdown.countup.label')}
          value={receivedAt}
          format={t('showcaseComponents.countdown.countup.format')}
        />
      </Example>
    </ShowcasePage>
  );
}
