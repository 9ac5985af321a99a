// The Timeline page of the UI showcase: a reference's path from Pending to Accepted, one still awaited, a study's milestones.
import { Flex, Timeline, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { formatDay } from './sample';

/** One event: when, what, and a line of detail. */
function Event({ title, detail }: { title: string; detail: string }) {
  return (
    <Flex vertical>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{detail}</Typography.Text>
    </Flex>
  );
}

export default function TimelinePage() {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const day = (iso: string) => formatDay(iso, i18n.language);

  return (
    <ShowcasePage title={t('menu.components.timeline')} intro={t('showcaseComponents.timeline.intro')}>
      <Example
        title={t('showcaseComponents.timeline.path.title')}
        description={t('showcaseComponents.timeline.path.description')}
      >
        <Timeline
          items={[
            {
              color: 'gray',
              title: at('2025-03-03T09:15:00'),
              content: (
                <Event
                  title={t('showcaseComponents.timeline.path.created')}
                  detail={t('showcaseComponents.timeline.path.createdText', {
                    name: t('showcaseComponents.people.jean'),
                  })}
                />
              ),
            },
            {
              color: 'blue',
              title: at('2025-03-03T09:16:00'),
              content: (
                <Event
                  title={t('enums.referenceStatus.Pending')}
                  detail={t('showcaseComponents.timeline.path.pendingText', {
                    name: t('showcaseComponents.people.marie'),
                  })}
                />
              ),
            },
            {
              color: 'blue',
              title: at('2025-03-05T14:30:00'),
              content: (
                <Event
                  title={t('showcaseComponents.timeline.path.screening')}
                  detail={t('showcaseComponents.timeline.path.screeningText')}
                />
              ),
            },
            {
              color: 'green',
              icon: <CheckCircleOutlined aria-hidden />,
              title: at('2025-03-12T10:00:00'),
              content: (
                <Event
                  title={t('enums.referenceStatus.Accepted')}
                  detail={t('showcaseComponents.timeline.path.acceptedText', {
                    study: t('showcaseComponents.common.studyCode'),
                  })}
                />
              ),
            },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.timeline.ongoing.title')}
        description={t('showcaseComponents.timeline.ongoing.description')}
      >
        <Timeline
          items={[
            {
              color: 'gray',
              title: at('2025-04-07T11:40:00'),
              content: (
                <Event
                  title={t('showcaseComponents.timeline.path.created')}
                  detail={t('showcaseComponents.timeline.path.createdText', {
                    name: t('showcaseComponents.people.amina'),
                  })}
                />
              ),
            },
            {
              color: 'blue',
              title: at('2025-04-07T11:41:00'),
              content: (
                <Event
                  title={t('enums.referenceStatus.Pending')}
                  detail={t('showcaseComponents.timeline.path.pendingText', {
                    name: t('showcaseComponents.people.marie'),
                  })}
                />
              ),
            },
            { loading: true, content: t('showcaseComponents.timeline.ongoing.waiting') },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.timeline.alternate.title')}
        description={t('showcaseComponents.timeline.alternate.description')}
      >
        <Timeline
          mode="alternate"
          items={[
            { title: day('2025-01-20'), content: t('showcaseComponents.timeline.alternate.ethics') },
            { title: day('2025-03-01'), content: t('showcaseComponents.timeline.alternate.opened') },
            { title: day('2025-03-12'), content: t('showcaseComponents.timeline.alternate.firstPatient') },
            { title: day('2025-07-15'), content: t('showcaseComponents.timeline.alternate.half') },
            { color: 'gray', title: day('2025-11-30'), content: t('showcaseComponents.timeline.alternate.closes') },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
