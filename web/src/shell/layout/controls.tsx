// The top bar's controls: the light/dark theme toggle and the English/French language switch.
import { Button, Flex } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../../core/i18n/languages';
import { useAppDispatch, useAppSelector } from '../../core/store';
import { toggleMode } from '../../core/themeSlice';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.theme.mode);
  const label = mode === 'dark' ? t('topbar.switchToLight') : t('topbar.switchToDark');
  return (
    // A native title rather than antd's Tooltip, which the public pages would otherwise have to load.
    <Button
      type="text"
      shape="circle"
      title={label}
      aria-label={label}
      aria-pressed={mode === 'dark'}
      data-testid="theme-toggle"
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={() => dispatch(toggleMode())}
    />
  );
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  // Two toggle buttons rather than antd's Segmented, which brings antd's Tooltip to the public pages.
  return (
    <Flex role="group" aria-label={t('topbar.language')} data-testid="language-switch" gap={2}>
      {LANGUAGES.map((code) => (
        <Button
          key={code}
          size="small"
          type={code === language ? 'primary' : 'text'}
          lang={code}
          // The visible code is the button's name (WCAG 2.5.3); the title spells the language out.
          title={t(`languages.${code}`)}
          aria-pressed={code === language}
          onClick={() => void i18n.changeLanguage(code)}
        >
          {t(`languageShort.${code}`)}
        </Button>
      ))}
    </Flex>
  );
}
