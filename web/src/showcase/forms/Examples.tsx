// The layout of a forms page's live examples: two columns on wide screens, one on narrow ones; labelled controls.
import { Children, isValidElement, type ReactNode } from 'react';
import { Col, Form, Row } from 'antd';

/** The examples side by side from 1200 px wide (two columns of 1440 px's content), one above the other below. */
export function ExampleGrid({ children }: { children: ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      {Children.toArray(children).map((child, index) => (
        <Col key={isValidElement(child) && child.key !== null ? child.key : index} xs={24} xl={12}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

/**
 * The examples' controls laid out and labelled as the validated forms' are (label above, help below), outside any
 * form: they keep their own state and nothing submits them. Each item names its control with `htmlFor`.
 */
export function ExampleFields({ children }: { children: ReactNode }) {
  return (
    <Form layout="vertical" component={false}>
      {children}
    </Form>
  );
}
