// The bar above a list: its title, its actions and the Create button when allowed, and its search and filters.
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { LinkButton } from './LinkButton';
import { openedFrom } from './useListParams';

/** Title, filters, actions and the Create button above a list. */
export function ListToolbar({
  title,
  createLabel,
  createTo,
  actions,
  children,
  tag,
}: {
  title: string;
  /** Shown beside the title (the showcase's "Sample data"). */
  tag?: ReactNode;
  createLabel?: string;
  /** Hidden when the role may not create. */
  createTo?: string;
  /** Buttons before Create (a list's own links, Export). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const location = useLocation();
  return (
    <Flex vertical gap={16} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {tag}
        </Flex>
        <Flex gap={8} wrap align="center">
          {actions}
          {createTo && createLabel && (
            <LinkButton
              to={createTo}
              state={openedFrom(location)}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="list-create"
            >
              {createLabel}
            </LinkButton>
          )}
        </Flex>
      </Flex>
      <Flex gap={12} wrap align="center" role="search">
        {children}
      </Flex>
    </Flex>
  );
}
