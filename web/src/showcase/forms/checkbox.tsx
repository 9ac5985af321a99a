// The Checkbox page: one consent box, a group with a disabled option, "select all"; a consent form validated.
import { useState } from 'react';
import { Checkbox, Divider, Flex, Form, Typography, type GetProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleFields, ExampleGrid } from './Examples';

const CHANNELS = ['email', 'phone', 'mail'] as const;
const DOCUMENTS = ['protocol', 'consentForm', 'ethicsApproval', 'budget'] as const;
type Document = (typeof DOCUMENTS)[number];

/** A box left unticked is a consent not given: the shared "required" message, as for an empty field. */
const consentSchema = z.strictObject({
  consent: z.boolean().refine((ticked) => ticked, { message: 'validation.required' }),
  channels: z.array(z.enum(CHANNELS)).min(1, { message: 'validation.required' }),
});

/** The contact channels as checkbox options; `sms` shows what a disabled option looks like. */
function useChannelOptions(withComingSoon: boolean) {
  const { t } = useTranslation();
  const options: { value: string; label: string; disabled?: boolean }[] = [
    { value: 'email', label: t('showcaseForms.checkbox.channels.email') },
    { value: 'phone', label: t('showcaseForms.checkbox.channels.phone') },
    { value: 'mail', label: t('showcaseForms.checkbox.channels.mail') },
  ];
  if (withComingSoon) options.push({ value: 'sms', label: t('showcaseForms.checkbox.channels.sms'), disabled: true });
  return options;
}

/**
 * A group in a required form item: the item marks its child `aria-required`, which a `group` role does not allow;
 * the label's asterisk and the error message say it instead.
 */
function RequiredGroup({
  'aria-required': _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} />;
}

function SingleExample() {
  const { t } = useTranslation();
  const [read, setRead] = useState(false);
  return (
    <Flex vertical gap={8} align="flex-start">
      <Checkbox checked={read} onChange={(event) => setRead(event.target.checked)}>
        {t('showcaseForms.checkbox.single.label')}
      </Checkbox>
      <Typography.Text type={read ? 'success' : 'secondary'} aria-live="polite">
        {read ? t('showcaseForms.checkbox.single.ticked') : t('showcaseForms.checkbox.single.unticked')}
      </Typography.Text>
    </Flex>
  );
}

function GroupExample() {
  const { t } = useTranslation();
  const options = useChannelOptions(true);
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.checkbox.group.label')} style={{ marginBottom: 0 }}>
        <Checkbox.Group
          aria-label={t('showcaseForms.checkbox.group.label')}
          options={options}
          defaultValue={['email']}
        />
      </Form.Item>
    </ExampleFields>
  );
}

function SelectAllExample() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Document[]>(['protocol', 'consentForm']);
  const labels: Record<Document, string> = {
    protocol: t('showcaseForms.checkbox.documents.protocol'),
    consentForm: t('showcaseForms.checkbox.documents.consentForm'),
    ethicsApproval: t('showcaseForms.checkbox.documents.ethicsApproval'),
    budget: t('showcaseForms.checkbox.documents.budget'),
  };
  const all = chosen.length === DOCUMENTS.length;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Checkbox
        checked={all}
        indeterminate={chosen.length > 0 && !all}
        onChange={(event) => setChosen(event.target.checked ? [...DOCUMENTS] : [])}
      >
        {t('showcaseForms.checkbox.selectAll.all')}
      </Checkbox>
      <Divider style={{ margin: '4px 0' }} />
      <Checkbox.Group
        aria-label={t('showcaseForms.checkbox.selectAll.label')}
        options={DOCUMENTS.map((value) => ({ value, label: labels[value] }))}
        value={chosen}
        onChange={(values) => setChosen(DOCUMENTS.filter((value) => values.includes(value)))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {t('showcaseForms.checkbox.selectAll.count', { count: chosen.length, total: DOCUMENTS.length })}
      </Typography.Text>
    </Flex>
  );
}

export default function CheckboxPage() {
  const { t } = useTranslation();
  const channelOptions = useChannelOptions(false);
  return (
    <ShowcasePage title={t('menu.forms.checkbox')} intro={t('showcaseForms.checkbox.intro')}>
      <ExampleGrid>
        <Example
          key="single"
          title={t('showcaseForms.checkbox.single.title')}
          description={t('showcaseForms.checkbox.single.description')}
        >
          <SingleExample />
        </Example>
        <Example
          key="group"
          title={t('showcaseForms.checkbox.group.title')}
          description={t('showcaseForms.checkbox.group.description')}
        >
          <GroupExample />
        </Example>
        <Example
          key="selectAll"
          title={t('showcaseForms.checkbox.selectAll.title')}
          description={t('showcaseForms.checkbox.selectAll.description')}
        >
          <SelectAllExample />
        </Example>
      </ExampleGrid>
      <Example
        title={t('showcaseForms.checkbox.form.title')}
        description={t('showcaseForms.checkbox.form.description')}
      >
        <DemoForm name="consent-form" schema={consentSchema} initialValues={{ consent: false, channels: [] }}>
          {(rule) => (
            <>
              <Form.Item
                name="consent"
                label={t('showcaseForms.checkbox.form.consent')}
                valuePropName="checked"
                required
                rules={[rule('consent')]}
              >
                <Checkbox>{t('showcaseForms.checkbox.form.consentText')}</Checkbox>
              </Form.Item>
              <Form.Item
                name="channels"
                label={t('showcaseForms.checkbox.form.channels')}
                required
                rules={[rule('channels')]}
              >
                <RequiredGroup aria-label={t('showcaseForms.checkbox.form.channels')} options={channelOptions} />
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
