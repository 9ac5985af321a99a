import { Button, Flex } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function SubmitBar({ saving, cancelTo, label }: { saving: boolean; cancelTo: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} justify="flex-end">
      <Link to={cancelTo}>
        <Button>{t('app.cancel')}</Button>
      </Link>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="form-submit">
        {label}
      </Button>
    </Flex>
  );
}
