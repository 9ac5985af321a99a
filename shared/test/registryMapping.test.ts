// The registry mapping (docs/registry.md, "The mapping"): criteria, text, dates, status, specialty and contact on
// inline inputs, then every recorded real record checked field by field against what a reader sees in it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  criteriaLines,
  LIMITS,
  mapRegistryRecord,
  REGISTRY_STATUSES,
  registryRecordSchema,
  SPECIALTIES,
  SPECIALTY_RULES,
  studyContactCreateSchema,
  studyCreateSchema,
  type RegistryContact,
  type Specialty,
  type StudyStatus,
} from '../src/index.js';
import { splitCriteria } from '../src/registryCriteria.js';
import { splitName } from '../src/registryMapping.js';

type Input = Parameters<typeof registryRecordSchema.parse>[0];

/** A record with only what a test names (its NCT number and protocol modules). */
function record(protocol: Record<string, unknown> = {}, derived?: Record<string, unknown>): Input {
  const { identificationModule, ...modules } = protocol;
  return {
    protocolSection: {
      identificationModule: { nctId: 'NCT01234567', briefTitle: 'A study', ...(identificationModule as object) },
      ...modules,
    },
    ...(derived ? { derivedSection: { conditionBrowseModule: derived } } : {}),
  };
}
const map = (input: Input) => mapRegistryRecord(registryRecordSchema.parse(input));
const lines = (text: string) => (text === '' ? [] : text.split('\n'));
const split = (text: string) => {
  const lists = splitCriteria(text);
  return { inclusion: lines(lists.inclusion), exclusion: lines(lists.exclusion) };
};

