// The Cancel link and submit button at the foot of a create or edit form.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';

export function SubmitBar({ saving, cancelTo, label }: { saving: boolean; cancelTo: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} justify="flex-end">
      <LinkButton to={cancelTo}>{t('app.cancel')}</LinkButton>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="form-submit">
        {label}
      </Button>
    </Flex>
  );
}
