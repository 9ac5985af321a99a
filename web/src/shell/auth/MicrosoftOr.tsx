// The sign-in pages' first choice: "Sign in with Microsoft", then the "or" that leads to the e-mail and password form.
import { Button, Flex, theme } from 'antd';
import { WindowsFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The Microsoft button (busy while its sign-in runs, off while another runs) and the separator below it. */
export function MicrosoftOr({
  loading,
  disabled,
  onClick,
}: {
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <>
      <Button
        block
        size="large"
        icon={<WindowsFilled />}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
        data-testid="login-microsoft"
      >
        {t('auth.signInMicrosoft')}
      </Button>
      <Flex align="center" gap={12} role="separator" style={{ color: token.colorTextSecondary }}>
        <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
        {t('auth.or')}
        <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
      </Flex>
    </>
  );
}