describe('criteria', () => {
  it('splits the two sections, one criterion a line, without headings or bullets', () => {
    const text = 'Inclusion Criteria:\n\n* Age 18 or older\n* Signed consent\n\nExclusion Criteria:\n\n* Pregnancy\n';
    expect(split(text)).toEqual({ inclusion: ['Age 18 or older', 'Signed consent'], exclusion: ['Pregnancy'] });
  });

  it.each([
    ['INCLUSION CRITERIA', 'EXCLUSION CRITERIA'],
    ['Key Inclusion Criteria:', 'Key exclusion criteria'],
    ['Criteria for inclusion:', 'Criteria for exclusion:'],
    ['**Inclusion criteria:**', '**Exclusion criteria:**'],
    ['1. Inclusion criteria', '2. Non-inclusion criteria:'],
    ['### Inclusion Criteria (cohort A)', 'Exclusion criteria for healthy volunteers:'],
    ['Eligibility Criteria:', 'Ineligibility criteria:'],
    ['Inclusion:', 'Exclusion:'],
  ])('reads the headings "%s" and "%s"', (inclusion, exclusion) => {
    const text = `${inclusion}\n\n- Adults\n- Consent\n\n${exclusion}\n\n- Allergy to the drug\n`;
    expect(split(text)).toEqual({ inclusion: ['Adults', 'Consent'], exclusion: ['Allergy to the drug'] });
  });

  it('takes the text after a heading’s colon as its first line, and a section written twice', () => {
    const text =
      'Inclusion criteria: adults with asthma\nExclusion: 1. smokers\nInclusion Criteria (Part B):\n* children\n';
    expect(split(text)).toEqual({ inclusion: ['adults with asthma', 'children'], exclusion: ['smokers'] });
  });

  it('keeps a sentence that only starts like a heading as a criterion', () => {
    const text = 'Inclusion criteria met per protocol\nExclusion of patients on dialysis is decided by the PI\n';
    expect(split(text).inclusion).toEqual([
      'Inclusion criteria met per protocol',
      'Exclusion of patients on dialysis is decided by the PI',
    ]);
  });

  it.each([
    ['* one\n* two', ['one', 'two']],
    ['- one\n- two', ['one', 'two']],
    ['• one\n•two', ['one', 'two']],
    ['1. one\n2. two', ['one', 'two']],
    ['1) one\n2) two', ['one', 'two']],
    ['(1) one\n(2) two', ['one', 'two']],
    ['a. one\nb. two', ['one', 'two']],
    ['(a) one\n(b) two', ['one', 'two']],
    ['i. one\nii. two\niii. three', ['one', 'two', 'three']],
    ['1.1 One\n1.2 Two', ['One', 'Two']],
    ['1- one\n2- two', ['one', 'two']],
  ])('drops the markers of %j', (text, expected) => {
    expect(split(`Inclusion Criteria:\n${text}`).inclusion).toEqual(expected);
  });

  it('keeps indented sub-items with their parent, deeper ones in brackets', () => {
    const text = [
      '* Adequate organ function, defined as:',
      '',
      '  * ANC ≥ 1500/µL;',
      '  * platelets ≥ 100 000/µL; and',
      '  * hemoglobin ≥ 9 g/dL.',
      '* Contraception, one of:',
      '  1. hormonal:',
      '     * pill',
      '     * implant',
      '  2. barrier',
      '* ECOG 0-1',
    ].join('\n');
    expect(split(text).inclusion).toEqual([
      'Adequate organ function, defined as: ANC ≥ 1500/µL; platelets ≥ 100 000/µL; and hemoglobin ≥ 9 g/dL.',
      'Contraception, one of: hormonal (pill, implant); barrier',
      'ECOG 0-1',
    ]);
  });

  it('nests a change of marker at the same indentation, and tells a letter from a roman number', () => {
    const text = '1. Parent:\na. one\nb. two\n2. Next\ng. Seven\nh. Eight\ni. Nine\n3. Last:\ni. first\nii. second';
    expect(split(text).inclusion).toEqual(['Parent: one; two', 'Next: Seven; Eight; Nine', 'Last: first; second']);
  });

  it('drops a second marker after the first, but keeps "A. baumannii"', () => {
    const text = '* Aged < 18 years:\n  * a) Cohort 1\n  * b) Cohort 2\n* A. baumannii infection';
    expect(split(text).inclusion).toEqual(['Aged < 18 years: Cohort 1; Cohort 2', 'A. baumannii infection']);
  });

  it('reads "H. pylori" as a word, not a list marker', () => {
    expect(split('H. pylori infection\nE. coli bacteremia\nC. Age ≥ 18').inclusion).toEqual([
      'H. pylori infection',
      'E. coli bacteremia',
      'Age ≥ 18',
    ]);
    expect(split('a. hemoglobin ≥ 9\nb. platelets ≥ 100').inclusion).toEqual(['hemoglobin ≥ 9', 'platelets ≥ 100']);
  });

  it('joins wrapped lines to their item', () => {
    const text = [
      '* Histologically confirmed adenocarcinoma of the',
      '  prostate with rising PSA',
      '* Measurable disease',
      'by RECIST 1.1',
      '',
      'Age 18 or older, with a diagnosis of',
      'type 2 diabetes',
      'Signed consent;',
      'no prior therapy.',
      'stable dose',
    ].join('\n');
    expect(split(text).inclusion).toEqual([
      'Histologically confirmed adenocarcinoma of the prostate with rising PSA',
      'Measurable disease by RECIST 1.1',
      'Age 18 or older, with a diagnosis of type 2 diabetes',
      'Signed consent;',
      'no prior therapy.',
      'stable dose',
    ]);
  });

  it('puts everything in inclusion when no heading is there, and what precedes a lone exclusion heading', () => {
    expect(split('* Adults\n* Consent')).toEqual({ inclusion: ['Adults', 'Consent'], exclusion: [] });
    expect(split('Adults\n\nExclusion Criteria:\n* Pregnancy')).toEqual({
      inclusion: ['Adults'],
      exclusion: ['Pregnancy'],
    });
    expect(split('Exclusion criteria:\n* Pregnancy')).toEqual({ inclusion: [], exclusion: ['Pregnancy'] });
    expect(split('')).toEqual({ inclusion: [], exclusion: [] });
  });

  it('reads lead lines: a section named in words switches, a heading in capitals is dropped, a group is kept', () => {
    const text = [
      'Participants are eligible to be included in the study only if all of the following criteria apply:',
      '',
      '* Adults',
      '',
      'DISEASE CHARACTERISTICS:',
      '',
      '* Stage IV',
      '',
      'For parent participants:',
      '',
      '* Proficient in Hindi',
      '',
      'Participants are excluded from the study if any of the following apply:',
      '',
      '* Pregnancy',
      '',
      'Note: Other protocol defined Inclusion/Exclusion criteria may apply',
      'The above information is not intended to contain all considerations relevant to a patient’s potential',
      'participation in a clinical trial.',
    ].join('\n');
    expect(split(text)).toEqual({
      inclusion: ['Adults', 'Stage IV', 'For parent participants:', 'Proficient in Hindi'],
      exclusion: ['Pregnancy'],
    });
  });

  it('undoes the registry’s markdown escapes', () => {
    expect(
      split('* Age \\>= 18, creatinine \\< 1.5 x ULN\n* 10\\*\\*9/L, HCV RNA \\[qualitative\\], a\\_b\\\\c').inclusion,
    ).toEqual(['Age >= 18, creatinine < 1.5 x ULN', '10**9/L, HCV RNA [qualitative], a_b\\c']);
  });

  it('drops whole lines past the line and character limits, and cuts a first line longer than the list', () => {
    const many = Array.from({ length: LIMITS.criteriaLinesMax + 50 }, (_, i) => `* Criterion ${i + 1}`).join('\n');
    const kept = split(many).inclusion;
    expect(kept).toHaveLength(LIMITS.criteriaLinesMax);
    expect(kept.at(-1)).toBe(`Criterion ${LIMITS.criteriaLinesMax}`);

    const long = Array.from({ length: 30 }, (_, i) => `* ${i} ${'word '.repeat(100)}`).join('\n');
    const text = splitCriteria(long).inclusion;
    expect(text.length).toBeLessThanOrEqual(LIMITS.criteriaMax);
    expect(lines(text)).toHaveLength(Math.floor((LIMITS.criteriaMax + 1) / (lines(text)[0].length + 1)));
    expect(lines(text).every((line) => line.endsWith('word'))).toBe(true);

    const huge = splitCriteria(`* ${'word '.repeat(3000)}`).inclusion;
    expect(huge.length).toBeLessThanOrEqual(LIMITS.criteriaMax);
    expect(huge.endsWith('word…')).toBe(true);
  });

  it('gives lines the checklist reads back as they are', () => {
    const text = '* - 1. doubled marker\n* 2) second\n*   \n*\n* real one';
    const lists = splitCriteria(text);
    expect(criteriaLines(lists.inclusion)).toEqual(lines(lists.inclusion));
    expect(lines(lists.inclusion)).toEqual(['doubled marker', 'second', 'real one']);
  });
});

