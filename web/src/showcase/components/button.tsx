// The Button page of the UI showcase: types, sizes, icons, and the danger, disabled and loading states.
import { useState } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import {
  ArrowRightOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { useSimulatedCall } from './simulate';

/** How long the simulated save takes: long enough to see the loading state. */
const SAVE_MS = 1500;

function StatesExample() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const call = useSimulatedCall(SAVE_MS);
  const save = () => {
    setState('saving');
    call(() => setState('saved'));
  };
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Button danger icon={<DeleteOutlined aria-hidden />}>
          {t('showcaseComponents.button.states.delete')}
        </Button>
        <Button type="primary" danger>
          {t('showcaseComponents.button.states.revoke')}
        </Button>
        <Button disabled>{t('showcaseComponents.button.states.approve')}</Button>
        <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={state === 'saving'} onClick={save}>
          {t('app.save')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" role="status">
        {state === 'saved' && (
          <>
            <CheckCircleOutlined aria-hidden /> {t('showcaseComponents.button.states.saved')}
          </>
        )}
      </Typography.Text>
    </Flex>
  );
}

export default function ButtonPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.button')} intro={t('showcaseComponents.button.intro')}>
      <Example
        title={t('showcaseComponents.button.types.title')}
        description={t('showcaseComponents.button.types.description')}
      >
        <Flex gap={8} wrap>
          <Button type="primary">{t('studies.create')}</Button>
          <Button>{t('showcaseComponents.button.types.export')}</Button>
          <Button type="dashed" icon={<PlusOutlined aria-hidden />}>
            {t('showcaseComponents.button.types.addCriterion')}
          </Button>
          <Button type="text">{t('app.cancel')}</Button>
          <Button type="link">{t('showcaseComponents.button.types.protocol')}</Button>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.button.sizes.title')}
        description={t('showcaseComponents.button.sizes.description')}
      >
        <Flex gap={8} wrap align="center">
          <Button size="small">{t('showcaseComponents.button.sizes.small')}</Button>
          <Button size="medium">{t('showcaseComponents.button.sizes.medium')}</Button>
          <Button size="large">{t('showcaseComponents.button.sizes.large')}</Button>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.button.icons.title')}
        description={t('showcaseComponents.button.icons.description')}
      >
        <Flex gap={8} wrap align="center">
          <Button type="primary" icon={<SearchOutlined aria-hidden />}>
            {t('showcaseComponents.button.icons.search')}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />}>{t('showcaseComponents.button.icons.download')}</Button>
          <Button icon={<ArrowRightOutlined aria-hidden />} iconPlacement="end">
            {t('showcaseComponents.button.icons.next')}
          </Button>
          <Tooltip title={t('showcaseComponents.button.icons.edit')}>
            <Button
              shape="circle"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('showcaseComponents.button.icons.edit')}
            />
          </Tooltip>
          <Tooltip title={t('showcaseComponents.button.icons.delete')}>
            <Button
              shape="circle"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('showcaseComponents.button.icons.delete')}
            />
          </Tooltip>
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.button.states.title')}
        description={t('showcaseComponents.button.states.description')}
      >
        <StatesExample />
      </Example>
    </ShowcasePage>
  );
}
