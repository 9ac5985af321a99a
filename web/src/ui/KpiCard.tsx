// One key figure of a dashboard in a card: its name, its value written out, and a line saying more about it.
import type { ReactNode } from 'react';
import { Card, Flex, theme, Typography } from 'antd';

interface KpiCardProps {
  testId: string;
  /** The figure's name, translated: the card's heading. */
  label: string;
  /** The figure, already written in the language. */
  value: string;
  /** What the figure is measured against or leads to (a change, a detail, a link). */
  children?: ReactNode;
}

/** A dashboard's key figure: a heading, the value large (`<testId>-value`), then its line below. */
export function KpiCard({ testId, label, value, children }: KpiCardProps) {
  const { token } = theme.useToken();
  return (
    <Card data-testid={testId} size="small" style={{ height: '100%' }}>
      <Flex vertical gap={4}>
        <Typography.Title
          level={2}
          style={{ fontSize: 14, fontWeight: 400, margin: 0, color: token.colorTextSecondary }}
        >
          {label}
        </Typography.Title>
        <Typography.Text data-testid={`${testId}-value`} style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.3 }}>
          {value}
        </Typography.Text>
        {children}
      </Flex>
    </Card>
  );
}