describe('text and dates', () => {
  it('takes the brief title, else the official one, else the NCT number; cut on a word within the limit', () => {
    expect(map(record({ identificationModule: { briefTitle: ' Heart\nfailure\u202e study ' } })).values.title).toBe(
      'Heart failure study',
    );
    expect(map(record({ identificationModule: { briefTitle: ' ', officialTitle: 'Official' } })).values.title).toBe(
      'Official',
    );
    expect(map(record({ identificationModule: { briefTitle: 'ab' } })).values.title).toBe('NCT01234567');
    const long = `${'Lorem ipsum '.repeat(30)}end`;
    const title = map(record({ identificationModule: { briefTitle: long } })).values.title;
    expect(title.length).toBeLessThanOrEqual(LIMITS.studyTitleMax);
    expect(title).toMatch(/ (?:Lorem|ipsum)…$/);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('keeps conditions as written, without blanks or repeats, each and all within limits', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Condition ${i}`);
    const conditions = ['Asthma', ' ', 'asthma', '\u200b', `Very ${'long '.repeat(30)}name`, ...many];
    const mapped = map(record({ conditionsModule: { conditions } })).values.conditions;
    expect(mapped).toHaveLength(LIMITS.conditionsMax);
    expect(mapped.slice(0, 3)).toEqual(['Asthma', expect.stringMatching(/^Very long .*long…$/), 'Condition 0']);
    expect(mapped[1].length).toBeLessThanOrEqual(LIMITS.conditionMax);
  });

  it('undoes escapes in the summary and details, and cuts them on a line boundary with "…"', () => {
    const paragraph = `${'Some words here. '.repeat(20)}\n`;
    const mapped = map(
      record({
        descriptionModule: {
          briefSummary: 'PSA \\>= 4\u0007 \\& rising\n',
          detailedDescription: paragraph.repeat(200),
        },
      }),
    ).values;
    expect(mapped.summary).toBe('PSA >= 4 & rising');
    expect(mapped.details.length).toBeLessThanOrEqual(LIMITS.detailsMax);
    expect(mapped.details.endsWith('here.…')).toBe(true);
    expect(paragraph.repeat(200).startsWith(mapped.details.slice(0, -1))).toBe(true);
  });

  it.each([
    ['2010-05', '2012', '2010-05-01', '2012-01-01'],
    ['2010-05-17', '2010-05-17', '2010-05-17', '2010-05-17'],
    ['2015-01', '2014-12-31', '2015-01-01', null],
    ['2021-02-30', '2021-13', null, null],
    [undefined, '2020-03', null, '2020-03-01'],
  ])('dates %s to %s give %s to %s', (start, end, startDate, endDate) => {
    const statusModule = {
      ...(start ? { startDateStruct: { date: start } } : {}),
      ...(end ? { completionDateStruct: { date: end, type: 'ACTUAL' } } : {}),
    };
    expect(map(record({ statusModule })).values).toMatchObject({ startDate, endDate });
  });

  it('maps every registry status, keeping it and its verification date as given', () => {
    const expected: Record<string, StudyStatus> = {
      RECRUITING: 'Recruiting',
      ENROLLING_BY_INVITATION: 'Recruiting',
      COMPLETED: 'Completed',
      WITHDRAWN: 'Withdrawn',
      TERMINATED: 'Withdrawn',
    };
    for (const overallStatus of [...REGISTRY_STATUSES, 'constructor', 'SOMETHING_NEW']) {
      const mapped = map(record({ statusModule: { overallStatus, statusVerifiedDate: '2024-03' } }));
      expect(mapped.values.status).toBe(Object.hasOwn(expected, overallStatus) ? expected[overallStatus] : 'Unknown');
      expect(mapped).toMatchObject({ registryStatus: overallStatus, registryVerifiedAt: '2024-03' });
    }
    expect(map(record())).toMatchObject({
      registryStatus: null,
      registryVerifiedAt: null,
      values: { status: 'Unknown', startDate: null, endDate: null },
    });
  });
});

const terms = (...names: string[]) => names.map((term, i) => ({ id: `D${i}`, term }));

describe('specialty', () => {
  const specialty = (derived?: Record<string, unknown>) => map(record({}, derived)).values.specialty;

  it('is Unknown without MeSH terms, Other when none fits', () => {
    expect(specialty()).toBe('Unknown');
    expect(specialty({ meshes: [], browseBranches: [{ abbrev: 'BC04', name: 'Neoplasms' }] })).toBe('Unknown');
    expect(specialty({ meshes: terms('Dental Caries'), ancestors: terms('Tooth Diseases') })).toBe('Other');
  });

  it.each<[string[], Specialty]>([
    [['Leukemia, Myeloid, Acute', 'Breast Neoplasms'], 'HematoOncology'],
    [['Breast Neoplasms', 'Depression'], 'Oncology'],
    [['Hypertension, Pulmonary'], 'Pulmonology'],
    [['Hypertension'], 'Cardiology'],
    [['Stroke'], 'Neurology'],
    [['Alzheimer Disease'], 'Neurology'],
    [['Depressive Disorder, Major'], 'Psychiatry'],
    [['Pre-Eclampsia'], 'ObstetricsAndGynecology'],
    [['HIV Infections'], 'InfectiousDisease'],
    [['Diabetic Retinopathy'], 'Ophthalmology'],
    [['Dry Eye Syndromes'], 'Ophthalmology'],
    [['Reye Syndrome'], 'Other'],
    [['Graves Disease'], 'Endocrinology'],
    [['Diabetic Nephropathies'], 'Nephrology'],
    [['Diabetes Mellitus, Type 2'], 'Endocrinology'],
    [['Adrenal Insufficiency'], 'Endocrinology'],
    [['Kidney Calculi'], 'Urology'],
    [['Arthritis, Psoriatic'], 'Rheumatology'],
    [["Sjögren's Syndrome"], 'Rheumatology'],
    [['Dermatitis, Atopic'], 'Dermatology'],
    [['Anemia, Sickle Cell'], 'Hematology'],
    [['Asthma'], 'Pulmonology'],
    [['Crohn Disease'], 'Gastroenterology'],
    [['Rhinitis, Allergic'], 'AllergyAndImmunology'],
    [['Otitis Media'], 'Otolaryngology'],
    [['Hip Fractures'], 'Orthopedics'],
    [['Low Back Pain'], 'PhysicalMedicineAndRehabilitation'],
    [['Pain, Postoperative'], 'Anesthesiology'],
    [['Burns'], 'PlasticSurgery'],
    [['Hernia, Inguinal'], 'Surgery'],
    [['Infant, Premature, Diseases'], 'Pediatrics'],
    [['Radiation Injuries'], 'Radiology'],
    [['Critical Illness'], 'InternalMedicine'],
  ])('reads %j as %s', (meshes, expected) => {
    expect(specialty({ meshes: terms(...meshes) })).toBe(expected);
  });

  it('reads the record’s own terms before their ancestors, and the ancestors before the branches', () => {
    // Axial spondyloarthritis: an "Infections" ancestor, but its own terms say rheumatology.
    const spa = { meshes: terms('Spondylarthritis'), ancestors: terms('Infections', 'Arthritis') };
    expect(specialty(spa)).toBe('Rheumatology');
    const ancestors = { meshes: terms('Scabies'), ancestors: terms('Mite Infestations', 'Skin Diseases, Parasitic') };
    expect(specialty(ancestors)).toBe('InfectiousDisease');
    const branch = { meshes: terms('Syndrome'), browseBranches: [{ abbrev: 'All' }, { abbrev: 'BC14' }] };
    expect(specialty(branch)).toBe('Cardiology');
  });

  it('names each of our specialties but Unknown and Other in its table', () => {
    const named = new Set(SPECIALTY_RULES.map((rule) => rule.specialty));
    expect(SPECIALTIES.filter((s) => !named.has(s))).toEqual(['Unknown', 'Other']);
  });

  it('is the table docs/registry.md shows, row by row', () => {
    const doc = readFileSync(new URL('../../docs/registry.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('<!-- specialty table -->'), doc.indexOf('<!-- end of specialty table -->'));
    const rows = table
      .split('\n')
      .filter((line) => /^\|\s*\d+\s*\|/.test(line))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\|?\s*|\s*\|?$/g, '')));
    expect(
      rows.map(([, specialty, words, branches]) => ({
        specialty,
        words: [...words.matchAll(/`([^`]+)`/g)].map((match) => match[1]),
        branches: branches === '' ? [] : branches.split(', '),
      })),
    ).toEqual(SPECIALTY_RULES.map(({ specialty, words, branches }) => ({ specialty, words, branches })));
  });
});

