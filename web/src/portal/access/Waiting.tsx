// The page of a referring clinician whose access request waits for an Admin's approval.
import { Button, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** After a request, and whenever a pending referrer signs in again; `onBack` returns to the sign-in. */
export default function Waiting({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('portal.waiting.title'));
  return (
    <Result
      icon={<ClockCircleOutlined />}
      data-testid="portal-waiting"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('portal.waiting.title')}</h1>}
      subTitle={t('portal.waiting.text')}
      extra={
        <Button size="large" onClick={onBack}>
          {t('portal.waiting.back')}
        </Button>
      }
    />
  );
}
