// Tests of what the import dialog reads before it calls the server: a pasted list of NCT numbers and a dropped file.
import { describe, expect, it } from 'vitest';
import { REGISTRY_BATCH_MAX, REGISTRY_RECORD_MAX_BYTES } from '@trialdesk/shared';
import { parseNctList } from '../src/resources/studies/nctList';
import { readRecordFile } from '../src/resources/studies/recordFile';

const number = (n: number) => `NCT${String(n).padStart(8, '0')}`;

describe('a pasted list of NCT numbers', () => {
  it('splits on spaces, commas, semicolons and lines, upper-cases, and keeps each number once in order', () => {
    const list = parseNctList(' NCT01234567,nct07654321\n\tNCT01234567;  NCT00000001\r\nNCT07654321 ');
    expect(list).toEqual({ ids: ['NCT01234567', 'NCT07654321', 'NCT00000001'], malformed: [], tooMany: false });
  });

  it('reports what is not an NCT number apart (each once), never among the numbers sent', () => {
    const list = parseNctList('NCT0123456, NCT01234567 1234567890 NCT0123456 NCTABCDEFGH NCT012345678');
    expect(list.ids).toEqual(['NCT01234567']);
    expect(list.malformed).toEqual(['NCT0123456', '1234567890', 'NCTABCDEFGH', 'NCT012345678']);
  });

  it('reads nothing in an empty or blank paste', () => {
    expect(parseNctList('')).toEqual({ ids: [], malformed: [], tooMany: false });
    expect(parseNctList(' ,\n ;')).toEqual({ ids: [], malformed: [], tooMany: false });
  });

  it(`takes up to ${REGISTRY_BATCH_MAX} numbers, duplicates not counted`, () => {
    const full = Array.from({ length: REGISTRY_BATCH_MAX }, (_, i) => number(i + 1));
    expect(parseNctList([...full, full[0]].join('\n')).tooMany).toBe(false);
    expect(parseNctList([...full, number(REGISTRY_BATCH_MAX + 1)].join('\n'))).toMatchObject({ tooMany: true });
  });
});

/** The smallest record the registry's schema reads: its NCT number (what the import needs at least). */
const record = (nctId: string, extra: Record<string, unknown> = {}) => ({
  protocolSection: { identificationModule: { nctId, briefTitle: 'A study' } },
  ...extra,
});
const file = (text: string, name = 'study.json') => new File([text], name, { type: 'application/json' });

describe('a dropped registry file', () => {
  it('reads one study record and its NCT number', async () => {
    const read = await readRecordFile(file(JSON.stringify(record('NCT01234567'), null, 2)));
    expect(read).toEqual({ ok: true, record: record('NCT01234567'), nctId: 'NCT01234567' });
  });

  it('refuses a file that is not JSON', async () => {
    expect(await readRecordFile(file('<html>Study NCT01234567</html>'))).toEqual({
      ok: false,
      key: 'studies.import.notJson',
    });
  });

  it('refuses JSON that is not a study record (a search result, a record without its NCT number)', async () => {
    for (const text of [
      JSON.stringify({ studies: [record('NCT01234567')] }),
      JSON.stringify(record('12345')),
      '[]',
      'null',
    ]) {
      expect(await readRecordFile(file(text))).toEqual({ ok: false, key: 'studies.import.notRecord' });
    }
  });

  it('refuses a record over the limit, counted as the server counts it (its JSON without spaces)', async () => {
    const tooLarge = { ok: false, key: 'validation.recordTooLarge', params: { max: 1 } };
    const padding = (bytes: number) => ({ derivedSection: { padding: 'x'.repeat(bytes) } });
    const overhead = JSON.stringify(record('NCT01234567', padding(0))).length;
    const atLimit = record('NCT01234567', padding(REGISTRY_RECORD_MAX_BYTES - overhead));
    // Indented, the file is larger than the limit; its JSON is not.
    const indented = JSON.stringify(atLimit, null, 8);
    expect(indented.length).toBeGreaterThan(REGISTRY_RECORD_MAX_BYTES);
    expect(await readRecordFile(file(indented))).toMatchObject({ ok: true, nctId: 'NCT01234567' });
    const over = record('NCT01234567', padding(REGISTRY_RECORD_MAX_BYTES - overhead + 1));
    expect(await readRecordFile(file(JSON.stringify(over)))).toEqual(tooLarge);
    // Far over: not even read.
    expect(await readRecordFile(new File([new Uint8Array(10 * REGISTRY_RECORD_MAX_BYTES + 1)], 'big.json'))).toEqual(
      tooLarge,
    );
  });
});
