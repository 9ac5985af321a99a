// LoadError: the translated reason a list or record failed to load, with a Retry button.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../core/api/callable';
import { errorText } from './errorText';

/** A list or record that failed to load: the translated reason and Retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="load-error"
      title={errorText(t, error as CallError)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}
