// The study form: title, specialty, status, contact, dates in order, conditions and texts.
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, SPECIALTIES, STUDY_STATUSES, studyCreateSchema, type Study } from '@trialdesk/shared';
import { enumOptions } from '../../ui/enums';
import { RemoteSelect } from '../../ui/RemoteSelect';
import type { FieldsProps } from '../../ui/resource/definition';
import { formCodec, isoDate } from '../../ui/resource/formCodec';
import { crossFieldRule, zodRule } from '../../ui/zodRule';
import { RecordLabel, recordOptions } from '../../ui/resource/references';

/** Study contacts as options: their name and email. */
const useContactOptions = recordOptions('studyContacts', (contact) => `${contact.displayName} <${contact.email}>`);

/** The study form's values: the schema's fields, its dates as date-picker values. */
export const studyForm = formCodec(studyCreateSchema, {
  dates: ['startDate', 'endDate'],
  initial: { specialty: 'Unknown', status: 'Recruiting' },
});

/** The study form's fields; rules come from the shared create schema (the server runs the same). */
export function StudyFields({ form }: FieldsProps<Study>) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(studyCreateSchema, field, t);
  const dateRule = (field: string) => zodRule(studyCreateSchema, field, t, isoDate);
  const datesInOrder = crossFieldRule(t, 'endBeforeStart', (values) => {
    const { startDate, endDate } = studyForm.toRequest(values);
    return !startDate || !endDate || endDate >= startDate;
  });
  return (
    <>
      <Form.Item name="title" label={t('studies.fields.title')} required rules={[rule('title')]}>
        <Input maxLength={LIMITS.studyTitleMax} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="specialty" label={t('studies.fields.specialty')} required rules={[rule('specialty')]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={enumOptions(t, 'specialty', SPECIALTIES)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('studies.fields.status')} required rules={[rule('status')]}>
            <Select options={enumOptions(t, 'studyStatus', STUDY_STATUSES)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="contactId" label={t('studies.fields.contactId')} rules={[rule('contactId')]}>
        <RemoteSelect
          allowClear
          testId="study-contact-select"
          useOptions={useContactOptions}
          renderLabel={(id) => <RecordLabel kind="studyContacts" id={id} />}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="startDate" label={t('studies.fields.startDate')} rules={[dateRule('startDate')]}>
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" placeholder={t('form.datePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="endDate"
            label={t('studies.fields.endDate')}
            dependencies={['startDate']}
            rules={[dateRule('endDate'), datesInOrder(form)]}
          >
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" placeholder={t('form.datePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="conditions" label={t('studies.fields.conditions')} rules={[rule('conditions')]}>
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          placeholder={t('form.tagsPlaceholder')}
          tokenSeparators={[',']}
        />
      </Form.Item>
      <Form.Item
        name="inclusionCriteria"
        label={t('studies.fields.inclusionCriteria')}
        rules={[rule('inclusionCriteria')]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item
        name="exclusionCriteria"
        label={t('studies.fields.exclusionCriteria')}
        rules={[rule('exclusionCriteria')]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="summary" label={t('studies.fields.summary')} rules={[rule('summary')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="details" label={t('studies.fields.details')} rules={[rule('details')]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 16 }} />
      </Form.Item>
    </>
  );
}
