// studies-import: a study from a ClinicalTrials.gov record, read by NCT number from the registry's stand-in (the
// recorded records, emulator/registry) or sent as a file; roles, bad input, re-import, contacts, the NCT number's
// uniqueness and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapRegistryRecord, registryRecordSchema, REGISTRY_RECORD_MAX_BYTES } from '@trialdesk/shared';
import { startRegistryStandIn, type RunningRegistryStandIn } from '@trialdesk/emulator/registry';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  contentsOf,
  expectError,
  issuesOf,
  newContact,
  newStudy,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';
import { centralEmail, nctIdOf, recordedRecord, type RegistryJson } from './registryRecords.js';

useProject('study-import');

let people: Record<PersonaKind, Persona>;
let standIn: RunningRegistryStandIn;
beforeAll(async () => {
  // The registry is the one part we cannot reach from here: its stand-in serves the recorded records.
  standIn = await startRegistryStandIn({ port: 0 });
  process.env.REGISTRY_API_URL = standIn.url;
  people = await personas();
});
afterAll(() => standIn?.stop());

/** What the mapping gives of a record (the mapping itself is tested in shared/test). */
const mapped = (record: RegistryJson) => mapRegistryRecord(registryRecordSchema.parse(record));
/** A copy of a record as the registry would give it after its sponsor changed it. */
const changedCopy = (record: RegistryJson, change: (copy: RegistryJson) => void) => {
  const copy = structuredClone(record);
  change(copy);
  return copy;
};
/** A record without its central contacts (what a record that names none gives). */
const withoutContacts = (record: RegistryJson) =>
  changedCopy(record, (copy) => delete copy.protocolSection.contactsLocationsModule);
const studyOf = async (nctId: string) => {
  const marker = await db().collection('registryIds').doc(nctId).get();
  return marker.exists ? (marker.get('studyId') as string) : null;
};
const studiesWith = async (nctId: string) =>
  (await db().collection('studies').where('nctId', '==', nctId).get()).docs.map((doc) => doc.id);
/** Records no other test of this file imports, so each test starts from a record never imported. */
const taken = new Set<string>();
const untaken = (wanted: (record: RegistryJson) => boolean) => {
  const record = recordedRecord((r) => !taken.has(nctIdOf(r)) && wanted(r));
  taken.add(nctIdOf(record));
  return record;
};
/** One naming no contact: those that name one are kept for the contact's tests. */
const freshRecord = () => untaken((r) => centralEmail(r) === undefined);

