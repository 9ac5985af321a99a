// Placing the server's field issues on a form's fields, with the issues of unknown fields kept apart.
import type { TFunction } from 'i18next';
import type { FieldIssue } from '@trialdesk/shared';
import { issueText } from './zodRule';

export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * Places the server's field issues on the form's fields: `conditions.2` lands on `conditions`. Issues of no known
 * field come back in `general` to be shown apart.
 */
export function issuesToFields(
  issues: FieldIssue[],
  fieldNames: readonly string[],
  t: TFunction,
): { fields: FieldError[]; general: string[] } {
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const issue of issues) {
    const name = fieldNames.includes(issue.path) ? issue.path : issue.path.split('.')[0];
    if (fieldNames.includes(name)) byField.set(name, [...(byField.get(name) ?? []), issueText(t, issue)]);
    else
      general.push(
        issue.path ? t('app.labelled', { label: issue.path, value: issueText(t, issue) }) : issueText(t, issue),
      );
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), general };
}
