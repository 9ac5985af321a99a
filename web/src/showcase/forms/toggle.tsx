// The Toggle page: a labelled switch and its states, text or icons inside, a settings list; site settings validated.
import { useState } from 'react';
import { Divider, Flex, Form, Input, Switch, Typography, type SwitchProps } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, LIMITS, requiredText } from '@trialdesk/shared';
import { crossFieldRule } from '../../ui/zodRule';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleGrid } from './Examples';

/** Reminders need an address to go to: required only while they are on (zod checks it once the fields pass). */
const siteSchema = z
  .strictObject({
    siteName: requiredText(LIMITS.nameMax),
    recruiting: z.boolean(),
    reminders: z.boolean(),
    reminderEmail: emailSchema.optional(),
  })
  .superRefine((site, ctx) => {
    if (site.reminders && !site.reminderEmail) {
      ctx.addIssue({ code: 'custom', path: ['reminderEmail'], message: 'validation.required' });
    }
  });

/** A switch beside its visible label, the label naming it (a click on the label flips it too). */
function LabelledSwitch({ id, label, ...props }: { id: string; label: string } & SwitchProps) {
  return (
    <Flex align="center" gap={12}>
      <Switch id={id} {...props} />
      <label htmlFor={id}>{label}</label>
    </Flex>
  );
}

function BasicExample() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <LabelledSwitch
          id="toggle-referrals"
          label={t('showcaseForms.toggle.basic.label')}
          checked={open}
          onChange={setOpen}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {open ? t('showcaseForms.toggle.basic.on') : t('showcaseForms.toggle.basic.off')}
        </Typography.Text>
      </Flex>
      <LabelledSwitch id="toggle-disabled" label={t('showcaseForms.toggle.basic.disabledLabel')} disabled />
      <LabelledSwitch id="toggle-loading" label={t('showcaseForms.toggle.basic.loadingLabel')} loading defaultChecked />
    </Flex>
  );
}

function LabelledExample() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <LabelledSwitch
        id="toggle-blinded"
        label={t('showcaseForms.toggle.labelled.blindedLabel')}
        checkedChildren={t('showcaseForms.toggle.labelled.yes')}
        unCheckedChildren={t('showcaseForms.toggle.labelled.no')}
        defaultChecked
      />
      <LabelledSwitch
        id="toggle-public"
        label={t('showcaseForms.toggle.labelled.publicLabel')}
        checkedChildren={<CheckOutlined aria-hidden />}
        unCheckedChildren={<CloseOutlined aria-hidden />}
      />
      <LabelledSwitch id="toggle-compact" label={t('showcaseForms.toggle.labelled.compactLabel')} size="small" />
    </Flex>
  );
}

function SettingsExample() {
  const { t } = useTranslation();
  const settings = [
    {
      id: 'toggle-new-referrals',
      label: t('showcaseForms.toggle.settings.newReferrals'),
      help: t('showcaseForms.toggle.settings.newReferralsHelp'),
      on: true,
    },
    {
      id: 'toggle-weekly-digest',
      label: t('showcaseForms.toggle.settings.weeklyDigest'),
      help: t('showcaseForms.toggle.settings.weeklyDigestHelp'),
      on: false,
    },
    {
      id: 'toggle-mentions',
      label: t('showcaseForms.toggle.settings.mentions'),
      help: t('showcaseForms.toggle.settings.mentionsHelp'),
      on: true,
    },
  ];
  return (
    <Flex vertical>
      {settings.map((setting, index) => (
        <div key={setting.id}>
          {index > 0 && <Divider style={{ margin: '12px 0' }} />}
          <Flex align="center" justify="space-between" gap={16}>
            <Flex vertical>
              <label htmlFor={setting.id}>{setting.label}</label>
              <Typography.Text type="secondary" id={`${setting.id}-help`}>
                {setting.help}
              </Typography.Text>
            </Flex>
            <Switch id={setting.id} defaultChecked={setting.on} aria-describedby={`${setting.id}-help`} />
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

export default function TogglePage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.forms.toggle')} intro={t('showcaseForms.toggle.intro')}>
      <ExampleGrid>
        <Example
          key="basic"
          title={t('showcaseForms.toggle.basic.title')}
          description={t('showcaseForms.toggle.basic.description')}
        >
          <BasicExample />
        </Example>
        <Example
          key="labelled"
          title={t('showcaseForms.toggle.labelled.title')}
          description={t('showcaseForms.toggle.labelled.description')}
        >
          <LabelledExample />
        </Example>
        <Example
          key="settings"
          title={t('showcaseForms.toggle.settings.title')}
          description={t('showcaseForms.toggle.settings.description')}
        >
          <SettingsExample />
        </Example>
      </ExampleGrid>
      <Example title={t('showcaseForms.toggle.form.title')} description={t('showcaseForms.toggle.form.description')}>
        <DemoForm name="site-form" schema={siteSchema} initialValues={{ recruiting: true, reminders: false }}>
          {(rule) => (
            <>
              <Form.Item
                name="siteName"
                label={t('showcaseForms.toggle.form.siteName')}
                required
                rules={[rule('siteName')]}
              >
                <Input maxLength={LIMITS.nameMax} autoComplete="off" />
              </Form.Item>
              <Flex gap={32} wrap>
                <Form.Item
                  name="recruiting"
                  label={t('showcaseForms.toggle.form.recruiting')}
                  valuePropName="checked"
                  rules={[rule('recruiting')]}
                >
                  <Switch />
                </Form.Item>
                <Form.Item
                  name="reminders"
                  label={t('showcaseForms.toggle.form.reminders')}
                  valuePropName="checked"
                  rules={[rule('reminders')]}
                >
                  <Switch />
                </Form.Item>
              </Flex>
              {/* The address exists only while reminders are on: hidden, it leaves the form's values. */}
              <Form.Item noStyle dependencies={['reminders']}>
                {(form) =>
                  form.getFieldValue('reminders') ? (
                    <Form.Item
                      name="reminderEmail"
                      label={t('showcaseForms.toggle.form.reminderEmail')}
                      required
                      preserve={false}
                      rules={[
                        crossFieldRule(t, 'required', (site) => !site.reminders || Boolean(site.reminderEmail))(form),
                        rule('reminderEmail'),
                      ]}
                    >
                      <Input type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
                    </Form.Item>
                  ) : null
                }
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
