// The Input page: text, prefix and suffix, password, text area with a counter, numbers; a referral form validated.
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@trialdesk/shared';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { ExampleFields, ExampleGrid } from './Examples';
import { NOTES_MAX, ReferralForm } from './ReferralForm';

export default function InputPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.forms.input')} intro={t('showcaseForms.input.intro')}>
      <ExampleGrid>
        <Example
          key="text"
          title={t('showcaseForms.input.text.title')}
          description={t('showcaseForms.input.text.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.input.text.label')} htmlFor="input-text" style={{ marginBottom: 0 }}>
              <Input
                id="input-text"
                allowClear
                maxLength={LIMITS.studyTitleMax}
                placeholder={t('showcaseForms.input.text.placeholder')}
              />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="affixes"
          title={t('showcaseForms.input.affixes.title')}
          description={t('showcaseForms.input.affixes.description')}
        >
          <ExampleFields>
            <Form.Item label={t('showcaseForms.input.affixes.searchLabel')} htmlFor="input-search">
              <Input
                id="input-search"
                type="search"
                prefix={<SearchOutlined aria-hidden />}
                placeholder={t('showcaseForms.input.affixes.searchPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              label={t('showcaseForms.input.affixes.weightLabel')}
              htmlFor="input-weight"
              style={{ marginBottom: 0 }}
            >
              <InputNumber
                id="input-weight"
                min={1}
                max={400}
                step={0.1}
                precision={1}
                suffix={t('showcaseForms.input.affixes.weightUnit')}
                style={{ width: 200 }}
              />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="password"
          title={t('showcaseForms.input.password.title')}
          description={t('showcaseForms.input.password.description')}
        >
          <ExampleFields>
            <Form.Item
              label={t('showcaseForms.input.password.label')}
              htmlFor="input-password"
              style={{ marginBottom: 0 }}
            >
              <Input.Password id="input-password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="textarea"
          title={t('showcaseForms.input.textarea.title')}
          description={t('showcaseForms.input.textarea.description')}
        >
          <ExampleFields>
            <Form.Item
              label={t('showcaseForms.input.textarea.label')}
              htmlFor="input-textarea"
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea
                id="input-textarea"
                showCount
                maxLength={NOTES_MAX}
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder={t('showcaseForms.input.textarea.placeholder')}
              />
            </Form.Item>
          </ExampleFields>
        </Example>
        <Example
          key="number"
          title={t('showcaseForms.input.number.title')}
          description={t('showcaseForms.input.number.description')}
        >
          <ExampleFields>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label={t('showcaseForms.input.number.targetLabel')} htmlFor="input-target">
                  <InputNumber id="input-target" min={1} max={10_000} precision={0} defaultValue={120} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label={t('showcaseForms.input.number.doseLabel')} htmlFor="input-dose">
                  <InputNumber
                    id="input-dose"
                    min={0}
                    max={4000}
                    step={250}
                    defaultValue={1000}
                    suffix={t('showcaseForms.input.number.doseUnit')}
                    style={{ width: 160 }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </ExampleFields>
        </Example>
      </ExampleGrid>
      <ReferralForm />
    </ShowcasePage>
  );
}
