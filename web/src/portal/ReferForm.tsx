// "Refer a patient" to one recruiting study: the patient's identifier (masked on arrival, never stored as typed),
// year of birth, sex, the criteria checklist, a note, the patient's agreement to be contacted and the referrer's phone,
// each checked with the shared request schema (referralCreateSchema) as the server checks it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  referralCreateSchema,
  SEXES,
  type CriterionAnswer,
  type ReferralCreateResponse,
  type ReferralStudy,
  type Sex,
} from '@trialdesk/shared';
import type { CallError } from '../core/api/callable';
import { enumOptions } from '../ui/enums';
import { errorText } from '../ui/errorText';
import { useSaveErrors } from '../ui/useSaveErrors';
import { zodRule } from '../ui/zodRule';
import { useCreateReferralMutation, usePortalMeQuery } from './api';
import { checklistLines, CriteriaChecklist, unknownAnswers, type CriteriaKind } from './CriteriaChecklist';

interface Values {
  patientId?: string;
  birthYear?: number | null;
  sex?: Sex;
  checklist: Record<CriteriaKind, CriterionAnswer[]>;
  note?: string;
  consentToContact?: boolean;
  phone?: string;
}

/** Refusals about the referral as a whole (already referred, the daily limit, the study closed): shown in the form. */
const isFieldless = (error: CallError) => !(error.code === 'invalid-argument' && error.issues?.length);

/** The form; `onDone` gets the new referral (its identifier masked) once the server took it. */
export function ReferForm({
  study,
  onDone,
}: {
  study: ReferralStudy;
  onDone: (referral: ReferralCreateResponse) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showFieldErrors = useSaveErrors(form);
  const [create, { isLoading, reset }] = useCreateReferralMutation();
  const [refusal, setRefusal] = useState<CallError | null>(null);
  const me = usePortalMeQuery();
  const { inclusionCriteria, exclusionCriteria } = study;
  const lines = useMemo(
    () => checklistLines({ inclusionCriteria, exclusionCriteria }),
    [inclusionCriteria, exclusionCriteria],
  );
  const rule = (field: string, toValue?: (value: unknown) => unknown) =>
    zodRule(referralCreateSchema, field, t, toValue);

  // Criteria changed since the page read them (the server refused the checklist, the study was read again): the
  // checklist starts again from Unknown, in the new lines' order.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else form.setFieldValue('checklist', unknownAnswers(lines));
  }, [lines, form]);

  // The referrer's phone on record, unless they typed one already.
  const phone = me.data?.user?.phone ?? '';
  useEffect(() => {
    if (phone && !form.isFieldTouched('phone') && !form.getFieldValue('phone')) form.setFieldValue('phone', phone);
  }, [phone, form]);

  async function submit(values: Values) {
    setRefusal(null);
    try {
      const referral = await create({
        studyId: study.id,
        patientId: values.patientId ?? '',
        birthYear: values.birthYear ?? Number.NaN,
        sex: values.sex as Sex,
        checklist: values.checklist,
        note: values.note ?? '',
        consentToContact: true,
        phone: values.phone ?? '',
      }).unwrap();
      // The raw identifier leaves the page's memory: the form and the request's record in the store.
      form.resetFields(['patientId']);
      reset();
      onDone(referral);
    } catch (error) {
      const failure = error as CallError;
      if (isFieldless(failure)) setRefusal(failure);
      else showFieldErrors(failure);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      data-testid="refer-form"
      initialValues={{ checklist: unknownAnswers(lines), phone }}
      onFinish={(values) => void submit(values)}
      // The identifier never goes to the browser's autofill history.
      autoComplete="off"
    >
      <Form.Item
        name="patientId"
        label={t('portal.refer.patientId')}
        extra={t('portal.refer.patientIdHelp')}
        required
        rules={[rule('patientId')]}
      >
        <Input size="large" maxLength={LIMITS.patientIdMax} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="birthYear"
          label={t('portal.refer.birthYear')}
          required
          rules={[rule('birthYear')]}
          style={{ flex: '0 1 180px' }}
        >
          <InputNumber size="large" inputMode="numeric" controls={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="sex"
          label={t('portal.refer.sex')}
          required
          rules={[rule('sex')]}
          style={{ flex: '1 1 260px' }}
        >
          <Radio.Group optionType="button" buttonStyle="solid" size="large" options={enumOptions(t, 'sex', SEXES)} />
        </Form.Item>
      </Flex>
      {(lines.inclusion.length > 0 || lines.exclusion.length > 0) && (
        <section aria-labelledby="refer-checklist" style={{ marginBottom: 24 }}>
          <Typography.Title level={2} id="refer-checklist" style={{ fontSize: 18, marginBottom: 4 }}>
            {t('portal.refer.checklist')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('portal.refer.checklistHelp')}</Typography.Paragraph>
          <CriteriaChecklist lines={lines} />
        </section>
      )}
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 8 }}
        data-testid="note-warning"
        title={t('portal.refer.noteWarning')}
      />
      <Form.Item name="note" label={t('portal.refer.note')} rules={[rule('note')]}>
        <Input.TextArea rows={4} maxLength={LIMITS.referralNoteMax} showCount />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('portal.refer.phone')}
        extra={t('portal.refer.phoneHelp')}
        required
        rules={[rule('phone')]}
      >
        <Input size="large" type="tel" autoComplete="tel" maxLength={LIMITS.phoneMax} />
      </Form.Item>
      <Form.Item
        name="consentToContact"
        valuePropName="checked"
        rules={[rule('consentToContact', (value) => value === true)]}
      >
        <Checkbox data-testid="consent">{t('portal.refer.consent')}</Checkbox>
      </Form.Item>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          data-testid="refer-refused"
          title={errorText(t, refusal)}
        />
      )}
      <Button type="primary" htmlType="submit" size="large" loading={isLoading} data-testid="refer-submit">
        {t('portal.refer.submit')}
      </Button>
    </Form>
  );
}