describe('contact', () => {
  const contactOf = (centralContacts: unknown[]) =>
    map(record({ contactsLocationsModule: { centralContacts } })).contact;

  it('is the first central contact whose e-mail is one; none gives null', () => {
    expect(contactOf([])).toBeNull();
    expect(contactOf([{ name: 'No Mail' }, { name: 'Bad Mail', email: 'not-an-address' }])).toBeNull();
    expect(
      contactOf([
        { name: 'Bad Mail', email: 'nope' },
        { name: 'Jane Doe, MD, PhD', email: ' jane.doe@example.org ', phone: '+1 (514) 555-0100', phoneExt: '12' },
        { name: 'Later One', email: 'later@example.org' },
      ]),
    ).toEqual<RegistryContact>({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.org',
      phoneNumber: '+1 (514) 555-0100',
    });
  });

  it('keeps a phone only when it is one', () => {
    expect(contactOf([{ name: 'A B', email: 'a@b.org', phone: 'call the desk' }])?.phoneNumber).toBe('');
    expect(contactOf([{ name: 'A B', email: 'a@b.org', phone: '1'.repeat(40) }])?.phoneNumber).toBe('');
  });

  it.each([
    ['Dr. Marie Curie', 'Marie', 'Curie'],
    ['Prof. Dr. med. Hans Müller', 'Hans', 'Müller'],
    ['John Q. Public M.D. Ph.D.', 'John Q.', 'Public'],
    ['Zi Chen, Doctor', 'Zi', 'Chen'],
    ['Jan van der Berg, MSc', 'Jan', 'van der Berg'],
    ['Novartis Pharmaceuticals', 'Novartis', 'Pharmaceuticals'],
    ['Madonna', 'Madonna', 'Madonna'],
    ['', 'trials.desk', 'trials.desk'],
  ])('splits "%s" into "%s" and "%s"', (name, firstName, lastName) => {
    expect(splitName(name, 'trials.desk@example.org')).toEqual({ firstName, lastName });
  });
});

