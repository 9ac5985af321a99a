// A refused import in the dialog: the server's message in the reader's language, and for a malformed request each
// field issue with its path (a record's `protocolSection.identificationModule.nctId`).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../core/api/callable';
import { errorText } from '../../ui/errorText';
import { issueText } from '../../ui/zodRule';

export function ImportError({ error }: { error: CallError }) {
  const { t } = useTranslation();
  const issues = error.issues ?? [];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="import-error"
      title={errorText(t, error)}
      description={
        issues.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {issues.map((issue, index) => (
              <li key={index}>
                {issue.path
                  ? t('app.labelled', { label: issue.path, value: issueText(t, issue) })
                  : issueText(t, issue)}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
