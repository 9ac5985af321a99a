// What the benchmark writes and measures: the studies it creates (realistic titles from word pools), the list
// requests timed over HTTP at each size, and the operations each stack's host measures itself.
import { SPECIALTIES, STUDY_STATUSES, type CallableRequest } from '@trialdesk/shared';

// Titles from word pools: a search for a common prefix ("card") matches a realistic share of the studies.
const TOPICS = [
  'Cardiac',
  'Cardiovascular',
  'Renal',
  'Hepatic',
  'Pulmonary',
  'Neurological',
  'Oncologic',
  'Metabolic',
  'Pediatric',
  'Geriatric',
  'Dermatologic',
  'Ocular',
];
const SUBJECTS = [
  'Rehabilitation',
  'Outcomes',
  'Screening',
  'Prevention',
  'Immunotherapy',
  'Imaging',
  'Surgery',
  'Biomarkers',
  'Telemonitoring',
  'Nutrition',
];
const DESIGNS = [
  'Randomized Trial',
  'Cohort Study',
  'Registry',
  'Pilot Study',
  'Phase II Trial',
  'Phase III Trial',
  'Pragmatic Trial',
];
const PLACES = [
  'in Québec',
  'in Older Adults',
  'in Children',
  'After Surgery',
  'in Primary Care',
  'in Rural Regions',
  'at Home',
];

export function studyInput(n: number): CallableRequest<'studies-create'> {
  const pick = <T>(list: readonly T[], salt: number) => list[Math.floor(n / salt) % list.length];
  return {
    title: `${pick(TOPICS, 1)} ${pick(SUBJECTS, 7)} ${pick(DESIGNS, 3)} ${pick(PLACES, 11)} #${n}`,
    specialty: pick(SPECIALTIES, 5),
    status: pick(STUDY_STATUSES, 13),
    conditions: [`Condition ${n % 97}`],
    startDate: `20${20 + (n % 6)}-0${1 + (n % 9)}-15`,
    summary: 'Benchmark study: plausible length of a summary written by a study coordinator.'.repeat(3),
    inclusionCriteria: '- Adults 18 years or older\n- Informed consent',
    exclusionCriteria: '- Pregnancy',
  };
}

/** The list requests timed at each size: the first page, a title search, the status filter and a deep page. */
export const LIST_REQUESTS = {
  'list page 1': { page: 1, pageSize: 20 },
  'search "card"': { page: 1, pageSize: 20, search: 'card' },
  'status Recruiting': { page: 1, pageSize: 20, status: 'Recruiting' },
  'page 50': { page: 50, pageSize: 20 },
} satisfies Record<string, CallableRequest<'studies-list'>>;
export type ListOperation = keyof typeof LIST_REQUESTS;
export const LIST_OPERATIONS = Object.keys(LIST_REQUESTS) as ListOperation[];

/** What each stack's host measures in its own process (host.ts). */
export const HOST_OPERATIONS = [
  ...LIST_OPERATIONS.map((op) => `${op} (service only)` as const),
  'current standing (service only)',
  'create',
  'update',
  'referrals-create',
] as const;
export type HostOperation = (typeof HOST_OPERATIONS)[number];
