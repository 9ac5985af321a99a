// The frame of a create or edit screen: back link, title, actions, form and history.
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';

/** Frame of a create or edit screen: back link, title, actions, form, history. */
export function FormPage({
  title,
  backTo,
  actions,
  children,
  aside,
  tag,
}: {
  title: string;
  /** Shown beside the title (the showcase's "Sample data"). */
  tag?: ReactNode;
  backTo: string;
  actions?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <LinkButton to={backTo} type="text" icon={<ArrowLeftOutlined />} aria-label={t('app.back')} />
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {tag}
        </Flex>
        {actions}
      </Flex>
      <Card>{children}</Card>
      {aside}
    </Flex>
  );
}
