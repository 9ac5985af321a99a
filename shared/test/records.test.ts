// One schema per record: creates fill in its defaults, updates never do, and both take exactly its fields.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LIMITS,
  defaultsOf,
  referenceCreateSchema,
  referenceSchema,
  referenceUpdateSchema,
  studyContactCreateSchema,
  studyContactSchema,
  studyContactUpdateSchema,
  studyCreateSchema,
  studySchema,
  studyUpdateSchema,
  updateFields,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
  validate,
} from '../src/index.js';
import { valueOf } from './validate.js';

const study = { title: 'Cardiac rehabilitation', specialty: 'Cardiology', status: 'Recruiting' };
const reference = { studyId: 's1', patientId: 'QC-1234-5678' };
const contact = { firstName: 'Jeanne', lastName: 'Tremblay', email: 'jeanne@example.org' };
const user = { ...contact, role: 'Editor', roleApproved: true };
const passwords = { password: 'correct horse', confirmPassword: 'correct horse' };
const versioned = { id: 'r1', version: 4 };

interface RecordCase {
  name: string;
  schema: z.ZodObject;
  create: z.ZodObject;
  update: z.ZodObject;
  /** The least a create may send. */
  minimal: Record<string, unknown>;
  /** What the schema fills in for the rest. */
  defaults: Record<string, unknown>;
}

const records: RecordCase[] = [
  {
    name: 'study',
    schema: studySchema,
    create: studyCreateSchema,
    update: studyUpdateSchema,
    minimal: study,
    defaults: {
      contactId: null,
      startDate: null,
      endDate: null,
      conditions: [],
      inclusionCriteria: '',
      exclusionCriteria: '',
      summary: '',
      details: '',
    },
  },
  {
    name: 'reference',
    schema: referenceSchema,
    create: referenceCreateSchema,
    update: referenceUpdateSchema,
    minimal: reference,
    defaults: {
      referer: '',
      status: 'Pending',
      title: '',
      abstract: '',
      authors: [],
      year: null,
      type: '',
      url: '',
      doi: '',
      journal: '',
      volume: '',
      pages: '',
      studyIds: [],
    },
  },
  {
    name: 'study contact',
    schema: studyContactSchema,
    create: studyContactCreateSchema,
    update: studyContactUpdateSchema,
    minimal: contact,
    defaults: { phoneNumber: '', displayName: '', isTrialContact: false },
  },
  {
    name: 'user',
    schema: userSchema,
    create: userCreateSchema,
    update: userUpdateSchema,
    minimal: { ...user, ...passwords },
    defaults: { phone: '', organisation: '', language: 'en', picture: '' },
  },
];

describe.each(records)('$name', ({ schema, create, update, minimal, defaults }) => {
  it('a create fills in the default of every field it leaves out', () => {
    expect(valueOf(create, minimal)).toEqual({ ...minimal, ...defaults });
    expect(defaultsOf(schema)).toEqual(defaults);
  });

  it('an update leaves out every field it does not send, defaults included', () => {
    expect(valueOf(update, versioned)).toStrictEqual(versioned);
  });

  it('creates and updates take the fields of the schema, with its rules', () => {
    expect(Object.keys(update.shape).sort()).toEqual(['id', 'version', ...Object.keys(create.shape)].sort());
    for (const field of Object.keys(schema.shape)) {
      expect(Object.keys(create.shape), field).toContain(field);
      expect(validate(update, { ...versioned, [field]: { not: 'a value' } }).ok, field).toBe(false);
    }
  });
});

describe('defaults', () => {
  it("zod's partial() fills defaults in: updates use updateFields instead", () => {
    expect(studySchema.partial().parse({})).toMatchObject({ summary: '', conditions: [] });
    expect(Object.keys(studySchema.extend(updateFields(studySchema)).parse({}))).toEqual([]);
  });

  it('an update sends a defaulted field with the same rules as a create', () => {
    expect(valueOf(studyUpdateSchema, { ...versioned, summary: '  Short  ', contactId: null })).toEqual({
      ...versioned,
      summary: 'Short',
      contactId: null,
    });
    expect(validate(studyUpdateSchema, { ...versioned, summary: 'x'.repeat(LIMITS.summaryMax + 1) }).ok).toBe(false);
    expect(validate(referenceUpdateSchema, { ...versioned, status: 'Maybe' }).ok).toBe(false);
    expect(valueOf(studyContactUpdateSchema, { ...versioned, isTrialContact: true })).toEqual({
      ...versioned,
      isTrialContact: true,
    });
  });

  it('each create gets lists of its own', () => {
    const first = valueOf(studyCreateSchema, study) as { conditions: string[] };
    first.conditions.push('Asthma');
    expect(valueOf(studyCreateSchema, study)).toMatchObject({ conditions: [] });
    const defaults = defaultsOf(referenceSchema);
    defaults.authors.push('A. Author');
    expect(defaultsOf(referenceSchema).authors).toEqual([]);
  });
});