describe('hostile text', () => {
  // Fragments a record's JSON can carry: controls, half surrogate pairs, bidi and invisible characters, markers.
  const FRAGMENTS = [
    'word',
    'Inclusion Criteria:',
    'EXCLUSION CRITERIA',
    '\n',
    '\r\n',
    '\r',
    '\t',
    ' ',
    '  * ',
    '1. ',
    'a) ',
    '\u0000',
    '\u0007',
    '\u0085',
    '\ud800',
    '\udfff',
    '\u202e',
    '\u2066',
    '\u200b',
    '\u2028',
    '\u2800',
    '\u00a0',
    'e\u0301',
    '\\>',
    '\\',
    ':',
    ';',
    '…',
    '😀',
    'MD',
    ', PhD',
    'Dr.',
    'van',
  ];
  /** A deterministic text of `count` fragments (a linear congruential sequence from `seed`). */
  const textOf = (seed: number, count: number) => {
    let state = seed;
    let text = '';
    for (let i = 0; i < count; i += 1) {
      state = (state * 1103515245 + 12345) % 2147483648;
      text += FRAGMENTS[state % FRAGMENTS.length];
    }
    return text;
  };

  it('always gives a study and a contact the forms would save', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const text = (n: number) => textOf(seed * 31 + n, 5 + ((seed * n) % 40));
      const mapped = map(
        record({
          identificationModule: { briefTitle: text(1), officialTitle: text(2) },
          conditionsModule: { conditions: [text(3), text(4), text(3)] },
          descriptionModule: { briefSummary: text(5).repeat(seed % 7 === 0 ? 400 : 1), detailedDescription: text(6) },
          eligibilityModule: { eligibilityCriteria: text(7).repeat(seed % 5 === 0 ? 300 : 3) },
          contactsLocationsModule: {
            centralContacts: [{ name: text(8), email: 'someone@example.org', phone: text(9), phoneExt: text(10) }],
          },
        }),
      );
      expect(() => studyCreateSchema.parse({ ...mapped.values, contactId: null })).not.toThrow();
      expect(() => studyContactCreateSchema.parse({ ...mapped.contact, isTrialContact: true })).not.toThrow();
      for (const list of [mapped.values.inclusionCriteria, mapped.values.exclusionCriteria]) {
        expect(criteriaLines(list)).toEqual(lines(list));
        expect(lines(list).length).toBeLessThanOrEqual(LIMITS.criteriaLinesMax);
      }
    }
  });
});

describe('purity', () => {
  it('gives the same study for the same record, and leaves the record as it was', () => {
    const input = record(
      {
        eligibilityModule: { eligibilityCriteria: 'Inclusion Criteria:\n* Adults\nExclusion Criteria:\n* None' },
        contactsLocationsModule: { centralContacts: [{ name: 'A B', email: 'a@b.org' }] },
      },
      { meshes: terms('Asthma') },
    );
    const parsed = registryRecordSchema.parse(input);
    const copy = structuredClone(parsed);
    expect(mapRegistryRecord(parsed)).toEqual(mapRegistryRecord(copy));
    expect(parsed).toEqual(copy);
  });
});

// ---- The recorded real records (emulator/registry/records): each field as a reader sees it in the record ----

interface Expected {
  title: string;
  status: StudyStatus;
  registryStatus: string;
  registryVerifiedAt: string;
  startDate: string;
  endDate: string;
  conditions: string[];
  specialty: Specialty;
  contact: RegistryContact | null;
  /** How many criteria each list has, and lines it holds exactly as written (sub-items joined to their parent). */
  inclusion: [number, ...string[]];
  exclusion: [number, ...string[]];
  /** Text the summary or details hold, their markdown escapes undone. */
  text?: string[];
}

