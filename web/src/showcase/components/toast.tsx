// The Toast page of the UI showcase: antd messages of each kind, a message that follows a task, and notifications.
import { App, Button, Flex } from 'antd';
import { BellOutlined, ExportOutlined, PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

/** How long the simulated export takes. */
const EXPORT_SECONDS = 2;
/** Keys that let a second press replace a toast instead of stacking another. */
const EXPORT_KEY = 'showcase-export';
const REFERENCE_KEY = 'showcase-new-reference';
const MAINTENANCE_KEY = 'showcase-maintenance';

function MessageExample() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Flex gap={8} wrap>
      <Button onClick={() => void message.success(t('showcaseComponents.toast.message.successText'))}>
        {t('showcaseComponents.toast.message.success')}
      </Button>
      <Button onClick={() => void message.info(t('showcaseComponents.toast.message.infoText'))}>
        {t('showcaseComponents.toast.message.info')}
      </Button>
      <Button onClick={() => void message.warning(t('showcaseComponents.toast.message.warningText'))}>
        {t('showcaseComponents.toast.message.warning')}
      </Button>
      <Button danger onClick={() => void message.error(t('showcaseComponents.toast.message.errorText'))}>
        {t('showcaseComponents.toast.message.error')}
      </Button>
    </Flex>
  );
}

function TaskExample() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const run = () => {
    void message
      .loading({ content: t('showcaseComponents.toast.task.running'), key: EXPORT_KEY, duration: EXPORT_SECONDS })
      .then(() => message.success({ content: t('showcaseComponents.toast.task.done'), key: EXPORT_KEY }));
  };
  return (
    <Button icon={<ExportOutlined aria-hidden />} onClick={run}>
      {t('showcaseComponents.toast.task.button')}
    </Button>
  );
}

function NotificationExample() {
  const { t } = useTranslation();
  const { notification, message } = App.useApp();
  const newReference = () =>
    notification.info({
      key: REFERENCE_KEY,
      title: t('showcaseComponents.toast.notification.heading', { study: t('showcaseComponents.common.studyCode') }),
      description: t('showcaseComponents.toast.notification.text', { name: t('showcaseComponents.people.jean') }),
      icon: <BellOutlined aria-hidden />,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(REFERENCE_KEY);
            void message.info(t('showcaseComponents.toast.notification.opened'));
          }}
        >
          {t('showcaseComponents.toast.notification.open')}
        </Button>
      ),
    });
  const maintenance = () =>
    notification.warning({
      key: MAINTENANCE_KEY,
      title: t('showcaseComponents.toast.notification.stickyHeading'),
      description: t('showcaseComponents.toast.notification.stickyText'),
      duration: false,
      placement: 'bottomRight',
    });
  return (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<BellOutlined aria-hidden />} onClick={newReference}>
        {t('showcaseComponents.toast.notification.button')}
      </Button>
      <Button icon={<PushpinOutlined aria-hidden />} onClick={maintenance}>
        {t('showcaseComponents.toast.notification.sticky')}
      </Button>
    </Flex>
  );
}

export default function ToastPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.toast')} intro={t('showcaseComponents.toast.intro')}>
      <Example
        title={t('showcaseComponents.toast.message.title')}
        description={t('showcaseComponents.toast.message.description')}
      >
        <MessageExample />
      </Example>
      <Example
        title={t('showcaseComponents.toast.task.title')}
        description={t('showcaseComponents.toast.task.description')}
      >
        <TaskExample />
      </Example>
      <Example
        title={t('showcaseComponents.toast.notification.title')}
        description={t('showcaseComponents.toast.notification.description')}
      >
        <NotificationExample />
      </Example>
    </ShowcasePage>
  );
}
