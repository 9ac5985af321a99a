import { Button, Segmented, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../i18n/resources';
import { useAppDispatch, useAppSelector } from '../store';
import { toggleMode } from '../theme/themeSlice';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.theme.mode);
  const label = mode === 'dark' ? t('topbar.switchToLight') : t('topbar.switchToDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        aria-pressed={mode === 'dark'}
        data-testid="theme-toggle"
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => dispatch(toggleMode())}
      />
    </Tooltip>
  );
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Segmented
      aria-label={t('topbar.language')}
      data-testid="language-switch"
      size="small"
      value={language}
      onChange={(value) => void i18n.changeLanguage(value)}
      options={LANGUAGES.map((code) => ({
        value: code,
        label: (
          <span lang={code} title={t(`languages.${code}`)}>
            {t(`languageShort.${code}`)}
          </span>
        ),
      }))}
    />
  );
}
