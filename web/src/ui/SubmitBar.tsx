// The Cancel link and submit button at the foot of a create or edit form.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';

export function SubmitBar({
  saving,
  cancelTo,
  label,
  disabled,
}: {
  saving: boolean;
  cancelTo: string;
  label: string;
  /** While a save conflict waits for the person's choices (saved by its own button). */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} justify="flex-end">
      <LinkButton to={cancelTo}>{t('app.cancel')}</LinkButton>
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled} data-testid="form-submit">
        {label}
      </Button>
    </Flex>
  );
}
