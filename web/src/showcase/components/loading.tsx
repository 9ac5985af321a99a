// The Loading page of the UI showcase: spinners over content, a skeleton in the shape of a study card, a loading button.
import { useState } from 'react';
import { Avatar, Button, Card, Flex, Skeleton, Spin, Switch, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { avatarColours, initialsOf } from './sample';
import { useSimulatedCall } from './simulate';

/** How long the simulated refresh takes: long enough to see the loading state. */
const REFRESH_MS = 1500;

/** A switch with its visible label, which names it for screen readers too. */
function LabelledSwitch({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Flex align="center" gap={8}>
      <Switch id={id} checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </Flex>
  );
}

function SpinExample() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={24} wrap>
        <Spin size="small" />
        <Spin size="medium" />
        <Spin size="large" />
      </Flex>
      <LabelledSwitch
        id="loading-spin"
        label={t('showcaseComponents.loading.spin.toggle')}
        checked={loading}
        onChange={setLoading}
      />
      <Spin spinning={loading} description={t('showcaseComponents.loading.spin.loading')}>
        <Card size="small">
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('showcaseComponents.loading.spin.content')}
          </Typography.Paragraph>
        </Card>
      </Spin>
    </Flex>
  );
}

function SkeletonExample() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [loaded, setLoaded] = useState(false);
  const contact = t('showcaseComponents.people.marie');
  return (
    <Flex vertical gap={16}>
      <LabelledSwitch
        id="loading-skeleton"
        label={t('showcaseComponents.loading.skeleton.toggle')}
        checked={loaded}
        onChange={setLoaded}
      />
      <Card size="small" style={{ maxWidth: 520 }}>
        <Skeleton loading={!loaded} active avatar paragraph={{ rows: 2 }}>
          <Flex gap={16} align="flex-start">
            <span aria-hidden>
              <Avatar style={avatarColours(token)[0]}>{initialsOf(contact)}</Avatar>
            </span>
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('showcaseComponents.common.studyCode')}</Typography.Text>
              <Typography.Text>{t('showcaseComponents.common.studyTitle')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('showcaseComponents.loading.skeleton.contact', { name: contact })}
              </Typography.Text>
            </Flex>
          </Flex>
        </Skeleton>
      </Card>
    </Flex>
  );
}

function ButtonExample() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const call = useSimulatedCall(REFRESH_MS);
  return (
    <Flex align="center" gap={16} wrap>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        loading={state === 'loading'}
        onClick={() => {
          setState('loading');
          call(() => setState('done'));
        }}
      >
        {t('showcaseComponents.loading.button.refresh')}
      </Button>
      <Typography.Text type="secondary" role="status">
        {state === 'done' ? t('showcaseComponents.loading.button.refreshed') : ''}
      </Typography.Text>
    </Flex>
  );
}

export default function LoadingPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.loading')} intro={t('showcaseComponents.loading.intro')}>
      <Example
        title={t('showcaseComponents.loading.spin.title')}
        description={t('showcaseComponents.loading.spin.description')}
      >
        <SpinExample />
      </Example>
      <Example
        title={t('showcaseComponents.loading.skeleton.title')}
        description={t('showcaseComponents.loading.skeleton.description')}
      >
        <SkeletonExample />
      </Example>
      <Example
        title={t('showcaseComponents.loading.button.title')}
        description={t('showcaseComponents.loading.button.description')}
      >
        <ButtonExample />
      </Example>
    </ShowcasePage>
  );
}
