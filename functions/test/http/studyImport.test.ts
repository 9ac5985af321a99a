// studies-import over HTTP: the Functions emulator reads ClinicalTrials.gov from the stack's stand-in
// (REGISTRY_API_URL), and a record over 1 MB is refused by its schema, not by a body limit before it.
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '@trialdesk/shared';
import { as, expectError } from './helpers.js';
import { nctIdOf, recordedRecords } from '../registryRecords.js';

describe('studies-import over HTTP', () => {
  it('imports by NCT number from the stack’s registry stand-in, and finds the study by its number', async () => {
    const editor = await as('editor');
    // The last recorded record: the demo seed of `npm start` takes the first ones (this stack seeds none).
    const record = recordedRecords().at(-1)!;
    const nctId = nctIdOf(record);
    const result = await editor.call('studies-import', { nctId });
    expect(result).toMatchObject({ nctId, created: true, version: 1, study: { nctId } });
    const found = await editor.call('studies-list', { search: nctId, page: 1, pageSize: 10 });
    expect(found.items.map((study) => study.id)).toEqual([result.id]);
    const unknown = await expectError(editor.call('studies-import', { nctId: 'NCT99999999' }), 'not-found');
    expect(unknown.details).toEqual({ key: 'errors.registryNotFound', params: { nctId: 'NCT99999999' } });
  });

  it('refuses a 1.2 MB record with invalid-argument on the record', async () => {
    const editor = await as('editor');
    const record = { ...recordedRecords()[0], padding: 'x'.repeat(1_200_000) };
    const error = await expectError(editor.call('studies-import', { record }), 'invalid-argument');
    expect((error.details as FieldIssue[]).map((issue) => [issue.path, issue.key])).toEqual([
      ['record', 'validation.recordTooLarge'],
    ]);
  });
});
