// The documents the benchmark fills: shaped as the functions store a study (fields, search tokens, stamps), so the
// bytes per document it prints are those of the application's largest collection (docs/benchmarks.md).
import { Timestamp } from 'firebase-admin/firestore';

export const STATUSES = ['Unknown', 'Withdrawn', 'Completed', 'Recruiting'] as const;
const SPECIALTIES = ['Cardiology', 'Nephrology', 'Oncology', 'Neurology', 'Pediatrics', 'Geriatrics', 'Other'];
const TOPICS = ['Cardiac', 'Cardiovascular', 'Renal', 'Hepatic', 'Pulmonary', 'Neurological', 'Oncologic'];
const SUBJECTS = ['Rehabilitation', 'Outcomes', 'Screening', 'Prevention', 'Immunotherapy', 'Imaging', 'Surgery'];
const DESIGNS = ['Randomized Trial', 'Cohort Study', 'Registry', 'Pilot Study', 'Phase II Trial', 'Phase III Trial'];
const PLACES = ['in Québec', 'in Older Adults', 'in Children', 'After Surgery', 'in Primary Care', 'at Home'];

/** Search terms of the timed array-contains queries: word prefixes, as the studies list's search sends them. */
export const SEARCH_TERMS = ['card', 'renal', 'trial', 'screening', 'cardiac reh', 'pilot', 'in children', 'onco'];

/**
 * Every prefix (up to 32 characters) of the text read from each word onward: the form of shared/src/search.ts's
 * searchTokens, which a study stores in `searchTokens` (about 155 per benchmark study).
 */
export function searchTokens(...texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    const normalized = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    for (let start = 0; start < normalized.length; start++) {
      if (start > 0 && normalized[start - 1] !== ' ') continue;
      const rest = normalized.slice(start, start + 32);
      for (let end = 1; end <= rest.length; end++) if (rest[end - 1] !== ' ') tokens.add(rest.slice(0, end));
    }
  }
  return [...tokens];
}

/** The study document number `i`, created and updated one minute after the previous one. */
export function studyDoc(i: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[], salt: number) => list[Math.floor(i / salt) % list.length];
  const title = `${pick(TOPICS, 1)} ${pick(SUBJECTS, 7)} ${pick(DESIGNS, 3)} ${pick(PLACES, 11)} #${i}`;
  const specialty = pick(SPECIALTIES, 5);
  const conditions = [`Condition ${i % 97}`];
  const at = Timestamp.fromMillis(Date.UTC(2024, 0, 1) + i * 60_000);
  const uid = `staff${String(i % 50).padStart(23, '0')}`;
  return {
    title,
    titleSort: title.toLowerCase(),
    specialty,
    status: STATUSES[i % STATUSES.length],
    conditions,
    startDate: `20${20 + (i % 6)}-0${1 + (i % 9)}-15`,
    summary: 'Benchmark study: plausible length of a summary written by a study coordinator.'.repeat(3),
    inclusionCriteria: '- Adults 18 years or older\n- Informed consent',
    exclusionCriteria: '- Pregnancy',
    contactId: null,
    registryId: null,
    registryVerifiedAt: null,
    referenceCount: i % 7,
    followers: [],
    searchTokens: searchTokens(title, ...conditions, specialty, `${specialty}ie`),
    version: 1,
    createdAt: at,
    createdBy: uid,
    updatedAt: at,
    updatedBy: uid,
  };
}
