// The Tooltip page of the UI showcase: names of icon buttons, the four placements, and help beside a field.
import type { ReactNode } from 'react';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import type { TooltipProps } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

/** An icon button named once: the tooltip shows the name the screen reader reads. */
function IconButton({ label, icon, danger }: { label: string; icon: ReactNode; danger?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={label} danger={danger} />
    </Tooltip>
  );
}

function PlacementExample() {
  const { t } = useTranslation();
  const placements: { placement: TooltipProps['placement']; label: string; tip: string }[] = [
    {
      placement: 'top',
      label: t('showcaseComponents.tooltip.placement.top'),
      tip: t('showcaseComponents.tooltip.placement.topTip'),
    },
    {
      placement: 'bottom',
      label: t('showcaseComponents.tooltip.placement.bottom'),
      tip: t('showcaseComponents.tooltip.placement.bottomTip'),
    },
    {
      placement: 'left',
      label: t('showcaseComponents.tooltip.placement.left'),
      tip: t('showcaseComponents.tooltip.placement.leftTip'),
    },
    {
      placement: 'right',
      label: t('showcaseComponents.tooltip.placement.right'),
      tip: t('showcaseComponents.tooltip.placement.rightTip'),
    },
  ];
  return (
    <Flex gap={8} wrap justify="center" style={{ padding: '24px 0' }}>
      {placements.map(({ placement, label, tip }) => (
        <Tooltip key={placement} placement={placement} title={tip}>
          <Button>{label}</Button>
        </Tooltip>
      ))}
    </Flex>
  );
}

export default function TooltipPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.tooltip')} intro={t('showcaseComponents.tooltip.intro')}>
      <Example
        title={t('showcaseComponents.tooltip.icons.title')}
        description={t('showcaseComponents.tooltip.icons.description')}
      >
        <Flex gap={8} wrap>
          <IconButton label={t('showcaseComponents.tooltip.icons.edit')} icon={<EditOutlined aria-hidden />} />
          <IconButton label={t('showcaseComponents.tooltip.icons.copy')} icon={<CopyOutlined aria-hidden />} />
          <IconButton label={t('showcaseComponents.tooltip.icons.history')} icon={<HistoryOutlined aria-hidden />} />
          <IconButton
            label={t('showcaseComponents.tooltip.icons.delete')}
            icon={<DeleteOutlined aria-hidden />}
            danger
          />
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.tooltip.placement.title')}
        description={t('showcaseComponents.tooltip.placement.description')}
      >
        <PlacementExample />
      </Example>

      <Example
        title={t('showcaseComponents.tooltip.help.title')}
        description={t('showcaseComponents.tooltip.help.description')}
      >
        <Flex vertical gap={4} style={{ maxWidth: 360 }}>
          <Flex align="center" gap={4}>
            <label htmlFor="tooltip-patient-id">{t('references.fields.patientIdMasked')}</label>
            <Tooltip title={t('showcaseComponents.tooltip.help.tip')}>
              <Button
                type="text"
                size="small"
                icon={<QuestionCircleOutlined aria-hidden />}
                aria-label={t('showcaseComponents.tooltip.help.button')}
              />
            </Tooltip>
          </Flex>
          <Input id="tooltip-patient-id" readOnly value={t('showcaseComponents.tooltip.help.maskedId')} />
          <Typography.Text type="secondary">{t('showcaseComponents.tooltip.help.hint')}</Typography.Text>
        </Flex>
      </Example>
    </ShowcasePage>
  );
}