describe('studies-import: who may import', () => {
  it('lets approved Admins and Editors import, and refuses pending, role User and signed-out callers', async () => {
    const record = freshRecord();
    for (const who of ['admin', 'editor'] as const) {
      await expect(call('studies-import', { record, dryRun: true }, people[who])).resolves.toMatchObject({
        nctId: nctIdOf(record),
      });
    }
    const before = await contentsOf(['accessLog']);
    await expectError(callError('studies-import', { record }, people.pending), 'permission-denied');
    await expectError(callError('studies-import', { record }, people.user), 'permission-denied');
    await expectError(callError('studies-import', { record }, null), 'unauthenticated');
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('studies-import: bad input', () => {
  it('names the field of a malformed NCT number, of both or neither, of a record without its number or too big', async () => {
    const record = freshRecord();
    const before = await contentsOf(['accessLog']);
    const pathsOf = async (data: unknown) =>
      issuesOf(await callError('studies-import', data, people.editor)).map((issue) => [issue.path, issue.key]);
    expect(await pathsOf({ nctId: 'NCT1234' })).toEqual([['nctId', 'validation.nctId']]);
    expect(await pathsOf({ nctId: '01234567' })).toEqual([['nctId', 'validation.nctId']]);
    expect(await pathsOf({ nctId: nctIdOf(record), record })).toEqual([['nctId', 'validation.nctIdOrRecord']]);
    expect(await pathsOf({ dryRun: true })).toEqual([['nctId', 'validation.nctIdOrRecord']]);
    const anonymous = changedCopy(record, (copy) => {
      delete (copy.protocolSection.identificationModule as { nctId?: string }).nctId;
    });
    expect(await pathsOf({ record: anonymous })).toEqual([
      ['record.protocolSection.identificationModule.nctId', 'validation.required'],
    ]);
    // Over 1 MB, however well-formed.
    const big = changedCopy(record, (copy) => (copy.padding = 'x'.repeat(REGISTRY_RECORD_MAX_BYTES)));
    expect(await pathsOf({ record: big })).toEqual([['record', 'validation.recordTooLarge']]);
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });

  it('answers not-found with the number for one the registry does not know, and writes nothing', async () => {
    const before = await contentsOf(['accessLog']);
    await expectError(
      callError('studies-import', { nctId: 'nct99999999' }, people.editor),
      'not-found',
      'errors.registryNotFound',
      { nctId: 'NCT99999999' },
    );
    expect(await contentsOf(['accessLog'])).toEqual(before);
  });
});

describe('studies-import by NCT number', () => {
  it('reads the record from the registry, saves the mapped study with its NCT number and audits it', async () => {
    const record = freshRecord();
    const nctId = nctIdOf(record);
    const expected = mapped(record);
    const result = await call('studies-import', { nctId: nctId.toLowerCase() }, people.editor);
    expect(result).toMatchObject({ created: true, nctId, changes: [], version: 1 });
    expect(result.study).toMatchObject({
      nctId,
      title: expected.values.title,
      status: expected.values.status,
      specialty: expected.values.specialty,
      conditions: expected.values.conditions,
      registryStatus: expected.registryStatus,
      registryVerifiedAt: expected.registryVerifiedAt,
    });
    expect(await studyOf(nctId)).toBe(result.id);
    const stored = await call('studies-get', { id: result.id! }, people.editor);
    expect(stored).toMatchObject({ ...result.study, version: 1, createdBy: people.editor.uid });
    const audit = await auditOf(result.id!);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entity: 'studies', actorUid: people.editor.uid });
    expect(audit[0].changes).toMatchObject({
      nctId: { from: null, to: nctId },
      title: { from: null, to: expected.values.title },
      registryStatus: { from: null, to: expected.registryStatus },
    });
  });
});

describe('studies-import: the studies list finds a study by its NCT number', () => {
  it('by the number, in any case, by a prefix and by its digits, also after the study is edited by hand', async () => {
    const record = freshRecord();
    const nctId = nctIdOf(record);
    const { id } = await call('studies-import', { record }, people.editor);
    const found = async (search: string) =>
      (await call('studies-list', { search, page: 1, pageSize: 50 }, people.editor)).items.map((s) => s.id);
    expect(await found(nctId)).toEqual([id]);
    expect(await found(nctId.toLowerCase())).toEqual([id]);
    expect(await found(nctId.slice(0, 8).toLowerCase())).toContain(id);
    expect(await found(nctId.slice(3))).toEqual([id]);
    // A form's save keeps what the import stored, and the number's search with it.
    await call('studies-update', { id: id!, version: 1, title: 'Retitled by hand' }, people.editor);
    expect(await found(nctId)).toEqual([id]);
    expect((await call('studies-get', { id: id! }, people.editor)).nctId).toBe(nctId);
  });
});

describe('studies-import: dry run and re-import', () => {
  it('a dry run writes nothing, new or existing; a re-import updates the same study with one audit entry', async () => {
    const record = freshRecord();
    const nctId = nctIdOf(record);
    const before = await contentsOf(['accessLog']);
    const preview = await call('studies-import', { record, dryRun: true }, people.editor);
    expect(preview).toMatchObject({ id: null, created: true, version: null, changes: [], nctId });
    expect(await contentsOf(['accessLog'])).toEqual(before);

    const first = await call('studies-import', { record }, people.editor);
    expect(first.study).toEqual(preview.study);

    // The registry changed the record: its title and its status.
    const changed = changedCopy(record, (copy) => {
      copy.protocolSection.identificationModule.briefTitle = `Updated: ${mapped(record).values.title}`.slice(0, 150);
      copy.protocolSection.statusModule = {
        ...copy.protocolSection.statusModule,
        overallStatus: record.protocolSection.statusModule?.overallStatus === 'WITHDRAWN' ? 'COMPLETED' : 'WITHDRAWN',
      };
    });
    const unchangedState = await contentsOf(['accessLog']);
    const review = await call('studies-import', { record: changed, dryRun: true }, people.editor);
    expect(review).toMatchObject({ id: first.id, created: false, version: 1 });
    expect(review.changes).toEqual(expect.arrayContaining(['title', 'status', 'registryStatus']));
    expect(review.changes).not.toContain('nctId');
    expect(await contentsOf(['accessLog'])).toEqual(unchangedState);

    const saved = await call('studies-import', { record: changed, version: 1 }, people.editor);
    expect(saved).toMatchObject({ id: first.id, created: false, version: 2, changes: review.changes });
    expect(await studiesWith(nctId)).toEqual([first.id]);
    const audit = await auditOf(first.id!);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(Object.keys(audit[1].changes).sort()).toEqual([...review.changes].sort());
    expect(audit[1].changes.registryStatus).toEqual({
      from: first.study.registryStatus,
      to: saved.study.registryStatus,
    });

    // Reviewed at version 1, saved after someone else's save: refused, nothing written.
    const afterSave = await contentsOf(['accessLog']);
    await expectError(
      callError('studies-import', { record, version: 1 }, people.editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    // The same record again, with or without its version: nothing to change, nothing written.
    expect(await call('studies-import', { record: changed, version: 2 }, people.editor)).toMatchObject({
      id: first.id,
      created: false,
      changes: [],
      version: 2,
    });
    expect(await call('studies-import', { record: changed }, people.editor)).toMatchObject({ changes: [], version: 2 });
    expect(await contentsOf(['accessLog'])).toEqual(afterSave);
  });

  it('a deleted study frees its NCT number: importing the record again makes a new study', async () => {
    const record = freshRecord();
    const nctId = nctIdOf(record);
    const first = await call('studies-import', { record }, people.admin);
    await call('studies-delete', { id: first.id!, version: 1 }, people.admin);
    expect(await studyOf(nctId)).toBeNull();
    expect((await auditOf(first.id!)).at(-1)!.changes.nctId).toEqual({ from: nctId, to: null });
    const again = await call('studies-import', { record }, people.admin);
    expect(again).toMatchObject({ created: true, version: 1 });
    expect(again.id).not.toBe(first.id);
    expect(await studiesWith(nctId)).toEqual([again.id]);
  });

  it('two imports of the same record at once make one study', async () => {
    const record = freshRecord();
    const nctId = nctIdOf(record);
    const results = await Promise.all([
      call('studies-import', { record }, people.editor),
      call('studies-import', { record }, people.admin),
      call('studies-import', { nctId }, people.editor),
    ]);
    const ids = new Set(results.map((result) => result.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await studiesWith(nctId)).toEqual([...ids]);
    expect(await studyOf(nctId)).toBe([...ids][0]);
    expect((await auditOf([...ids][0]!)).filter((entry) => entry.action === 'create')).toHaveLength(1);
  });
});

describe('studies-import: the study contact', () => {
  const withContact = (record: RegistryJson) => centralEmail(record) !== undefined;

  it('creates the record’s contact as a trial contact with its audit entry (a dry run only says it would)', async () => {
    const record = untaken(withContact);
    const email = centralEmail(record)!;
    const before = await contentsOf(['accessLog']);
    const preview = await call('studies-import', { record, dryRun: true }, people.editor);
    expect(preview.contact).toMatchObject({ id: null, email, created: true });
    expect(preview.study.contactId).toBeNull();
    expect(await contentsOf(['accessLog'])).toEqual(before);

    const result = await call('studies-import', { record }, people.editor);
    expect(result.contact).toMatchObject({ email, created: true, displayName: preview.contact!.displayName });
    const contact = await call('studyContacts-get', { id: result.contact!.id! }, people.editor);
    expect(contact).toMatchObject({ email, isTrialContact: true, version: 1 });
    expect(result.study.contactId).toBe(contact.id);
    expect((await auditOf(contact.id)).map((entry) => entry.action)).toEqual(['create']);

    // Imported again, the record finds the contact it made.
    const again = await call('studies-import', { record, dryRun: true }, people.editor);
    expect(again).toMatchObject({ changes: [], contact: { id: contact.id, created: false } });
  });

  it('matches an existing contact by e-mail whatever its case, and a record naming none keeps the study’s', async () => {
    const record = untaken(withContact);
    const existing = await newContact(people.editor, { email: centralEmail(record)!.toUpperCase() });
    const contactsBefore = (await db().collection('studyContacts').count().get()).data().count;
    const result = await call('studies-import', { record }, people.editor);
    expect(result.contact).toMatchObject({ id: existing.id, created: false });
    expect(result.study.contactId).toBe(existing.id);
    expect((await db().collection('studyContacts').count().get()).data().count).toBe(contactsBefore);

    const again = await call('studies-import', { record: withoutContacts(record) }, people.editor);
    expect(again).toMatchObject({ contact: null, changes: [] });
    expect(again.study.contactId).toBe(existing.id);
  });
});

describe('studies-import leaves hand-typed studies alone', () => {
  it('a study typed by hand has no NCT number and is never the one an import updates', async () => {
    const typed = await newStudy(people.editor);
    expect(typed).toMatchObject({ nctId: null, registryStatus: null, registryVerifiedAt: null });
    const record = freshRecord();
    const result = await call('studies-import', { record }, people.editor);
    expect(result.id).not.toBe(typed.id);
  });
});
