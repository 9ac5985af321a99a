// antd form rules from the shared zod schemas, per field and across fields, with translated messages.
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { validate, type FieldIssue, type ValidationKey } from '@trialdesk/shared';

/** The translated message of a field issue (its key with its params). */
export const issueText = (t: TFunction, issue: Pick<FieldIssue, 'key' | 'params'>): string =>
  t(issue.key, (issue.params ?? {}) as Record<string, unknown>);

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** Empty inputs mean "no value": antd gives '' or undefined, the schemas expect the field left out. */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * An antd rule validating one field with that field's schema from the shared request schema (the server runs the
 * same one), answering the translated message of the first issue. `toValue` turns the input's value into the
 * request's (e.g. a dayjs date into 'YYYY-MM-DD').
 */
export function zodRule(
  schema: ObjectSchema,
  field: string,
  t: TFunction,
  toValue: (value: unknown) => unknown = emptyToUndefined,
): FormRule {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  if (!fieldSchema) throw new Error(`zodRule: no field ${field} in the schema`);
  return {
    validator: async (_rule, value) => {
      const result = validate(fieldSchema, toValue(value));
      if (!result.ok) throw new Error(issueText(t, result.issues[0]));
    },
  };
}

/**
 * A rule for a check across fields (end date after start date, password confirmation), with the shared message
 * key the server answers for it. zod runs a schema's cross-field refinements only once every field is valid, so
 * the form checks these pairs directly.
 */
export function crossFieldRule(
  t: TFunction,
  key: ValidationKey,
  valid: (values: Record<string, unknown>) => boolean,
): (form: Pick<FormInstance, 'getFieldsValue'>) => FormRule {
  return (form) => ({
    validator: async () => {
      if (!valid(form.getFieldsValue(true))) throw new Error(t(`validation.${key}`));
    },
  });
}
