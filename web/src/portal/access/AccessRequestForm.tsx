// A signed-in person without a users record asks to refer patients: their name and address from the account, the
// organisation they work for (required of a referrer), and the language they use.
import { useEffect } from 'react';
import { App as AntApp, Button, Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, userRequestAccessSchema, validate } from '@trialdesk/shared';
import { toLanguage } from '../../core/i18n/languages';
import { useSaveErrors } from '../../ui/useSaveErrors';
import { issueText } from '../../ui/zodRule';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export interface Account {
  name: string;
  email: string;
}

interface Values {
  organisation: string;
}

/** The referrer's request as the server validates it, for the language shown now. */
const requestOf = (organisation: string, language: string) => ({
  role: 'User' as const,
  organisation,
  language: toLanguage(language),
});

interface Props {
  account: Account;
  sending: boolean;
  error: unknown;
  onRequest: (request: ReturnType<typeof requestOf>) => void;
}

/** The request form, in antd's App: its failures show as messages. */
export default function AccessRequestForm(props: Props) {
  return (
    <AntApp>
      <RequestForm {...props} />
    </AntApp>
  );
}

/**
 * The request form. `onRequest` sends `users-requestAccess` (the sign-in's hold on the person lasts until it is
 * answered); `error` is its failure as thrown, whose field issues land on the field.
 */
function RequestForm({ account, sending, error, onRequest }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showError = useSaveErrors(form);
  useDocumentTitle(t('portal.request.title'));

  useEffect(() => {
    if (!error) return;
    // The callable client loads with the request it sent.
    void import('../../core/api/callable').then(({ toCallError }) => showError(toCallError(error)));
  }, [error, showError]);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      data-testid="access-request"
      onFinish={({ organisation }) => onRequest(requestOf(organisation ?? '', i18n.language))}
    >
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('portal.request.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('portal.request.intro')}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: t('portal.request.name'), children: account.name || '—' },
          { key: 'email', label: t('portal.request.email'), children: account.email },
        ]}
      />
      <Form.Item
        name="organisation"
        label={t('portal.request.organisation')}
        required
        rules={[
          {
            // The whole request's schema: the organisation is required of a referrer only.
            validator: async (_rule, value: string | undefined) => {
              const result = validate(userRequestAccessSchema, requestOf(value ?? '', i18n.language));
              const issue = result.ok ? undefined : result.issues.find((one) => one.path === 'organisation');
              if (issue) throw new Error(issueText(t, issue));
            },
          },
        ]}
      >
        <Input size="large" maxLength={LIMITS.organisationMax} autoComplete="organization" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={sending} data-testid="request-submit">
        {t('portal.request.submit')}
      </Button>
    </Form>
  );
}
