// Patient-ID masking and normalisation, and search tokens.
import { describe, expect, it } from 'vitest';
import {
  englishMessage,
  fileErrorsEn,
  fillMessage,
  fileMessages,
  maskPatientId,
  messages,
  normalizePatientId,
  searchKey,
  searchTokens,
} from '../src/index.js';

describe('patient identifiers', () => {
  it('masks all but the last four characters, and never shows more than half of a short identifier', () => {
    expect(maskPatientId('QC-1234-5678')).toBe('******5678');
    expect(maskPatientId('ABCDEFGHIJKL1234')).toBe('************1234');
    expect(maskPatientId('ABCDEFGH')).toBe('******EFGH');
    expect(maskPatientId('OLD-9999')).toBe('******999');
    expect(maskPatientId('ab12')).toBe('******12');
    expect(maskPatientId('AB1')).toBe('******1');
  });

  it('normalises case and separators so one patient has one hash input', () => {
    expect(normalizePatientId('qc-1234 5678')).toBe(normalizePatientId('QC12345678'));
  });
});

describe('search tokens', () => {
  const tokens = searchTokens('Réadaptation cardiaque, phase 2');

  it('finds a record by the prefix of any word, ignoring case and accents', () => {
    for (const query of ['card', 'CARDIAQUE', 'réad', 'readapt', 'phase 2', 'cardiaque ph', '2'])
      expect(tokens, query).toContain(searchKey(query));
  });

  it('does not find inner substrings or words out of order', () => {
    for (const query of ['diaque', 'phase cardiaque', 'cardiology']) expect(tokens).not.toContain(searchKey(query));
  });

  it('ignores queries without letters or digits', () => {
    expect(searchKey('  --  ')).toBeNull();
    expect(searchKey(undefined)).toBeNull();
  });

  it('caps token length so long titles stay small', () => {
    const long = searchTokens('a'.repeat(500));
    expect(Math.max(...long.map((t) => t.length))).toBe(32);
    expect(searchKey('b'.repeat(100))).toHaveLength(32);
  });
});

describe('messages', () => {
  it('has the same keys in English and French', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v).map((s) => `${k}.${s}`) : [k]));
    expect(keys(messages.fr).sort()).toEqual(keys(messages.en).sort());
    expect(keys(fileMessages.fr).sort()).toEqual(keys(fileMessages.en).sort());
  });

  it('fills parameters', () => {
    expect(englishMessage('validation.maxLength', { max: 200 })).toBe('Enter at most 200 characters');
    expect(englishMessage('errors.studyHasReferences', { count: 3 })).toMatch(/still has 3 references/);
    expect(fillMessage(fileErrorsEn.fileTooLarge, { max: 25 })).toBe('This file is over 25 MB.');
  });
});
