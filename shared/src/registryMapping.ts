// The mapping of a ClinicalTrials.gov record onto a study's fields, written once (docs/registry.md, "The mapping").
import type { StudyStatus } from './enums.js';
import { LIMITS } from './limits.js';
import type { RegistryRecord } from './registry.js';
import { splitCriteria } from './registryCriteria.js';
import { specialtyOf } from './registrySpecialties.js';
import { cutText, hasVisibleText, plainText, singleLine } from './registryText.js';
import type { StudyValues } from './studies.js';
import { emailSchema, isoDateSchema, phoneSchema } from './validation.js';

/** The study contact a record names: its first central contact with an e-mail. */
export interface RegistryContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/** What a record gives a study: its fields (but the contact, which the server finds or creates) and registry facts. */
export interface RegistryStudy {
  nctId: string;
  values: Omit<StudyValues, 'contactId'>;
  registryStatus: string | null;
  registryVerifiedAt: string | null;
  contact: RegistryContact | null;
}

/** The registry's overall statuses that have a study status of their own; every other one gives Unknown. */
const STATUS = new Map<string, StudyStatus>([
  ['RECRUITING', 'Recruiting'],
  ['ENROLLING_BY_INVITATION', 'Recruiting'],
  ['COMPLETED', 'Completed'],
  ['WITHDRAWN', 'Withdrawn'],
  ['TERMINATED', 'Withdrawn'],
]);

/** A registry date as a calendar date: a month-only one becomes the month's first day, a year-only one 1 January. */
function calendarDate(date: string | undefined): string | null {
  if (date === undefined) return null;
  const day = date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date;
  return isoDateSchema.safeParse(day).success ? day : null;
}

/** The brief title, else the official one (one that shows at least the title's minimum), else the NCT number. */
function titleOf(id: RegistryRecord['protocolSection']['identificationModule']): string {
  for (const title of [id.briefTitle, id.officialTitle]) {
    const line = singleLine(title ?? '');
    if (line.length >= LIMITS.studyTitleMin && hasVisibleText(line)) return cutText(line, LIMITS.studyTitleMax);
  }
  return id.nctId;
}

/** The record's conditions as written: blanks and repeats (whatever their case) dropped, each and all within limits. */
function conditionsOf(conditions: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const condition of conditions) {
    const line = cutText(singleLine(condition), LIMITS.conditionMax);
    const key = line.toLowerCase();
    if (hasVisibleText(line) && !kept.has(key)) kept.set(key, line);
    if (kept.size === LIMITS.conditionsMax) break;
  }
  return [...kept.values()];
}

/** A long text (summary, details): its markdown escapes undone, cut on a line or word boundary. */
const longText = (text: string | undefined, max: number) => cutText(plainText(text ?? '').trim(), max, { lines: true });

/** A title or degree written before or after a person's name ("Dr.", "MD", "Ph.D."), compared without dots. */
const HONORIFICS = new Set([
  'dr',
  'prof',
  'professor',
  'pr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mme',
  'mlle',
  'm',
  'sir',
  'med',
]);
const DEGREES = new Set(
  (
    'MD PhD DO RN BSN MSN MSc MS MPH PharmD MBBS MBChB FRCP FRCPC FRCS FACS FACP FACC CCRP CCRC CRC CRA DrPH DNP ' +
    'NP PA PA-C APRN MBA DPhil DDS DMD DVM BSc BS BA MA PsyD EdD ScD OD RPh LPN CNS MHS MPA MMed FRACP Jr Sr II III'
  )
    .split(' ')
    .flatMap((degree) => [degree, degree.toUpperCase()]),
);
/** Words that belong with the last name before them ("van der Berg", "de la Cruz"). */
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'da',
  'di',
  'du',
  'la',
  'le',
  'ten',
  'ter',
]);

const undotted = (word: string) => word.replace(/\./g, '');

/**
 * A contact's name as first and last name: what follows its first comma (degrees) dropped, titles before it and
 * degrees after it dropped; the last word (with the particles before it) is the last name, the rest the first
 * name. A one-word name is both; a contact without a name is named by its e-mail's local part.
 */
export function splitName(name: string, email: string): { firstName: string; lastName: string } {
  let words = singleLine(name).split(',')[0].split(' ').filter(hasVisibleText);
  while (words.length > 1 && HONORIFICS.has(undotted(words[0]).toLowerCase())) words = words.slice(1);
  while (words.length > 1 && DEGREES.has(undotted(words[words.length - 1]))) words = words.slice(0, -1);
  if (words.length === 0) words = [email.split('@')[0]];
  let split = words.length - 1;
  while (split > 1 && PARTICLES.has(words[split - 1].toLowerCase())) split -= 1;
  const fit = (text: string) => cutText(text, LIMITS.nameMax);
  if (words.length === 1) return { firstName: fit(words[0]), lastName: fit(words[0]) };
  return { firstName: fit(words.slice(0, split).join(' ')), lastName: fit(words.slice(split).join(' ')) };
}

type CentralContact = NonNullable<
  NonNullable<RegistryRecord['protocolSection']['contactsLocationsModule']>['centralContacts']
>[number];

/** The phone with its extension, else without it (the phone format has no extension), else none. */
function phoneOf(contact: CentralContact): string {
  const phone = singleLine(contact.phone ?? '');
  const extension = typeof contact.phoneExt === 'string' ? singleLine(contact.phoneExt) : '';
  const candidates = extension === '' ? [phone] : [`${phone} x${extension}`, phone];
  return candidates.find((candidate) => phoneSchema.safeParse(candidate).success) ?? '';
}

/** The first central contact whose e-mail is one, as a study contact; null when there is none. */
function contactOf(contacts: readonly CentralContact[]): RegistryContact | null {
  for (const contact of contacts) {
    const email = emailSchema.safeParse(contact.email ?? '');
    if (!email.success) continue;
    return { ...splitName(contact.name ?? '', email.data), email: email.data, phoneNumber: phoneOf(contact) };
  }
  return null;
}

/** A record's study (docs/registry.md, "The mapping"): pure, the same record always gives the same study. */
export function mapRegistryRecord(record: RegistryRecord): RegistryStudy {
  const section = record.protocolSection;
  const status = section.statusModule;
  const startDate = calendarDate(status?.startDateStruct?.date);
  const endDate = calendarDate(status?.completionDateStruct?.date);
  const criteria = splitCriteria(section.eligibilityModule?.eligibilityCriteria ?? '');
  return {
    nctId: section.identificationModule.nctId,
    values: {
      title: titleOf(section.identificationModule),
      startDate,
      // The study refuses an end before its start: the start is kept, the end left out.
      endDate: startDate !== null && endDate !== null && endDate < startDate ? null : endDate,
      conditions: conditionsOf(section.conditionsModule?.conditions ?? []),
      inclusionCriteria: criteria.inclusion,
      exclusionCriteria: criteria.exclusion,
      specialty: specialtyOf(record),
      status: STATUS.get(status?.overallStatus ?? '') ?? 'Unknown',
      summary: longText(section.descriptionModule?.briefSummary, LIMITS.summaryMax),
      details: longText(section.descriptionModule?.detailedDescription, LIMITS.detailsMax),
    },
    registryStatus: status?.overallStatus ?? null,
    registryVerifiedAt: status?.statusVerifiedDate ?? null,
    contact: contactOf(section.contactsLocationsModule?.centralContacts ?? []),
  };
}
