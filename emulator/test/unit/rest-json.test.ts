// proto3 JSON of the Firestore messages (json-values.ts), which the REST API reads and answers: timestamps in
// RFC 3339 both ways, each JSON spelling proto3 allows, snake_case names, and what it refuses.
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../src/firestore/errors.js';
import { fromJson, parseRfc3339, rfc3339, toJson } from '../../src/firestore/json-values.js';

const refused = (fn: () => unknown, message: RegExp) => {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RpcError);
  expect((error as RpcError).message).toMatch(message);
};

describe('RFC 3339', () => {
  it('writes 0, 3, 6 or 9 fractional digits, as proto3 JSON does', () => {
    expect(rfc3339(0, 0)).toBe('1970-01-01T00:00:00Z');
    expect(rfc3339('1700000000', 120_000_000)).toBe('2023-11-14T22:13:20.120Z');
    expect(rfc3339(1700000000, 123_456_000)).toBe('2023-11-14T22:13:20.123456Z');
    expect(rfc3339(1700000000, 1)).toBe('2023-11-14T22:13:20.000000001Z');
  });

  it('reads offsets, up to nine digits, and the years 1 to 99 as they are', () => {
    expect(parseRfc3339('2023-11-14T23:13:20.5+01:00', 'x')).toEqual({ seconds: '1700000000', nanos: 500_000_000 });
    expect(parseRfc3339('2023-11-14t22:13:20.123456789z', 'x')).toEqual({ seconds: '1700000000', nanos: 123_456_789 });
    expect(parseRfc3339('0001-01-01T00:00:00Z', 'x')).toEqual({ seconds: '-62135596800', nanos: 0 });
    expect(parseRfc3339('0099-12-31T23:59:59Z', 'x').seconds).toBe(String(-59011459201));
  });

  it('refuses what is not a date and time', () => {
    refused(() => parseRfc3339('2023-11-14', 'readTime'), /readTime.*RFC 3339/);
    refused(() => parseRfc3339('2023-02-29T00:00:00Z', 'readTime'), /not a valid date/);
    refused(() => parseRfc3339('2023-13-01T00:00:00Z', 'readTime'), /not a valid date/);
    refused(() => parseRfc3339('2023-01-01T24:00:00Z', 'readTime'), /not a valid date/);
  });
});

describe('messages', () => {
  it('reads every spelling proto3 JSON allows: numbers as strings or numbers, enums by name or number, snake_case', () => {
    const req = fromJson('google.firestore.v1.RunQueryRequest', {
      parent: 'projects/p/databases/d/documents',
      structured_query: {
        from: [{ collection_id: 'c', allDescendants: true }],
        order_by: [{ field: { field_path: 'n' }, direction: 2 }],
        limit: '5',
        offset: 2,
        start_at: { values: [{ integerValue: 7 }, { doubleValue: 'Infinity' }, { nullValue: null }], before: true },
      },
      read_time: '2023-11-14T22:13:20Z',
    });
    expect(req).toEqual({
      parent: 'projects/p/databases/d/documents',
      structuredQuery: {
        from: [{ collectionId: 'c', allDescendants: true }],
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        limit: { value: 5 },
        offset: 2,
        startAt: {
          values: [{ integerValue: '7' }, { doubleValue: Infinity }, { nullValue: 'NULL_VALUE' }],
          before: true,
        },
      },
      readTime: { seconds: '1700000000', nanos: 0 },
    });
  });

  it('reads bytes in either base64 alphabet, and keeps map keys as they are (even __proto__)', () => {
    const req = fromJson('google.firestore.v1.CommitRequest', {
      transaction: 'A-_/+w==',
      writes: [{ update: { name: 'n', fields: JSON.parse('{"__proto__": {"stringValue": "x"}, "snake_key": {}}') } }],
    });
    expect(Buffer.from(req.transaction as Uint8Array)).toEqual(Buffer.from([3, 239, 255, 251]));
    const fields = (req.writes as { update: { fields: object } }[])[0].update.fields;
    expect(Object.keys(fields)).toEqual(['__proto__', 'snake_key']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('writes answers in proto3 JSON: int64 as strings, bytes in base64, oneof members even at their default', () => {
    const json = toJson('google.firestore.v1.BatchGetDocumentsResponse', {
      found: {
        name: 'n',
        fields: {
          zero: { integerValue: 0, valueType: 'integerValue' },
          no: { booleanValue: false },
          none: { nullValue: 'NULL_VALUE' },
          raw: { bytesValue: Buffer.from([255]) },
          empty: { stringValue: '' },
        },
        createTime: { seconds: '1', nanos: 0 },
      },
      transaction: Buffer.from([1, 2]),
      readTime: { seconds: 1700000000, nanos: 5000 },
    });
    expect(json).toEqual({
      found: {
        name: 'n',
        fields: {
          zero: { integerValue: '0' },
          no: { booleanValue: false },
          none: { nullValue: null },
          raw: { bytesValue: '/w==' },
          empty: { stringValue: '' },
        },
        createTime: '1970-01-01T00:00:01Z',
      },
      transaction: 'AQI=',
      readTime: '2023-11-14T22:13:20.000005Z',
    });
  });

  it('refuses unknown fields, wrong types and out-of-range numbers, naming where', () => {
    refused(
      () => fromJson('google.firestore.v1.CommitRequest', { writes: [{ upsert: {} }] }),
      /"upsert" at 'writes\[0\]'/,
    );
    refused(
      () => fromJson('google.firestore.v1.ListDocumentsRequest', { pageSize: 2 ** 31 }),
      /'pageSize' \(integer out of range\)/,
    );
    refused(() => fromJson('google.firestore.v1.ListDocumentsRequest', { pageSize: 1.5 }), /integer/);
    refused(() => fromJson('google.firestore.v1.ListDocumentsRequest', { showMissing: 'yes' }), /bool/);
    refused(() => fromJson('google.firestore.v1.GetDocumentRequest', { mask: ['a'] }), /expected an object/);
    refused(() => fromJson('google.firestore.v1.RollbackRequest', { transaction: 'not base64!' }), /base64/);
  });
});
