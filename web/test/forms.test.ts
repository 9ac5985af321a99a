// Tests of form validation: zod rules in both languages, server issues on fields, changed fields.
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { studyContactCreateSchema, studyCreateSchema, userCreateSchema, type FieldIssue } from '@trialdesk/shared';
import { resources } from './dictionaries';
import { changedFields } from '../src/ui/formDiff';
import { issuesToFields } from '../src/ui/serverErrors';
import { crossFieldRule, zodRule } from '../src/ui/zodRule';

let en: TFunction;
let fr: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: 'en', fallbackLng: 'fr', interpolation: { escapeValue: false } });
  en = instance.getFixedT('en');
  fr = instance.getFixedT('fr');
});

async function messageOf(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zod -> antd rules', () => {
  it('answers the translated message of the first issue, in both languages', async () => {
    expect(await messageOf(zodRule(studyCreateSchema, 'title', en), undefined)).toBe('This field is required');
    expect(await messageOf(zodRule(studyCreateSchema, 'title', fr), '')).toBe('Ce champ est obligatoire');
    expect(await messageOf(zodRule(studyCreateSchema, 'title', en), 'ab')).toBe('Enter at least 3 characters');
    expect(await messageOf(zodRule(studyCreateSchema, 'title', fr), 'ab')).toBe('Saisissez au moins 3 caractères');
    expect(await messageOf(zodRule(studyContactCreateSchema, 'email', en), 'nope')).toBe(
      'Please enter a valid email address',
    );
    expect(await messageOf(zodRule(studyContactCreateSchema, 'email', fr), 'nope')).toBe(
      'Veuillez saisir une adresse courriel valide',
    );
    expect(await messageOf(zodRule(studyContactCreateSchema, 'email', en), 'a@b.ca')).toBeNull();
    expect(await messageOf(zodRule(studyContactCreateSchema, 'phoneNumber', en), undefined)).toBeNull();
  });

  it('checks across fields with the shared message, in both languages', async () => {
    const values = { password: 'long-enough-1', confirmPassword: 'other-value-1' };
    const form = { getFieldsValue: () => values };
    const equal = (v: Record<string, unknown>) => v.password === v.confirmPassword;
    expect(await messageOf(crossFieldRule(en, 'passwordMismatch', equal)(form), '')).toBe('The passwords do not match');
    expect(await messageOf(crossFieldRule(fr, 'passwordMismatch', equal)(form), '')).toBe(
      'Les mots de passe ne correspondent pas',
    );
    values.confirmPassword = values.password;
    expect(await messageOf(crossFieldRule(en, 'passwordMismatch', equal)(form), '')).toBeNull();
  });

  it('validates a password with the schema the server uses', async () => {
    expect(await messageOf(zodRule(userCreateSchema, 'password', en), 'short')).toBe('Enter at least 8 characters');
  });

  it('refuses a field the schema does not have', () => {
    expect(() => zodRule(studyCreateSchema, 'nope', en)).toThrow(/no field nope/);
  });
});

describe('server issues -> form fields', () => {
  it('places issues on their fields, translated, and keeps the rest apart', () => {
    const issues: FieldIssue[] = [
      { path: 'title', key: 'validation.minLength', params: { min: 3 }, message: 'Enter at least 3 characters' },
      { path: 'conditions.2', key: 'validation.maxLength', params: { max: 100 }, message: '' },
      { path: 'extra', key: 'validation.unknownField', message: '' },
    ];
    expect(issuesToFields(issues, ['title', 'conditions'], fr)).toEqual({
      fields: [
        { name: 'title', errors: ['Saisissez au moins 3 caractères'] },
        { name: 'conditions', errors: ['Saisissez au plus 100 caractères'] },
      ],
      // The field's name, then the message, with French spacing before the colon.
      general: ['extra\u00a0: Ce champ n’est pas permis'],
    });
  });
});

describe('changedFields', () => {
  it('keeps only what differs (deeply), ignoring untouched optional fields', () => {
    const initial = { title: 'A', conditions: ['x'], contactId: 'c1', password: undefined };
    expect(changedFields(initial, { ...initial })).toEqual({});
    expect(
      changedFields(initial, { ...initial, conditions: ['x', 'y'], contactId: null as unknown as string }),
    ).toEqual({ conditions: ['x', 'y'], contactId: null });
    expect(changedFields(initial, { ...initial, password: 'secret-pass' as unknown as undefined })).toEqual({
      password: 'secret-pass',
    });
  });
});
