// The Alert page of the UI showcase: a warning, a success after saving, an error with a retry, a closable information.
import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { useSimulatedCall } from './simulate';

/** How long the simulated save and reload take: long enough to see the buttons' loading state. */
const WORK_MS = 800;

function SaveExample() {
  const { t } = useTranslation();
  const call = useSimulatedCall(WORK_MS);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  return (
    <Flex vertical gap={12} align="flex-start">
      <Button
        type="primary"
        icon={<SaveOutlined aria-hidden />}
        loading={state === 'saving'}
        onClick={() => {
          setState('saving');
          call(() => setState('saved'));
        }}
      >
        {t('showcaseComponents.alert.success.save')}
      </Button>
      {state === 'saved' && (
        <Alert
          type="success"
          showIcon
          title={t('showcaseComponents.alert.success.message')}
          closable={{ 'aria-label': t('showcaseComponents.common.close'), onClose: () => setState('idle') }}
          style={{ alignSelf: 'stretch' }}
        />
      )}
    </Flex>
  );
}

function RetryExample() {
  const { t } = useTranslation();
  const call = useSimulatedCall(WORK_MS);
  const [state, setState] = useState<'failed' | 'retrying' | 'loaded'>('failed');
  if (state === 'loaded')
    return (
      <Alert
        type="success"
        showIcon
        title={t('showcaseComponents.alert.error.loaded')}
        action={
          <Button size="small" onClick={() => setState('failed')}>
            {t('showcaseComponents.alert.error.again')}
          </Button>
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={t('showcaseComponents.alert.error.message')}
      description={t('showcaseComponents.alert.error.detail')}
      action={
        <Button
          size="small"
          danger
          icon={<ReloadOutlined aria-hidden />}
          loading={state === 'retrying'}
          onClick={() => {
            setState('retrying');
            call(() => setState('loaded'));
          }}
        >
          {t('app.retry')}
        </Button>
      }
    />
  );
}

function ClosableExample() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open) return <Button onClick={() => setOpen(true)}>{t('showcaseComponents.alert.info.reopen')}</Button>;
  return (
    <Alert
      type="info"
      showIcon
      title={t('showcaseComponents.alert.info.message')}
      description={t('showcaseComponents.alert.info.detail')}
      closable={{ 'aria-label': t('showcaseComponents.common.close'), afterClose: () => setOpen(false) }}
    />
  );
}

export default function AlertPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.alert')} intro={t('showcaseComponents.alert.intro')}>
      <Example
        title={t('showcaseComponents.alert.warning.title')}
        description={t('showcaseComponents.alert.warning.description')}
      >
        <Alert
          type="warning"
          showIcon
          title={t('showcaseComponents.alert.warning.message')}
          description={t('showcaseComponents.alert.warning.detail')}
        />
      </Example>
      <Example
        title={t('showcaseComponents.alert.success.title')}
        description={t('showcaseComponents.alert.success.description')}
      >
        <SaveExample />
      </Example>
      <Example
        title={t('showcaseComponents.alert.error.title')}
        description={t('showcaseComponents.alert.error.description')}
      >
        <RetryExample />
      </Example>
      <Example
        title={t('showcaseComponents.alert.info.title')}
        description={t('showcaseComponents.alert.info.description')}
      >
        <ClosableExample />
      </Example>
    </ShowcasePage>
  );
}