const EXPECTED: Record<string, Expected> = {
  NCT00184067: {
    title:
      'Continuation Booster Trial After a Vaccine Combining Tyrosinase/GP100/MART-1 Peptides Emulsified With ' +
      'Montanide ISA 51 With or Without GM-CSF for Patients With Melanoma',
    status: 'Withdrawn',
    registryStatus: 'TERMINATED',
    registryVerifiedAt: '2014-01',
    startDate: '2004-05-01',
    endDate: '2009-09-01',
    conditions: ['Melanoma'],
    specialty: 'Oncology',
    contact: null,
    inclusion: [
      7,
      'Patients who have completed protocol 10M-01-1 or 10M-00-4 are eligible for this study provided that: They ' +
        'have received all injections with evidence of an immune response; They have not experienced recurrence of ' +
        'the melanoma; Not more than twelve months have elapsed since the final injection on either protocol; They ' +
        'experienced no grade 3 or 4 toxicity attributed to the prior vaccine regimen.',
      'ECOG performance status of 0 or 1.',
    ],
    exclusion: [7, 'Require systemic, ocular or inhaled corticosteroids.'],
  },
  NCT00711542: {
    title: 'Effects of Intracoronary Progenitor Cell Therapy on Coronary Flow Reserve After Acute MI',
    status: 'Withdrawn',
    registryStatus: 'TERMINATED',
    registryVerifiedAt: '2017-01',
    startDate: '2008-09-01',
    endDate: '2015-12-01',
    conditions: ['Coronary Artery Disease', 'Acute Myocardial Infarction'],
    specialty: 'Cardiology',
    contact: null,
    inclusion: [
      7,
      'Patients with acute coronary syndrome (ST-depression in at least 2 leads > 0,1 mV), or T-wave inversion, ' +
        'with or without elevated myocardial biomarkers (Troponin T oder I), together with typical clinical ' +
        'presentation), treated as follows:',
      'Successful acute PCI (residual stenosis < 30%, TIMI flow > 2).',
      'Active contraception in women of childbearing age',
    ],
    exclusion: [21, 'Uncontrolled hypertension', 'Participation in a different clinical trial within the last 30 days'],
  },
  NCT00973089: {
    title: 'Alternative Treatment of Deep Carious Lesions Based on Biological Evidences',
    status: 'Withdrawn',
    registryStatus: 'WITHDRAWN',
    registryVerifiedAt: '2015-08',
    startDate: '2010-05-01',
    endDate: '2015-03-01',
    conditions: ['Caries, Dental'],
    // Dental caries: no specialty of ours is dentistry.
    specialty: 'Other',
    contact: null,
    inclusion: [5, 'Healthy children', 'Absence of spontaneous pain'],
    exclusion: [3, 'Subjects that are not ASA I', 'Clinical or radiographic signs of pathology'],
  },
  NCT02210780: {
    title: 'Study of Dupilumab and Immune Responses in Adults With Atopic Dermatitis (AD)',
    status: 'Completed',
    registryStatus: 'COMPLETED',
    registryVerifiedAt: '2020-04',
    startDate: '2014-08-05',
    endDate: '2015-09-15',
    conditions: ['Atopic Dermatitis'],
    specialty: 'Dermatology',
    contact: null,
    inclusion: [
      5,
      'Male or female adults ages 18 to 64 years with Chronic AD (according to the American Academy of Dermatology ' +
        'Consensus Criteria, [Eichenfeld 2004])that has been present for at least 3 years before the screening visit',
    ],
    // The closing note ("not all inclusion/ exclusion criteria are listed") is no criterion.
    exclusion: [7, 'Prior treatment with dupilumab (REGN668/ SAR231893)', 'History of Guillain-Barre syndrome'],
  },
  NCT02552212: {
    title:
      'Multicenter Study Evaluating Certolizumab Pegol Compared to Placebo in Subjects With axSpA Without X-ray ' +
      'Evidence of AS',
    status: 'Completed',
    registryStatus: 'COMPLETED',
    registryVerifiedAt: '2022-08',
    startDate: '2015-09-01',
    endDate: '2020-05-01',
    conditions: ['Axial Spondyloarthritis', 'Nonradiographic Axial Spondyloarthritis', 'Nr-axSpA'],
    specialty: 'Rheumatology',
    contact: null,
    inclusion: [
      6,
      'Active disease at Screening as defined by: Bath Ankylosing Spondylitis Disease Activity Index (BASDAI) ' +
        'score >= 4; Spinal pain >= 4 on a 0 to 10 Numerical Rating Scale (NRS)',
    ],
    exclusion: [11, 'Demyelinating disease of the central nervous system'],
  },
  NCT03281889: {
    title: 'Proton Craniospinal Irradiation With Bone Sparing to Decrease Growth Decrement From Radiation',
    status: 'Recruiting',
    registryStatus: 'RECRUITING',
    registryVerifiedAt: '2021-01',
    startDate: '2018-01-04',
    endDate: '2025-03-31',
    conditions: ['Brain Tumor'],
    specialty: 'Oncology',
    contact: {
      firstName: 'Shannon',
      lastName: 'MacDonald',
      email: 'smacdonald@mgh.harvard.edu',
      phoneNumber: '617-643-7250',
    },
    inclusion: [
      5,
      'Age ≥ 3 years and ≤ 18 years at the time of registration',
      'HGB of > 10 g/L and PLT count > 80 K/uL',
    ],
    exclusion: [5, 'Any prior therapeutic radiation therapy > 500 cGy has been delivered.'],
  },
  NCT03475563: {
    title: 'BiOSS Study (BiOSS LIM C Stent Registry in Bifurcated Lesions)',
    status: 'Unknown',
    registryStatus: 'UNKNOWN',
    registryVerifiedAt: '2019-11',
    startDate: '2018-08-16',
    endDate: '2019-12-30',
    conditions: ['Coronary Artery Disease'],
    specialty: 'Cardiology',
    // "Imanol Otaegui, MD" with an e-mail; the second contact has a name only.
    contact: { firstName: 'Imanol', lastName: 'Otaegui', email: 'iotaegui@vhebron.net', phoneNumber: '+342746155' },
    inclusion: [5, 'Age over 18 years.'],
    exclusion: [7, 'Cardiogenic shock.'],
  },
  NCT03630471: {
    title: 'Effectiveness of a Problem-solving Intervention for Common Adolescent Mental Health Problems in India',
    status: 'Completed',
    registryStatus: 'COMPLETED',
    registryVerifiedAt: '2019-01',
    startDate: '2018-08-20',
    endDate: '2019-02-28',
    conditions: ['Mental Health Issue (E.G., Depression, Psychosis, Personality Disorder, Substance Abuse)'],
    specialty: 'Psychiatry',
    contact: null,
    // "Eligibility criteria:" heads the inclusion list; each group's lead line is kept ("For parent participants:").
    inclusion: [
      11,
      'For adolescent participants:',
      'For parent participants:',
      'Proficient in spoken English or Hindi',
    ],
    exclusion: [10, 'For parent participants:', 'Intoxicated at the point of consent or assessment'],
  },
  NCT03934567: {
    title:
      'A Multi-Center Phase 2 Study to Evaluate Efficacy and Safety of Oral Abexinostat as Monotherapy in Patients ' +
      'With Relapsed or Refractory Follicular Lymphoma',
    status: 'Unknown',
    registryStatus: 'ACTIVE_NOT_RECRUITING',
    registryVerifiedAt: '2025-04',
    startDate: '2020-04-22',
    endDate: '2025-10-30',
    conditions: ['Lymphoma, Follicular'],
    specialty: 'HematoOncology',
    contact: null,
    inclusion: [
      7,
      'Life expectancy ≥ 3 months',
      'Meet various hematological, liver function and renal function lab parameters',
    ],
    exclusion: [
      13,
      'Presence of active graft-versus-host disease',
      'Have prior history of malignancies other than follicular lymphoma',
    ],
  },
  NCT04207047: {
    title: 'Histologic Evaluation of Tissue Following Lutronic System Exposure',
    status: 'Unknown',
    registryStatus: 'UNKNOWN',
    registryVerifiedAt: '2019-12',
    startDate: '2018-10-02',
    endDate: '2020-03-31',
    conditions: ['Abdominoplasty'],
    // No conditionBrowseModule: no MeSH data.
    specialty: 'Unknown',
    contact: null,
    inclusion: [
      9,
      'Subjects of childbearing potential must have a negative urine pregnancy test result and must not be lactating ' +
        'at the Screening Visit and be willing and able to use an acceptable method of birth control (e.g. barrier ' +
        'methods used with a spermicidal agent, hormonal methods, IUD, surgical sterilization, abstinence) during ' +
        'the study. Women will not be considered of childbearing potential if one of the following conditions is ' +
        'documented on the medical history: Postmenopausal for at least 12 months prior to study; Without a uterus ' +
        'and/or both ovaries; or Bilateral tubal ligation at least six months prior to study enrollment.',
    ],
    exclusion: [19, 'Subjects with sensitivity or allergy to gold.'],
  },
  NCT04267848: {
    title:
      'Testing the Addition of a Type of Drug Called Immunotherapy to the Usual Chemotherapy Treatment for ' +
      'Non-small Cell Lung Cancer, an ALCHEMIST Treatment Trial (Chemo-IO [ACCIO])',
    status: 'Recruiting',
    registryStatus: 'RECRUITING',
    registryVerifiedAt: '2025-08',
    startDate: '2020-06-16',
    endDate: '2025-12-15',
    conditions: [
      'Lung Non-Small Cell Carcinoma',
      'Lung Non-Small Cell Squamous Carcinoma',
      'Lung Non-Squamous Non-Small Cell Carcinoma',
      'Stage II Lung Cancer AJCC v8',
      'Stage IIIA Lung Cancer AJCC v8',
      'Stage IIIB Lung Cancer AJCC v8',
    ],
    specialty: 'Oncology',
    contact: null,
    inclusion: [
      25,
      'A female of childbearing potential is a sexually mature female who: Has not undergone a hysterectomy or ' +
        'bilateral oophorectomy; or Has not been naturally postmenopausal for at least 12 consecutive months (i.e., ' +
        'has had menses at any time in the preceding 12 consecutive months)',
      'Age >= 18 years',
      'Absolute neutrophil count (ANC) >= 1,500/mm^3',
    ],
    // Inclusion criteria only.
    exclusion: [0],
    text: ['(>= 1% vs < 1%)'],
  },
  NCT04431453: {
    title: 'Study of Remdesivir in Participants Below 18 Years Old With COVID-19',
    status: 'Completed',
    registryStatus: 'COMPLETED',
    registryVerifiedAt: '2023-11',
    startDate: '2020-07-21',
    endDate: '2023-02-10',
    conditions: ['COVID-19'],
    specialty: 'InfectiousDisease',
    contact: null,
    inclusion: [
      3,
      'Hospitalized and requiring medical care for coronavirus disease 2019 (COVID-19).',
      'Aged < 18 years of age who meet one of the following weight criteria (where permitted according to local ' +
        'law and approved nationally and by relevant institutional review board (IRB) or independent ethics ' +
        'committee (IEC)): Cohort 1: ≥ 12 years to < 18 years of age and weight at screening ≥ 40 kg; Cohorts 2-4: ' +
        '≥ 28 days to < 18 years of age and weight at screening ≥ 3 kg and < 40 kg; Cohort 5: ≥ 14 days to < 28 ' +
        'days of age, gestational age > 37 weeks and weight at screening ≥ 2.5 kg; Cohort 6: 0 days to < 14 days of ' +
        'age, gestational age > 37 weeks and birth weight of ≥ 2.5 kg; Cohort 7: 0 days to < 56 days of age, ' +
        'gestational age ≤ 37 weeks and birth weight of ≥ 1.5 kg; Cohort 8: < 12 years of age and weight at ' +
        'screening ≥ 40 kg',
    ],
    // "Note: Other protocol defined Inclusion/Exclusion criteria may apply" is no criterion.
    exclusion: [
      6,
      'Estimated glomerular filtration rate (eGFR) < 30 mL/min/1.73m^2 using Schwartz formula for individuals ≥ 1 year of age.',
    ],
    text: ['≥ 28 days to < 18 years old:'],
  },
  NCT05147467: {
    title: 'Study of APG-2575 in Patients With Relapsed/Refractory CLL/SLL',
    status: 'Recruiting',
    registryStatus: 'RECRUITING',
    registryVerifiedAt: '2024-01',
    startDate: '2021-12-28',
    endDate: '2024-12-01',
    conditions: ['Chronic Lymphocytic Leukemia', 'Small Lymphocytic Lymphoma'],
    specialty: 'HematoOncology',
    // "Zi Chen, Doctor", the first of two contacts with an e-mail.
    contact: { firstName: 'Zi', lastName: 'Chen', email: 'Zi.Chen@ascentage.com', phoneNumber: '+8618117275173' },
    // Each list's lead ("Subjects who meet each of the following inclusion criteria…:") is no criterion.
    inclusion: [
      7,
      'Age ≥18 years old.',
      'Willingness and ability to comply with study procedures and follow-up examination.',
    ],
    exclusion: [
      7,
      'Within 2 years before entering the study, the subject had a history of active malignant tumors other than ' +
        'CLL / SLL, except that: Fully treated cervical carcinoma in situ; Completely resected basal cell carcinoma ' +
        'of the skin or localized squamous cell carcinoma of the skin; Confinement and resection of previously ' +
        'cured malignancies (or other treatment).',
    ],
  },
  NCT05594173: {
    title: 'Chewing and Oral Processing of Solid Food',
    status: 'Completed',
    registryStatus: 'COMPLETED',
    registryVerifiedAt: '2022-10',
    startDate: '2019-09-13',
    endDate: '2020-12-20',
    conditions: ['Dysphagia'],
    specialty: 'Gastroenterology',
    contact: null,
    inclusion: [1, 'Healthy adults under age 60'],
    exclusion: [7, 'Type 1 Diabetes', 'known allergies to medical adhesive'],
    text: ['soft & bite-sized'],
  },
};

