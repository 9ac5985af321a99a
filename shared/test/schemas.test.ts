// The request schemas: each accepts good input and refuses each bad case with the right path and key.
import { describe, expect, it } from 'vitest';
import {
  acceptNeedsConfirmation,
  criteriaLines,
  documentFileName,
  referenceExportSchema,
  referenceTriageSchema,
  referralCreateSchema,
  referralStudiesSchema,
  studyExportSchema,
  userLanguageSchema,
  userRequestAccessSchema,
  BIRTH_YEAR_SPAN,
  uploadPathSchema,
  CALLABLE_NAMES,
  KINDS,
  LIMITS,
  auditListSchema,
  referenceCreateSchema,
  referenceListSchema,
  requestSchemas,
  studyContactCreateSchema,
  studyCreateSchema,
  studyListSchema,
  studyUpdateSchema,
  userApproveSchema,
  userCreateSchema,
  userUpdateSchema,
  validate,
  type FieldIssue,
} from '../src/index.js';
import { issuesOf, valueOf } from './validate.js';

const pathsOf = (issues: FieldIssue[]) => issues.map((i) => i.path);

const study = { title: 'Cardiac rehabilitation after infarction', specialty: 'Cardiology', status: 'Recruiting' };

describe('studies', () => {
  it('accepts a minimal and a full study, trimming text', () => {
    expect(validate(studyCreateSchema, study)).toMatchObject({ ok: true });
    const full = validate(studyCreateSchema, {
      ...study,
      title: '  Heart failure registry  ',
      contactId: 'c1',
      startDate: '2024-02-29',
      endDate: '2024-02-29',
      conditions: ['Heart failure', ' Hypertension '],
      inclusionCriteria: 'Adults',
      exclusionCriteria: 'Pregnancy',
      summary: 's',
      details: 'd',
    });
    expect(full.ok && full.value.title).toBe('Heart failure registry');
    expect(full.ok && full.value.conditions).toEqual(['Heart failure', 'Hypertension']);
  });

  it.each([
    [{ ...study, title: undefined }, 'title', 'validation.required'],
    [{ ...study, title: '  ' }, 'title', 'validation.required'],
    [{ ...study, title: 'ab' }, 'title', 'validation.minLength'],
    [{ ...study, title: 'x'.repeat(LIMITS.studyTitleMax + 1) }, 'title', 'validation.maxLength'],
    [{ ...study, title: ['array'] }, 'title', 'validation.type'],
    [{ ...study, specialty: 'Astrology' }, 'specialty', 'validation.oneOf'],
    [{ ...study, status: undefined }, 'status', 'validation.required'],
    [{ ...study, startDate: '2023-02-29' }, 'startDate', 'validation.date'],
    [{ ...study, startDate: '01/02/2024' }, 'startDate', 'validation.date'],
    [{ ...study, startDate: '2024-05-02', endDate: '2024-05-01' }, 'endDate', 'validation.endBeforeStart'],
    [{ ...study, conditions: 'Asthma' }, 'conditions', 'validation.type'],
    [{ ...study, conditions: Array(31).fill('a') }, 'conditions', 'validation.maxItems'],
    [{ ...study, conditions: ['ok', ''] }, 'conditions.1', 'validation.required'],
    [{ ...study, summary: 'x'.repeat(LIMITS.summaryMax + 1) }, 'summary', 'validation.maxLength'],
    [{ ...study, contactId: 'a/b' }, 'contactId', 'validation.id'],
    [{ ...study, referenceCount: 3 }, 'referenceCount', 'validation.unknownField'],
  ])('rejects %j at %s', (input, path, key) => {
    const issues = issuesOf(studyCreateSchema, input);
    expect(issues).toContainEqual(expect.objectContaining({ path, key }));
  });

  it('updates need id and version, and take only known fields', () => {
    expect(validate(studyUpdateSchema, { id: 's1', version: 2, status: 'Completed' })).toMatchObject({ ok: true });
    expect(pathsOf(issuesOf(studyUpdateSchema, { status: 'Completed' }))).toEqual(['id', 'version']);
    expect(issuesOf(studyUpdateSchema, { id: 's1', version: 0 })[0]).toMatchObject({ path: 'version' });
    expect(issuesOf(studyUpdateSchema, { id: 's1', version: 1.5 })[0]).toMatchObject({ key: 'validation.integer' });
  });

  it('list queries accept the page sizes of the design only', () => {
    for (const pageSize of [10, 20, 50, 100]) expect(validate(studyListSchema, { page: 1, pageSize }).ok).toBe(true);
    for (const pageSize of [0, 15, 1000, '20'])
      expect(issuesOf(studyListSchema, { page: 1, pageSize })[0].path).toBe('pageSize');
    expect(issuesOf(studyListSchema, { page: 0, pageSize: 10 })[0]).toMatchObject({
      path: 'page',
      key: 'validation.min',
    });
    expect(issuesOf(studyListSchema, { page: 1, pageSize: 10, sort: 'title' })[0].path).toBe('sort');
  });
});

