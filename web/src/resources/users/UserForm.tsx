// The user form: person fields, organisation and language, role and approval (locked on one's own account), picture
// and password pair.
import { Alert, Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPORT_LANGUAGES, LIMITS, ROLES, userCreateSchema, userUpdateSchema, type User } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { enumOptions } from '../../ui/enums';
import { PersonFields } from '../../ui/PersonFields';
import type { FieldsProps } from '../../ui/resource/definition';
import { formCodec } from '../../ui/resource/formCodec';
import { crossFieldRule, zodRule } from '../../ui/zodRule';

/** The user form's values: the create schema's fields. Empty passwords are left out: on edit they keep the password. */
export const userForm = formCodec(userCreateSchema, {
  initial: { role: 'Editor', roleApproved: true },
  omitWhenBlank: ['password', 'confirmPassword'],
});

export function UserFields({ form, mode, record }: FieldsProps<User>) {
  const { t } = useTranslation();
  const selfId = useAppSelector((state) => state.auth.user?.id);
  const self = record !== undefined && record.id === selfId;
  const rule = (field: string) => zodRule(userCreateSchema, field, t);
  const passwords = (values: Record<string, unknown>) => userForm.toRequest(values);
  // Same checks as the server's: both or neither (edit), and equal.
  const confirmRules = [
    crossFieldRule(t, 'passwordPair', (v) => !passwords(v).password || !!passwords(v).confirmPassword)(form),
    crossFieldRule(t, 'passwordMismatch', (v) => passwords(v).password === passwords(v).confirmPassword)(form),
  ];
  const passwordRules = [
    mode === 'create' ? rule('password') : zodRule(userUpdateSchema, 'password', t),
    crossFieldRule(t, 'passwordPair', (v) => !!passwords(v).password || !passwords(v).confirmPassword)(form),
  ];
  return (
    <>
      <PersonFields section="users" schema={userCreateSchema} phoneField="phone" />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="organisation"
            label={t('users.fields.organisation')}
            extra={t('users.organisationHelp')}
            rules={[rule('organisation')]}
          >
            <Input maxLength={LIMITS.organisationMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="language"
            label={t('users.fields.language')}
            extra={t('users.languageHelp')}
            rules={[rule('language')]}
          >
            <Select
              data-testid="user-language"
              options={EXPORT_LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {self && <Alert type="info" showIcon title={t('users.selfLocked')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="role" label={t('users.fields.role')} required rules={[rule('role')]}>
            <Select options={enumOptions(t, 'role', ROLES)} disabled={self} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roleApproved" label={t('users.fields.roleApproved')} valuePropName="checked">
            <Switch disabled={self} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="picture" label={t('users.fields.picture')} rules={[rule('picture')]}>
        <Input type="url" maxLength={LIMITS.urlMax} placeholder="https://" />
      </Form.Item>
      {mode === 'edit' && (
        <>
          <Divider titlePlacement="start">{t('users.setPassword')}</Divider>
          <Typography.Paragraph type="secondary">{t('users.setPasswordHelp')}</Typography.Paragraph>
        </>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('users.fields.password')}
            required={mode === 'create'}
            dependencies={['confirmPassword']}
            rules={passwordRules}
          >
            <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="confirmPassword"
            label={t('users.fields.confirmPassword')}
            required={mode === 'create'}
            dependencies={['password']}
            rules={confirmRules}
          >
            <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
