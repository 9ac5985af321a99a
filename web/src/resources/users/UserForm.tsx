// The user form: person fields, role and approval, picture and password pair, with conversions to a request.
import { Alert, Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, ROLES, userCreateSchema, userUpdateSchema, type Role, type User } from '@trialdesk/shared';
import { enumOptions } from '../../ui/enums';
import { PersonFields } from '../../ui/PersonFields';
import { crossFieldRule, zodRule } from '../../ui/zodRule';
import type { FormInstance } from 'antd';

export interface UserFormValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  roleApproved: boolean;
  picture: string;
  password?: string;
  confirmPassword?: string;
}

export const emptyUser: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role: 'Editor',
  roleApproved: true,
  picture: '',
};

export const userToValues = (u: User): UserFormValues => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  role: u.role,
  roleApproved: u.roleApproved,
  picture: u.picture,
});

/** Empty password fields are left out: on edit they mean "keep the password". */
export const userToRequest = (v: Partial<UserFormValues>) => ({
  firstName: v.firstName ?? '',
  lastName: v.lastName ?? '',
  email: v.email ?? '',
  phone: v.phone ?? '',
  role: v.role ?? 'Editor',
  roleApproved: v.roleApproved ?? false,
  picture: v.picture ?? '',
  password: v.password || undefined,
  confirmPassword: v.confirmPassword || undefined,
});

export function UserFields({ form, mode, self }: { form: FormInstance; mode: 'create' | 'edit'; self?: boolean }) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(userCreateSchema, field, t);
  const passwords = (values: Record<string, unknown>) => userToRequest(values as Partial<UserFormValues>);
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
