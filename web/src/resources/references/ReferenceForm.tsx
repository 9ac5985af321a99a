// The reference form: study, patient ID (masked on edit), referer, status, publication details.
import { Alert, Col, Collapse, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  REFERENCE_STATUS_WORKFLOW,
  referenceCreateSchema,
  referenceUpdateSchema,
  type Reference,
} from '@trialdesk/shared';
import { enumOptions } from '../../ui/enums';
import { RemoteSelect } from '../../ui/RemoteSelect';
import { pathsOf, type FieldsProps } from '../../ui/resource/definition';
import { formCodec } from '../../ui/resource/formCodec';
import { zodRule } from '../../ui/zodRule';
import { RecordLabel, recordOptions } from '../../ui/resource/references';
import { references } from '.';

const useStudyOptions = recordOptions('studies');

/**
 * The reference form's values: the create schema's fields. An empty patient ID is left out: on edit it means "keep
 * the current one"; an empty study is left for the required rule to name.
 */
export const referenceForm = formCodec(referenceCreateSchema, {
  initial: { studyId: null },
  omitWhenBlank: ['studyId', 'patientId'],
});

export function ReferenceFields({ record }: FieldsProps<Reference>) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(referenceCreateSchema, field, t);
  const text = (name: string, max: number) => (
    <Form.Item name={name} label={t(`references.fields.${name}`)} rules={[rule(name)]}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <>
      {record?.duplicateOf && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="duplicate-of"
          title={t('references.duplicateOf')}
          action={<Link to={pathsOf(references).edit(record.duplicateOf)}>{t('references.openOriginal')}</Link>}
        />
      )}
      <Form.Item name="studyId" label={t('references.fields.studyId')} required rules={[rule('studyId')]}>
        <RemoteSelect
          testId="study-select"
          useOptions={useStudyOptions}
          renderLabel={(id) => <RecordLabel kind="studies" id={id} />}
        />
      </Form.Item>
      {record ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('references.fields.patientIdMasked')}>
              <Typography.Text code data-testid="patient-id-masked">
                {record.patientIdMasked}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {t('app.labelled', { label: t('references.fields.productPatientId'), value: record.productPatientId })}
              </Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="patientId"
              label={t('references.replacePatientId')}
              extra={t('references.replacePatientIdHelp')}
              rules={[zodRule(referenceUpdateSchema, 'patientId', t)]}
            >
              <Input maxLength={LIMITS.patientIdMax} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item name="patientId" label={t('references.fields.patientId')} required rules={[rule('patientId')]}>
          <Input maxLength={LIMITS.patientIdMax} autoComplete="off" />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('referer', LIMITS.refererMax)}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('references.fields.status')} rules={[rule('status')]}>
            <Select options={enumOptions(t, 'referenceStatus', REFERENCE_STATUS_WORKFLOW)} />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'publication',
            label: t('references.publication'),
            forceRender: true,
            children: (
              <>
                {text('title', LIMITS.publicationTitleMax)}
                <Form.Item name="abstract" label={t('references.fields.abstract')} rules={[rule('abstract')]}>
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
                </Form.Item>
                <Form.Item name="authors" label={t('references.fields.authors')} rules={[rule('authors')]}>
                  <Select mode="tags" open={false} suffixIcon={null} placeholder={t('form.tagsPlaceholder')} />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} md={8}>
                    <Form.Item name="year" label={t('references.fields.year')} rules={[rule('year')]}>
                      <InputNumber style={{ width: '100%' }} min={LIMITS.yearMin} max={LIMITS.yearMax} precision={0} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={16}>
                    {text('type', LIMITS.publicationTypeMax)}
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    {text('url', LIMITS.urlMax)}
                  </Col>
                  <Col xs={24} md={12}>
                    {text('doi', LIMITS.doiMax)}
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    {text('journal', LIMITS.journalMax)}
                  </Col>
                  <Col xs={12} md={6}>
                    {text('volume', LIMITS.volumeMax)}
                  </Col>
                  <Col xs={12} md={6}>
                    {text('pages', LIMITS.pagesMax)}
                  </Col>
                </Row>
                <Form.Item name="studyIds" label={t('references.fields.studyIds')} rules={[rule('studyIds')]}>
                  <RemoteSelect
                    multiple
                    useOptions={useStudyOptions}
                    renderLabel={(id) => <RecordLabel kind="studies" id={id} />}
                  />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
