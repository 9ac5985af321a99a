// The frame of a showcase page (title, what it shows, its examples) and of one live example with its explanation.
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { SampleTag } from '../../ui/SampleTag';

interface ShowcasePageProps {
  /** The page's title (its menu label, translated). */
  title: string;
  /** One or two sentences: what the page shows and when a screen of the product would use it. */
  intro?: ReactNode;
  /** It shows generated sample data (kept in the browser): the "Sample data" tag says so. */
  sample?: boolean;
  /** Controls beside the title (a period selector, a button). */
  extra?: ReactNode;
  children: ReactNode;
}

export function ShowcasePage({ title, intro, sample, extra, children }: ShowcasePageProps) {
  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {sample && <SampleTag />}
        </Flex>
        {extra}
      </Flex>
      {intro && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 880 }}>
          {intro}
        </Typography.Paragraph>
      )}
      {children}
    </Flex>
  );
}

interface ExampleProps {
  title: string;
  /** When to use this variant, in a sentence. */
  description?: ReactNode;
  children: ReactNode;
}

/** One live variant of a component with a short explanation. */
export function Example({ title, description, children }: ExampleProps) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      size="small"
    >
      {description && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {description}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}
