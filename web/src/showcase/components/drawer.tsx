// The Drawer page of the UI showcase: a study contact's card on any side, and a reference at the two sizes.
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Flex, Radio, Typography } from 'antd';
import type { DrawerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReferenceStatusTag } from '../../ui/enums';
import { formatDateTime } from '../../ui/format';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

type Side = NonNullable<DrawerProps['placement']>;
const SIDES: Side[] = ['right', 'left', 'top', 'bottom'];
/** When the sample reference was created. */
const CREATED_AT = '2025-03-03T09:15:00';

function PlacementExample() {
  const { t } = useTranslation();
  const [side, setSide] = useState<Side>('right');
  const [open, setOpen] = useState(false);
  const sideLabels: Record<Side, string> = {
    right: t('showcaseComponents.drawer.placement.right'),
    left: t('showcaseComponents.drawer.placement.left'),
    top: t('showcaseComponents.drawer.placement.top'),
    bottom: t('showcaseComponents.drawer.placement.bottom'),
  };
  return (
    <Flex gap={12} wrap align="center">
      <Radio.Group
        aria-label={t('showcaseComponents.drawer.placement.side')}
        optionType="button"
        value={side}
        onChange={(event) => setSide(event.target.value as Side)}
        options={SIDES.map((value) => ({ value, label: sideLabels[value] }))}
      />
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('showcaseComponents.drawer.placement.open')}
      </Button>
      <Drawer title={t('showcaseComponents.people.marie')} placement={side} open={open} onClose={() => setOpen(false)}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'role',
              label: t('showcaseComponents.drawer.placement.roleLabel'),
              children: t('showcaseComponents.drawer.placement.role'),
            },
            {
              key: 'email',
              label: t('studyContacts.fields.email'),
              children: t('showcaseComponents.drawer.placement.email'),
            },
            {
              key: 'phone',
              label: t('studyContacts.fields.phoneNumber'),
              children: t('showcaseComponents.drawer.placement.phone'),
            },
            {
              key: 'study',
              label: t('references.fields.studyTitle'),
              children: t('showcaseComponents.common.studyCode'),
            },
          ]}
        />
      </Drawer>
    </Flex>
  );
}

function SizeExample() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [size, setSize] = useState<'default' | 'large'>('default');
  const [open, setOpen] = useState(false);
  const show = (chosen: 'default' | 'large') => {
    setSize(chosen);
    setOpen(true);
  };
  const close = () => setOpen(false);
  return (
    <Flex gap={8} wrap>
      <Button onClick={() => show('default')}>{t('showcaseComponents.drawer.size.openDefault')}</Button>
      <Button onClick={() => show('large')}>{t('showcaseComponents.drawer.size.openLarge')}</Button>
      <Drawer
        title={t('showcaseComponents.common.reference')}
        size={size}
        open={open}
        onClose={close}
        footer={
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>{t('app.cancel')}</Button>
            <Button
              type="primary"
              onClick={() => {
                close();
                void message.success(t('showcaseComponents.drawer.size.accepted'));
              }}
            >
              {t('showcaseComponents.drawer.size.accept')}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'study',
                label: t('references.fields.studyTitle'),
                children: t('showcaseComponents.common.studyCode'),
              },
              {
                key: 'status',
                label: t('references.fields.status'),
                children: <ReferenceStatusTag t={t} status="Pending" />,
              },
              { key: 'referer', label: t('references.fields.referer'), children: t('showcaseComponents.people.jean') },
              {
                key: 'created',
                label: t('references.fields.createdAt'),
                children: formatDateTime(CREATED_AT, i18n.language),
              },
            ]}
          />
          <Typography.Paragraph style={{ margin: 0 }}>{t('showcaseComponents.drawer.size.note')}</Typography.Paragraph>
        </Flex>
      </Drawer>
    </Flex>
  );
}

export default function DrawerPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.drawer')} intro={t('showcaseComponents.drawer.intro')}>
      <Example
        title={t('showcaseComponents.drawer.placement.title')}
        description={t('showcaseComponents.drawer.placement.description')}
      >
        <PlacementExample />
      </Example>
      <Example
        title={t('showcaseComponents.drawer.size.title')}
        description={t('showcaseComponents.drawer.size.description')}
      >
        <SizeExample />
      </Example>
    </ShowcasePage>
  );
}
