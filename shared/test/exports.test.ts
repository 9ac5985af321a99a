// The exports' shared parts: the format asked (readable unless said otherwise, nothing else admitted), a label for
// every coded value in both languages, and columns whose kinds of values name label sets that exist.
import { describe, expect, it } from 'vitest';
import {
  CRITERION_ANSWERS,
  EXPORT_COLUMNS,
  EXPORT_SEPARATORS,
  REFERENCE_STATUSES,
  REJECT_REASONS,
  ROLES,
  SPECIALTIES,
  REGISTRY_STATUSES,
  STUDY_STATUSES,
  USER_STATUSES,
  APPROVAL_STATES,
  SEXES,
  VALUE_LABELS,
  referenceExportSchema,
  studyExportSchema,
} from '../src/index.js';
import { issuesOf, valueOf } from './validate.js';

describe('export requests', () => {
  it('are readable unless the machine format is asked for, and refuse any other format', () => {
    expect(valueOf(studyExportSchema, { language: 'fr' })).toMatchObject({ language: 'fr', format: 'readable' });
    expect(valueOf(referenceExportSchema, { language: 'en', format: 'machine' })).toMatchObject({ format: 'machine' });
    expect(issuesOf(referenceExportSchema, { language: 'en', format: 'excel' })).toMatchObject([{ path: 'format' }]);
  });
});

describe('value labels', () => {
  const sets = {
    specialty: SPECIALTIES,
    studyStatus: STUDY_STATUSES,
    registryStatus: REGISTRY_STATUSES,
    referenceStatus: REFERENCE_STATUSES,
    role: ROLES,
    userStatus: USER_STATUSES,
    approval: APPROVAL_STATES,
    rejectReason: REJECT_REASONS,
    criterionAnswer: CRITERION_ANSWERS,
    sex: SEXES,
    yesNo: ['true', 'false'],
  } as const;

  it('name every coded value in English and French, each set as the enumeration holds it', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(Object.keys(VALUE_LABELS[language]).sort()).toEqual(Object.keys(sets).sort());
      for (const [set, codes] of Object.entries(sets)) {
        const labels = VALUE_LABELS[language][set as keyof typeof sets];
        expect(Object.keys(labels).sort(), `${language} ${set}`).toEqual([...codes].sort());
        for (const label of Object.values(labels)) expect(label.trim()).not.toBe('');
      }
    }
    expect(VALUE_LABELS.fr.referenceStatus.Pending).toBe('En attente');
    expect(VALUE_LABELS.fr.rejectReason.inclusionNotMet).toBe('Un critère d’inclusion n’est pas rempli');
  });

  it('are what the exports’ columns name, and French files use the semicolon', () => {
    const kinds = new Set(['time', 'checklist', ...Object.keys(sets)]);
    for (const columns of Object.values(EXPORT_COLUMNS))
      for (const column of Object.values(columns)) if (column.as) expect(kinds).toContain(column.as);
    expect(EXPORT_COLUMNS.references.status.as).toBe('referenceStatus');
    expect(EXPORT_SEPARATORS).toEqual({ en: ',', fr: ';' });
  });
});
