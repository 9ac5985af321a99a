// The Range page: a slider with marks, a range of eligible ages, a window around a date; a pre-screen validated.
import { useState } from 'react';
import { Col, Form, InputNumber, Row, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleFields, ExampleGrid } from './Examples';

/** The protocol's limits: adults up to 65, at least moderate pain. */
const AGE = { min: 18, max: 65 } as const;
const PAIN_MIN = 4;
const AGE_MARKS = { 0: '0', [AGE.min]: String(AGE.min), [AGE.max]: String(AGE.max), 100: '100' };
/** Long labels at a scale's ends align inward: centred on the end, half of each would stick out of the card. */
const FIRST_MARK = { transform: 'none' };
const LAST_MARK = { transform: 'translateX(-100%)' };

const preScreenSchema = z.strictObject({
  age: z.number().int().min(AGE.min).max(AGE.max),
  pain: z.number().int().min(PAIN_MIN).max(10),
});

/** The pain scale's marks: its ends and its middle, named. */
function usePainMarks() {
  const { t } = useTranslation();
  return {
    0: { label: t('showcaseForms.range.single.none'), style: FIRST_MARK },
    5: t('showcaseForms.range.single.moderate'),
    10: { label: t('showcaseForms.range.single.worst'), style: LAST_MARK },
  };
}

function PainExample() {
  const { t } = useTranslation();
  const [pain, setPain] = useState(3);
  const marks = usePainMarks();
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.range.single.label')} style={{ marginBottom: 0 }}>
        <Slider
          min={0}
          max={10}
          marks={marks}
          value={pain}
          onChange={setPain}
          ariaLabelForHandle={t('showcaseForms.range.single.label')}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {t('showcaseForms.range.single.value', { value: pain })}
        </Typography.Text>
      </Form.Item>
    </ExampleFields>
  );
}

function AgeRangeExample() {
  const { t } = useTranslation();
  const [[from, to], setAges] = useState<number[]>([AGE.min, AGE.max]);
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.range.interval.label')} style={{ marginBottom: 0 }}>
        <Slider
          range
          min={0}
          max={100}
          marks={AGE_MARKS}
          value={[from, to]}
          onChange={setAges}
          ariaLabelForHandle={[t('showcaseForms.range.interval.from'), t('showcaseForms.range.interval.to')]}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {t('showcaseForms.range.interval.value', { from, to })}
        </Typography.Text>
      </Form.Item>
    </ExampleFields>
  );
}

function VisitWindowExample() {
  const { t } = useTranslation();
  const days = (value = 0) =>
    value === 0
      ? t('showcaseForms.range.window.target')
      : value < 0
        ? t('showcaseForms.range.window.before', { count: -value })
        : t('showcaseForms.range.window.after', { count: value });
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.range.window.label')} style={{ marginBottom: 0 }}>
        <Slider
          range
          min={-7}
          max={7}
          defaultValue={[-3, 3]}
          marks={{
            [-7]: { label: days(-7), style: FIRST_MARK },
            0: days(0),
            7: { label: days(7), style: LAST_MARK },
          }}
          tooltip={{ formatter: days }}
          ariaLabelForHandle={[t('showcaseForms.range.window.start'), t('showcaseForms.range.window.end')]}
          ariaValueTextFormatterForHandle={days}
        />
      </Form.Item>
    </ExampleFields>
  );
}

export default function RangePage() {
  const { t } = useTranslation();
  const painMarks = usePainMarks();
  return (
    <ShowcasePage title={t('menu.forms.range')} intro={t('showcaseForms.range.intro')}>
      <ExampleGrid>
        <Example
          key="single"
          title={t('showcaseForms.range.single.title')}
          description={t('showcaseForms.range.single.description')}
        >
          <PainExample />
        </Example>
        <Example
          key="interval"
          title={t('showcaseForms.range.interval.title')}
          description={t('showcaseForms.range.interval.description')}
        >
          <AgeRangeExample />
        </Example>
        <Example
          key="window"
          title={t('showcaseForms.range.window.title')}
          description={t('showcaseForms.range.window.description')}
        >
          <VisitWindowExample />
        </Example>
      </ExampleGrid>
      <Example title={t('showcaseForms.range.form.title')} description={t('showcaseForms.range.form.description')}>
        <DemoForm name="prescreen-form" schema={preScreenSchema}>
          {(rule) => (
            <>
              {/* One value, two controls: the slider to set it roughly, the number to type it; errors show once. */}
              <Form.Item
                label={t('showcaseForms.range.form.age')}
                htmlFor="prescreen-form_age-input"
                extra={t('showcaseForms.range.form.ageHelp')}
                required
              >
                <Row gutter={16} align="middle" wrap={false}>
                  <Col flex="auto">
                    <Form.Item name="age" noStyle rules={[rule('age')]}>
                      <Slider
                        id="prescreen-form_age-slider"
                        min={0}
                        max={100}
                        marks={AGE_MARKS}
                        ariaLabelForHandle={t('showcaseForms.range.form.age')}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="none">
                    <Form.Item name="age" noStyle>
                      <InputNumber
                        id="prescreen-form_age-input"
                        aria-label={t('showcaseForms.range.form.ageInput')}
                        min={0}
                        max={100}
                        style={{ width: 88 }}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Form.Item>
              <Form.Item
                name="pain"
                label={t('showcaseForms.range.form.pain')}
                extra={t('showcaseForms.range.form.painHelp')}
                required
                rules={[rule('pain')]}
              >
                <Slider min={0} max={10} marks={painMarks} ariaLabelForHandle={t('showcaseForms.range.form.pain')} />
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
