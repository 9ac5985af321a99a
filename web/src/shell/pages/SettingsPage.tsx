// The settings screen: theme and language choices, the signed-in account's name, email and role, and their picture.
import { Card, Descriptions, Flex, Form, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../../core/i18n/languages';
import { useAppDispatch, useAppSelector } from '../../core/store';
import { setMode, type ThemeMode } from '../../core/themeSlice';
import { useMeQuery } from '../../resources/users/api';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PictureField } from '../../resources/users/PictureField';

export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.theme.mode);
  const user = useAppSelector((state) => state.auth.user);
  const record = useMeQuery(undefined, { skip: !user }).data?.user;
  useDocumentTitle(t('settings.title'));
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      <Card title={<h2 className="card-heading">{t('settings.appearance')}</h2>}>
        <Form layout="vertical">
          <Form.Item label={t('settings.theme')} htmlFor="settings-theme">
            <Segmented<ThemeMode>
              id="settings-theme"
              value={mode}
              onChange={(value) => dispatch(setMode(value))}
              options={[
                { value: 'light', label: t('settings.light') },
                { value: 'dark', label: t('settings.dark') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('settings.language')} htmlFor="settings-language" style={{ marginBottom: 0 }}>
            <Select
              id="settings-language"
              style={{ maxWidth: 240 }}
              value={toLanguage(i18n.resolvedLanguage ?? i18n.language)}
              onChange={(value) => void i18n.changeLanguage(value)}
              options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            />
          </Form.Item>
        </Form>
      </Card>
      {user && (
        <Card title={<h2 className="card-heading">{t('settings.account')}</h2>}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('settings.name')}>{user.displayName}</Descriptions.Item>
            <Descriptions.Item label={t('settings.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('settings.role')}>{t(`enums.role.${user.role}`)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {record && (
        <Card title={<h2 className="card-heading">{t('pictures.title')}</h2>}>
          <Flex vertical gap={8}>
            <PictureField user={record} />
            <Typography.Text type="secondary">{t('pictures.help')}</Typography.Text>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
