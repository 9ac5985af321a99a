// The frame of a create or edit screen: back link, title, actions, stale-version notice, form and history.
import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';

/** Frame of a create or edit screen: back link, title, actions, the stale-version notice, form, history. */
export function FormPage({
  title,
  backTo,
  actions,
  stale,
  onReload,
  children,
  aside,
  tag,
}: {
  title: string;
  /** Shown beside the title (the showcase's "Sample data"). */
  tag?: ReactNode;
  backTo: string;
  actions?: ReactNode;
  stale?: boolean;
  onReload?: () => void;
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
      {stale && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="stale-version"
          title={t('form.staleTitle')}
          description={t('form.reloadDiscards')}
          action={
            <Button onClick={onReload} data-testid="stale-reload">
              {t('app.reload')}
            </Button>
          }
        />
      )}
      <Card>{children}</Card>
      {aside}
    </Flex>
  );
}
