// The validated form of a forms page: a zod schema's rules on antd fields, the whole schema again on submit.
import { useState, type ReactNode } from 'react';
import { App, Button, Flex, Form, Typography, theme, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { validate } from '@trialdesk/shared';
import { issuesToFields } from '../../ui/serverErrors';
import { useRevalidateOnLanguage } from '../../ui/useRevalidateOnLanguage';
import { zodRule, type ObjectSchema } from '../../ui/zodRule';

type Values = Record<string, unknown>;
type Convert = (value: unknown) => unknown;

/** Empty inputs mean "no value", as in the product's forms: the schemas expect the field left out. */
const emptyToUndefined: Convert = (value) => (value === '' || value === null ? undefined : value);

interface DemoFormProps {
  /** Names the form: its fields' ids start with it, so two forms on a page never share one. */
  name: string;
  schema: ObjectSchema;
  /** How a field's value becomes the request's (files to their name, size and type); empty means absent otherwise. */
  convert?: Record<string, Convert>;
  initialValues?: Values;
  /** The fields; `rule(field)` checks one with its field of the schema, as the product's forms do. */
  children: (rule: (field: string) => FormRule) => ReactNode;
}

/**
 * Each field is checked when it is left, with the translated shared message; a submit checks the whole schema
 * (its refinements across fields too, as the server would) and confirms with a message and the validated values.
 */
export function DemoForm({ name, schema, convert = {}, initialValues, children }: DemoFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm();
  const [sent, setSent] = useState<unknown>();
  useRevalidateOnLanguage(form);

  const toValue = (field: string) => convert[field] ?? emptyToUndefined;
  const rule = (field: string) => zodRule(schema, field, t, toValue(field));

  const onFinish = (values: Values) => {
    const request = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, toValue(field)(value)]));
    const result = validate(schema, request);
    if (!result.ok) {
      const { fields, general } = issuesToFields(result.issues, Object.keys(values), t);
      form.setFields(fields);
      for (const text of general) void message.error(text);
      return;
    }
    setSent(result.value);
    void message.success(t('showcaseForms.demo.success'));
  };

  const reset = () => {
    form.resetFields();
    setSent(undefined);
  };

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={() => setSent(undefined)}
      data-testid={name}
      style={{ maxWidth: 720 }}
    >
      {children(rule)}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit">
          {t('showcaseForms.demo.submit')}
        </Button>
        <Button htmlType="button" onClick={reset}>
          {t('showcaseForms.demo.reset')}
        </Button>
      </Flex>
      {sent !== undefined && (
        <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid={`${name}-result`}>
          <Typography.Text type="secondary">{t('showcaseForms.demo.result')}</Typography.Text>
          <pre
            style={{
              margin: 0,
              padding: token.paddingSM,
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
              color: token.colorText,
              fontFamily: token.fontFamilyCode,
              fontSize: token.fontSizeSM,
              overflowX: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {JSON.stringify(sent, null, 2)}
          </pre>
        </Flex>
      )}
    </Form>
  );
}