describe('references', () => {
  const reference = { studyId: 's1', patientId: 'QC-1234-5678' };

  it('accepts a referral with a publication', () => {
    const result = validate(referenceCreateSchema, {
      ...reference,
      referer: 'Dr. Tremblay',
      url: 'https://pubmed.ncbi.nlm.nih.gov/123/',
      doi: '10.1056/NEJMoa2034577',
      year: 2021,
      authors: ['A. Author'],
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    [{ ...reference, patientId: undefined }, 'patientId', 'validation.required'],
    [{ ...reference, patientId: 'ab' }, 'patientId', 'validation.minLength'],
    [{ ...reference, patientId: '<script>' }, 'patientId', 'validation.patientId'],
    [{ ...reference, url: 'javascript:alert(1)' }, 'url', 'validation.url'],
    [{ ...reference, url: 'ftp://example.org/x' }, 'url', 'validation.url'],
    [{ ...reference, doi: 'doi:10.1/x' }, 'doi', 'validation.doi'],
    [{ ...reference, year: 2024.5 }, 'year', 'validation.integer'],
    [{ ...reference, year: '2024' }, 'year', 'validation.type'],
    [{ ...reference, status: 'Maybe' }, 'status', 'validation.oneOf'],
    [{ ...reference, patientIdMasked: '****' }, 'patientIdMasked', 'validation.unknownField'],
  ])('rejects %j at %s', (input, path, key) => {
    expect(issuesOf(referenceCreateSchema, input)).toContainEqual(expect.objectContaining({ path, key }));
  });

  it('list filters by patient id, status and study', () => {
    expect(validate(referenceListSchema, { page: 1, pageSize: 20, patientId: 'QC-1', status: 'Pending' }).ok).toBe(
      true,
    );
    expect(issuesOf(referenceListSchema, { page: 1, pageSize: 20, search: 'x' })[0].key).toBe(
      'validation.unknownField',
    );
  });
});

describe('users and contacts', () => {
  const user = {
    firstName: 'Marie',
    lastName: 'Gagnon',
    email: 'marie.gagnon@example.org',
    role: 'Editor',
    roleApproved: true,
    password: 'correct horse',
    confirmPassword: 'correct horse',
  };

  it('requires matching passwords on create and both or none on update', () => {
    expect(validate(userCreateSchema, user).ok).toBe(true);
    expect(issuesOf(userCreateSchema, { ...user, confirmPassword: 'x' })[0]).toMatchObject({
      path: 'confirmPassword',
      key: 'validation.passwordMismatch',
    });
    expect(issuesOf(userCreateSchema, { ...user, password: 'short', confirmPassword: 'short' })[0]).toMatchObject({
      path: 'password',
      key: 'validation.minLength',
    });
    expect(validate(userUpdateSchema, { id: 'u1', version: 1, firstName: 'Marie-Ève' }).ok).toBe(true);
    expect(issuesOf(userUpdateSchema, { id: 'u1', version: 1, password: 'long enough' })[0]).toMatchObject({
      path: 'confirmPassword',
      key: 'validation.passwordPair',
    });
  });

  it('rejects a bad email with the spec wording', () => {
    const issue = issuesOf(studyContactCreateSchema, { firstName: 'A', lastName: 'B', email: 'not-an-email' })[0];
    expect(issue).toEqual({ path: 'email', key: 'validation.email', message: 'Please enter a valid email address' });
    expect(issuesOf(studyContactCreateSchema, { firstName: 'A', lastName: 'B' })[0]).toEqual({
      path: 'email',
      key: 'validation.required',
      message: 'This field is required',
    });
  });

  it('approve may change the role but nothing else', () => {
    expect(validate(userApproveSchema, { id: 'u1', version: 3, role: 'Admin' }).ok).toBe(true);
    expect(issuesOf(userApproveSchema, { id: 'u1', version: 3, roleApproved: false })[0].path).toBe('roleApproved');
  });
});

describe('referrals', () => {
  const year = new Date().getUTCFullYear();
  const referral = {
    studyId: 's1',
    patientId: 'AB-123456',
    birthYear: 1961,
    sex: 'female',
    consentToContact: true,
    phone: '514 555-0100',
  };
  const only = (input: unknown) => issuesOf(referralCreateSchema, input).map((i) => [i.path, i.key]);

  it('accepts a referral, the checklist and note optional', () => {
    expect(valueOf(referralCreateSchema, referral)).toMatchObject({ note: '', sex: 'female' });
    const checklist = { inclusion: ['met', 'unknown'], exclusion: ['notMet'] };
    expect(valueOf(referralCreateSchema, { ...referral, checklist })).toMatchObject({ checklist });
    expect(valueOf(referralCreateSchema, { ...referral, birthYear: year - BIRTH_YEAR_SPAN })).toBeDefined();
    expect(valueOf(referralCreateSchema, { ...referral, birthYear: year })).toBeDefined();
  });

  it('refuses a birth year in the future, too long ago or not a whole year, with the range', () => {
    for (const birthYear of [year + 1, year - BIRTH_YEAR_SPAN - 1, 0]) {
      const [issue] = issuesOf(referralCreateSchema, { ...referral, birthYear });
      expect(issue).toMatchObject({ path: 'birthYear', key: 'validation.birthYear' });
      expect(issue.message).toBe(`Enter a year of birth between ${year - BIRTH_YEAR_SPAN} and ${year}`);
    }
    expect(only({ ...referral, birthYear: 1961.5 })).toEqual([['birthYear', expect.any(String)]]);
    expect(only({ ...referral, birthYear: '1961' })).toEqual([['birthYear', expect.any(String)]]);
  });

  it('requires the consent, true only', () => {
    for (const consentToContact of [false, undefined, 'true']) {
      expect(only({ ...referral, consentToContact })).toEqual([['consentToContact', 'validation.consentRequired']]);
    }
  });

  it('takes the sex from FHIR’s administrative gender only', () => {
    for (const sex of ['F', 'Female', 'intersex', '', undefined])
      expect(only({ ...referral, sex }).map(([path]) => path)).toEqual(['sex']);
  });

  it('requires a phone number to reach the referrer, a well-formed one', () => {
    const { phone: _dropped, ...withoutPhone } = referral;
    expect(only(withoutPhone)).toEqual([['phone', 'validation.required']]);
    expect(only({ ...referral, phone: '   ' })).toEqual([['phone', 'validation.required']]);
    expect(only({ ...referral, phone: 'call me' })).toEqual([['phone', 'validation.phone']]);
  });

  it('refuses a bad patient ID, checklist answers outside the list, and unknown fields', () => {
    expect(only({ ...referral, patientId: 'AB_12<3>' })).toEqual([['patientId', 'validation.patientId']]);
    expect(only({ ...referral, checklist: { inclusion: ['yes'], exclusion: [] } })[0][0]).toBe('checklist.inclusion.0');
    expect(only({ ...referral, refererId: 'someone-else' })[0][0]).toBe('refererId');
  });

  it('searches studies by words, or asks for one by id', () => {
    expect(validate(referralStudiesSchema, { page: 1, pageSize: 10, search: 'cardio' }).ok).toBe(true);
    expect(validate(referralStudiesSchema, { page: 1, pageSize: 10, id: 's1' }).ok).toBe(true);
    expect(issuesOf(referralStudiesSchema, { page: 1, pageSize: 10, status: 'Withdrawn' })[0].path).toBe('status');
  });

  it('an access request names the role (Editor or User), a referrer’s organisation, and a language', () => {
    expect(valueOf(userRequestAccessSchema, {})).toEqual({ role: 'Editor', organisation: '', language: 'en' });
    expect(issuesOf(userRequestAccessSchema, { role: 'User' })[0]).toMatchObject({
      path: 'organisation',
      key: 'validation.required',
    });
    expect(issuesOf(userRequestAccessSchema, { role: 'Admin', organisation: 'X' })[0].path).toBe('role');
    expect(issuesOf(userLanguageSchema, { language: 'de' })[0].path).toBe('language');
  });
});

describe('clinical workflow', () => {
  const triage = { id: 'r1', version: 2, studyVersion: 3 };

  it('a criteria text is one checklist item per non-empty line, bullets dropped', () => {
    expect(criteriaLines('- Adults\r\n\n  * Consent  \n1. First\n2) Second\n• Dot\nNo bullet')).toEqual([
      'Adults',
      'Consent',
      'First',
      'Second',
      'Dot',
      'No bullet',
    ]);
    expect(criteriaLines('')).toEqual([]);
  });

  it('a rejection names its reason ("other" with a text); a duplicate names another reference', () => {
    expect(issuesOf(referenceTriageSchema, { ...triage, decision: 'Rejected' }).map((i) => i.path)).toEqual(['reason']);
    expect(
      issuesOf(referenceTriageSchema, { ...triage, decision: 'Rejected', reason: 'other', reasonNote: '  ' }).map(
        (i) => i.path,
      ),
    ).toEqual(['reasonNote']);
    expect(validate(referenceTriageSchema, { ...triage, decision: 'Rejected', reason: 'declined' }).ok).toBe(true);
    expect(issuesOf(referenceTriageSchema, { ...triage, decision: 'Duplicate' }).map((i) => i.path)).toEqual([
      'duplicateOf',
    ]);
    expect(
      issuesOf(referenceTriageSchema, { ...triage, decision: 'Duplicate', duplicateOf: 'r1' }).map((i) => i.path),
    ).toEqual(['duplicateOf']);
    expect(
      issuesOf(referenceTriageSchema, { ...triage, decision: 'Accepted', duplicateOf: 'r0' }).map((i) => i.path),
    ).toEqual(['duplicateOf']);
    expect(
      issuesOf(referenceTriageSchema, { ...triage, decision: 'Accepted', inclusion: [{ answer: 'maybe' }] })[0].path,
    ).toBe('inclusion.0.answer');
  });

  it('accepting against the checklist needs a confirmation', () => {
    const met = { answer: 'met' as const };
    const notMet = { answer: 'notMet' as const };
    expect(acceptNeedsConfirmation({ inclusion: [met], exclusion: [notMet] })).toBe(false);
    expect(acceptNeedsConfirmation({ inclusion: [notMet], exclusion: [] })).toBe(true);
    expect(acceptNeedsConfirmation({ inclusion: [met], exclusion: [met] })).toBe(true);
    expect(acceptNeedsConfirmation({ inclusion: [{ answer: 'unknown' }], exclusion: [{ answer: 'unknown' }] })).toBe(
      false,
    );
  });

  it("an export takes its list's filters and a language, never a page", () => {
    expect(validate(referenceExportSchema, { language: 'fr', status: 'Pending', studyId: 's1' }).ok).toBe(true);
    expect(issuesOf(referenceExportSchema, { language: 'fr', page: 1 }).map((i) => i.path)).toEqual(['page']);
    expect(issuesOf(studyExportSchema, {}).map((i) => i.path)).toEqual(['language']);
    expect(issuesOf(studyExportSchema, { language: 'de' }).map((i) => i.path)).toEqual(['language']);
  });
});

describe('contract', () => {
  it("has a request schema for every callable: each kind's declared ones, and the others", () => {
    const others = [
      'users-approve',
      'users-revoke',
      'users-requestAccess',
      'users-me',
      'users-endSession',
      'users-setPicture',
      'documents-addVersion',
      'documents-counts',
      'studies-import',
      'references-triage',
      'references-undoTriage',
      'references-originals',
      'dashboard-stats',
      'audit-list',
      'accessLog-list',
      'studies-follow',
      'users-setLanguage',
      'mail-list',
      'referrals-studies',
      'referrals-create',
      'referrals-list',
    ];
    const declared = KINDS.flatMap((kind) => Object.keys(kind.callables).map((callable) => `${kind.name}-${callable}`));
    expect([...CALLABLE_NAMES].sort()).toEqual([...declared, ...others].sort());
  });

  it("the product's kinds declare their standard callables and who may call them", () => {
    const staff = { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin' };
    const declared = Object.fromEntries(KINDS.map((kind) => [kind.name, kind.callables]));
    expect(declared).toMatchObject({
      studies: { ...staff, export: 'staff' },
      references: { ...staff, export: 'staff' },
      studyContacts: { ...staff, export: 'staff' },
      users: { list: 'admin', get: 'admin', create: 'admin', update: 'admin', delete: 'admin', export: 'admin' },
      documents: staff,
    });
    expect(Object.keys(declared.documents)).not.toContain('export');
  });

  it('every schema refuses a non-object and unknown fields', () => {
    for (const name of CALLABLE_NAMES) {
      expect(validate(requestSchemas[name], 'text').ok, name).toBe(false);
      const issues = issuesOf(requestSchemas[name], { unexpectedField: 1 });
      expect(
        issues.map((i) => i.path),
        name,
      ).toContain('unexpectedField');
    }
  });

  it('audit history needs an entity', () => {
    expect(validate(auditListSchema, { page: 1, pageSize: 10, entity: 'studies', entityId: 's1' }).ok).toBe(true);
    expect(issuesOf(auditListSchema, { page: 1, pageSize: 10, entity: 'patients' })[0].path).toBe('entity');
  });
});

describe('documents', () => {
  it("takes an upload only as one plain file directly in someone's upload folder", () => {
    expect(validate(uploadPathSchema, 'uploads/u1/3f2a-protocol.pdf').ok).toBe(true);
    for (const bad of [
      'studies/s1/documents/d1/v1',
      'uploads/u1/../u2/a.pdf',
      'uploads/u1/x/a.pdf',
      'uploads//a.pdf',
      'uploads/u1/a b.pdf',
    ]) {
      expect(validate(uploadPathSchema, bad).ok, bad).toBe(false);
    }
  });

  it("names a download with its type's extension once", () => {
    expect(documentFileName('Protocol v2', 'application/pdf')).toBe('Protocol v2.pdf');
    expect(documentFileName('sites.CSV', 'text/csv')).toBe('sites.CSV');
  });
});
