// The Radio page: a group, button style, vertical options with descriptions; a referral triage form validated.
import { Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleFields, ExampleGrid } from './Examples';

const VISIT_TYPES = ['inPerson', 'video', 'phone'] as const;
const PRIORITIES = ['routine', 'urgent', 'screening'] as const;

/** Nothing chosen is "required"; a value outside the lists would be "choose one of the listed values". */
const triageSchema = z.strictObject({
  priority: z.enum(PRIORITIES),
  visitType: z.enum(VISIT_TYPES),
});

function useVisitOptions() {
  const { t } = useTranslation();
  return [
    { value: 'inPerson', label: t('showcaseForms.radio.visit.inPerson') },
    { value: 'video', label: t('showcaseForms.radio.visit.video') },
    { value: 'phone', label: t('showcaseForms.radio.visit.phone') },
  ];
}

/** Each priority with the sentence saying what it commits the site to. */
function usePriorityOptions() {
  const { t } = useTranslation();
  const option = (value: (typeof PRIORITIES)[number], label: string, help: string) => ({
    value,
    label: (
      <Flex vertical>
        <span>{label}</span>
        <Typography.Text type="secondary">{help}</Typography.Text>
      </Flex>
    ),
  });
  return [
    option('routine', t('showcaseForms.radio.priority.routine'), t('showcaseForms.radio.priority.routineHelp')),
    option('urgent', t('showcaseForms.radio.priority.urgent'), t('showcaseForms.radio.priority.urgentHelp')),
    option('screening', t('showcaseForms.radio.priority.screening'), t('showcaseForms.radio.priority.screeningHelp')),
  ];
}

export default function RadioPage() {
  const { t } = useTranslation();
  const visitOptions = useVisitOptions();
  const priorityOptions = usePriorityOptions();
  return (
    <ShowcasePage title={t('menu.forms.radio')} intro={t('showcaseForms.radio.intro')}>
      <ExampleGrid>
        <Example
          key="group"
          title={t('showcaseForms.radio.group.title')}
          description={t('showcaseForms.radio.group.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.radio.group.label')} style={{ marginBottom: 0 }}>
              <Radio.Group
                aria-label={t('showcaseForms.radio.group.label')}
                options={visitOptions}
                defaultValue="inPerson"
              />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="buttons"
          title={t('showcaseForms.radio.buttons.title')}
          description={t('showcaseForms.radio.buttons.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.radio.buttons.periodLabel')}>
              <Radio.Group
                aria-label={t('showcaseForms.radio.buttons.periodLabel')}
                optionType="button"
                buttonStyle="solid"
                defaultValue="month"
                options={[
                  { value: 'week', label: t('showcaseForms.radio.buttons.week') },
                  { value: 'month', label: t('showcaseForms.radio.buttons.month') },
                  { value: 'quarter', label: t('showcaseForms.radio.buttons.quarter') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('showcaseForms.radio.buttons.viewLabel')} style={{ marginBottom: 0 }}>
              <Radio.Group
                aria-label={t('showcaseForms.radio.buttons.viewLabel')}
                optionType="button"
                defaultValue="list"
                options={[
                  { value: 'list', label: t('showcaseForms.radio.buttons.list') },
                  { value: 'calendar', label: t('showcaseForms.radio.buttons.calendar') },
                ]}
              />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="described"
          title={t('showcaseForms.radio.described.title')}
          description={t('showcaseForms.radio.described.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.radio.described.label')} style={{ marginBottom: 0 }}>
              <Radio.Group
                aria-label={t('showcaseForms.radio.described.label')}
                vertical
                options={priorityOptions}
                defaultValue="routine"
              />
            </Form.Item>
          </ExampleFields>
        </Example>
      </ExampleGrid>
      <Example title={t('showcaseForms.radio.form.title')} description={t('showcaseForms.radio.form.description')}>
        <DemoForm name="triage-form" schema={triageSchema}>
          {(rule) => (
            <>
              <Form.Item
                name="priority"
                label={t('showcaseForms.radio.described.label')}
                required
                rules={[rule('priority')]}
              >
                <Radio.Group aria-label={t('showcaseForms.radio.described.label')} vertical options={priorityOptions} />
              </Form.Item>
              <Form.Item
                name="visitType"
                label={t('showcaseForms.radio.group.label')}
                required
                rules={[rule('visitType')]}
              >
                <Radio.Group
                  aria-label={t('showcaseForms.radio.group.label')}
                  optionType="button"
                  options={visitOptions}
                />
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