const RECORDS = new URL('../../emulator/registry/records/', import.meta.url);
const recorded = readdirSync(RECORDS)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

describe('the recorded records', () => {
  it('has expectations for every recorded record, and a record for every expectation', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(10);
    expect(recorded).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(recorded)('maps %s as a reader sees it', (nctId) => {
    const raw: unknown = JSON.parse(readFileSync(new URL(`${nctId}.json`, RECORDS), 'utf8'));
    const parsed = registryRecordSchema.parse(raw);
    const mapped = mapRegistryRecord(parsed);
    const expected = EXPECTED[nctId];
    expect(mapped.nctId).toBe(nctId);
    expect(mapped.values).toMatchObject({
      title: expected.title,
      status: expected.status,
      startDate: expected.startDate,
      endDate: expected.endDate,
      conditions: expected.conditions,
      specialty: expected.specialty,
    });
    expect(mapped).toMatchObject({
      registryStatus: expected.registryStatus,
      registryVerifiedAt: expected.registryVerifiedAt,
      contact: expected.contact,
    });
    for (const [list, [count, ...exact]] of [
      [mapped.values.inclusionCriteria, expected.inclusion],
      [mapped.values.exclusionCriteria, expected.exclusion],
    ] as const) {
      expect(lines(list)).toHaveLength(count);
      for (const line of exact) expect(lines(list)).toContain(line);
      expect(criteriaLines(list)).toEqual(lines(list));
    }
    for (const text of expected.text ?? []) {
      expect(`${mapped.values.summary}\n${mapped.values.details}`).toContain(text);
    }
    expect(`${mapped.values.summary}\n${mapped.values.details}`).not.toMatch(/\\[<>*_[\]&]/);
    // Every mapped study is one the form would save, and mapping again gives the same study.
    expect(() => studyCreateSchema.parse({ ...mapped.values, contactId: null })).not.toThrow();
    expect(mapRegistryRecord(registryRecordSchema.parse(raw))).toEqual(mapped);
  });
});
