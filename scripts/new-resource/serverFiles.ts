// What new-resource writes for a kind's shared declaration and its server side: schema, service, callables, tests.
import type { KindNames } from './names.js';

/** shared/src/<name>.ts: the schema, the requests and the declaration. */
export const sharedFile = (
  n: KindNames,
) => `// ${n.label}: the record's schema (each field's rules and default), its requests and its declaration.
import { z } from 'zod';
import { COMMON_HEADERS } from './exports.js';
import { declareKind, exportRequestOf, recordTypes } from './kind.js';
import { updateFields, type RecordMeta } from './records.js';
import { listBase, listSchema, multilineText, requiredText, versioned } from './validation.js';

/** The longest value each field takes. */
export const ${n.CONSTANT}_LIMITS = { nameMax: 200, notesMax: 2000 } as const;

/** What a client writes of a ${n.labelOne}: the one place its fields, their limits and their defaults are written. */
export const ${n.one}Schema = z.object({
  name: requiredText(${n.CONSTANT}_LIMITS.nameMax),
  notes: multilineText(${n.CONSTANT}_LIMITS.notesMax).default(''),
});
export type ${n.One}Values = z.output<typeof ${n.one}Schema>;

export const ${n.one}CreateSchema = z.strictObject(${n.one}Schema.shape);
export type ${n.One}Create = z.infer<typeof ${n.one}CreateSchema>;

/** Partial update: only the fields sent change. */
export const ${n.one}UpdateSchema = z.strictObject({ ...versioned, ...updateFields(${n.one}Schema) });
export type ${n.One}Update = z.infer<typeof ${n.one}UpdateSchema>;

export const ${n.CONSTANT}_SORTS = ['name:asc', 'name:desc', 'createdAt:desc'] as const;
export type ${n.One}Sort = (typeof ${n.CONSTANT}_SORTS)[number];

/** Word-prefix search on the name. */
export const ${n.one}ListSchema = listSchema({
  search: listBase.search,
  sort: z.enum(${n.CONSTANT}_SORTS).optional(),
});
export type ${n.One}ListQuery = z.infer<typeof ${n.one}ListSchema>;

export const ${n.one}ExportSchema = exportRequestOf(${n.one}ListSchema);
export type ${n.One}Export = z.infer<typeof ${n.one}ExportSchema>;

export type ${n.One} = RecordMeta & ${n.One}Values;

/** ${n.label} as a record kind (docs/adding-a-resource.md). */
export const ${n.name}Kind = declareKind({
  name: '${n.name}',
  collection: '${n.name}',
  types: recordTypes<${n.One}>(),
  requests: { list: ${n.one}ListSchema, create: ${n.one}CreateSchema, update: ${n.one}UpdateSchema },
  callables: { list: 'staff', get: 'staff', create: 'staff', update: 'staff', delete: 'admin', export: 'staff' },
  label: 'name',
  exportColumns: {
    id: COMMON_HEADERS.id,
    name: { en: 'Name', fr: 'Nom' },
    notes: { en: 'Notes', fr: 'Notes' },
    createdAt: COMMON_HEADERS.createdAt,
    updatedAt: COMMON_HEADERS.updatedAt,
  },
});
`;

/** functions/src/<name>/service.ts: the work of each callable, every change audited in its transaction. */
export const serviceFile = (
  n: KindNames,
) => `// ${n.label}: list, read, create, update, delete and export, each change audited in its own transaction.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import {
  ${n.name}Kind,
  ${n.one}Schema,
  searchKey,
  searchTokens,
  type DeleteResponse,
  type ListResponse,
  type ${n.One},
  type ${n.One}Create,
  type ${n.One}Export,
  type ${n.One}ListQuery,
  type ${n.One}Sort,
  type ${n.One}Update,
  type ${n.One}Values,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import type { Caller } from '../common/auth.js';
import { writeExport } from '../common/exports.js';
import { db, transaction } from '../common/firebase.js';
import { runList, shapedQuery, type QueryShape } from '../common/list.js';
import { createStamp, expectVersion, metaOf, pick, readBack, updateStamp } from '../common/records.js';

const COLLECTION = ${n.name}Kind.collection;
/** Public fields returned and audited: the schema's; search and sort fields stay on the server. */
const FIELDS = ${n.one}Schema.keyof().options;

export const ${n.one}Shape: QueryShape<${n.One}Sort> = {
  collection: COLLECTION,
  filters: [{ field: 'searchTokens', op: 'array-contains' }],
  sorts: {
    'name:asc': { field: 'nameSort', direction: 'asc' },
    'name:desc': { field: 'nameSort', direction: 'desc' },
    'createdAt:desc': { field: 'createdAt', direction: 'desc' },
  },
};

function to${n.One}(snap: DocumentSnapshot): ${n.One} {
  return { ...metaOf(snap), ...(pick(snap.data() ?? {}, FIELDS) as ${n.One}Values) };
}

/** Fields derived for search and sorting, stored beside the record. */
const internalFields = (values: ${n.One}Values) => ({
  searchTokens: searchTokens(values.name),
  nameSort: values.name.toLowerCase(),
});

/** The records a list (or an export) asks for: its search and sort. */
const ${n.name}Query = (q: Omit<${n.One}ListQuery, 'page' | 'pageSize'>) =>
  shapedQuery(${n.one}Shape, { searchTokens: searchKey(q.search) ?? undefined }, q.sort ?? 'name:asc');

export async function list${n.Many}(q: ${n.One}ListQuery): Promise<ListResponse<${n.One}>> {
  return runList(COLLECTION, ${n.name}Query(q), q, (docs) => docs.map(to${n.One}));
}

export async function get${n.One}(id: string): Promise<${n.One}> {
  return to${n.One}(await readBack(db().collection(COLLECTION).doc(id)));
}

export async function create${n.One}(input: ${n.One}Create, caller: Caller): Promise<${n.One}> {
  const ref = db().collection(COLLECTION).doc();
  await transaction(async (tx) => {
    tx.create(ref, { ...input, ...internalFields(input), ...createStamp(caller) });
    writeAudit(tx, caller, { action: 'create', entity: '${n.name}', entityId: ref.id, changes: diff(null, input, FIELDS) });
  });
  return to${n.One}(await readBack(ref));
}

export async function update${n.One}(input: ${n.One}Update, caller: Caller): Promise<${n.One}> {
  const { id, version, ...changes } = input;
  const ref = db().collection(COLLECTION).doc(id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), version);
    const next = { ...(pick(current, FIELDS) as ${n.One}Values), ...changes };
    const changed = diff(current, next, FIELDS);
    if (Object.keys(changed).length === 0) return;
    tx.update(ref, { ...next, ...internalFields(next), ...updateStamp(caller, version) });
    writeAudit(tx, caller, { action: 'update', entity: '${n.name}', entityId: id, changes: changed });
  });
  return to${n.One}(await readBack(ref));
}

export async function delete${n.One}(input: { id: string; version: number }, caller: Caller): Promise<DeleteResponse> {
  const ref = db().collection(COLLECTION).doc(input.id);
  await transaction(async (tx) => {
    const current = expectVersion(await tx.get(ref), input.version);
    tx.delete(ref);
    writeAudit(tx, caller, {
      action: 'delete',
      entity: '${n.name}',
      entityId: input.id,
      changes: diff(current, null, FIELDS),
    });
  });
  return { id: input.id };
}

/** Its export: every record the list's search matches (EXPORT_MAX_ROWS at most). */
export const export${n.Many} = ({ language, format, ...q }: ${n.One}Export, caller: Caller) =>
  writeExport(
    { resource: '${n.name}', query: ${n.name}Query(q), rows: (docs) => docs.map(to${n.One}) },
    { language, format },
    caller,
  );
`;

/** functions/src/<name>/callables.ts: the standard callables, who may call each from the declaration. */
export const callablesFile = (
  n: KindNames,
) => `// Callables of ${n.label.toLowerCase()}: the standard ones of the kind, who may call each from its declaration.
import { ${n.name}Kind } from '@trialdesk/shared';
import { kindCallables } from '../common/kindCallables.js';
import {
  ${n.one}Shape,
  create${n.One},
  delete${n.One},
  export${n.Many},
  get${n.One},
  list${n.Many},
  update${n.One},
} from './service.js';

export const ${n.name} = kindCallables(
  ${n.name}Kind,
  {
    list: (data) => list${n.Many}(data),
    get: (data) => get${n.One}(data.id),
    create: create${n.One},
    update: update${n.One},
    delete: delete${n.One},
    export: export${n.Many},
  },
  { shapes: [${n.one}Shape] },
);
`;

/** functions/test/kinds/<name>.fixtures.ts: valid requests and who may call what, for the role and bad-input tests. */
export const fixturesFile = (
  n: KindNames,
) => `// ${n.label}: a valid request of each callable and who may call it (the role matrix and bad-input tests).
import type { KindFixtures } from '../fixtures.js';
import { call, unique, type Persona } from '../helpers.js';

export const new${n.One} = (as: Persona) => call('${n.name}-create', { name: unique('${n.One} ') }, as);

export const payloads: KindFixtures['payloads'] = {
  '${n.name}-list': async () => ({ page: 1, pageSize: 10, search: 'north' }),
  '${n.name}-get': async (o) => ({ id: (await new${n.One}(o)).id }),
  '${n.name}-create': async () => ({ name: unique('${n.One} '), notes: 'First line\\nSecond line' }),
  '${n.name}-update': async (o) => ({ id: (await new${n.One}(o)).id, version: 1, name: 'Changed name' }),
  '${n.name}-delete': async (o) => ({ id: (await new${n.One}(o)).id, version: 1 }),
  '${n.name}-export': async () => ({ language: 'en', search: 'north' }),
};

export const bases: KindFixtures['bases'] = {
  '${n.name}-list': { page: 1, pageSize: 10 },
  '${n.name}-get': { id: 'abc' },
  '${n.name}-create': { name: 'Valid name' },
  '${n.name}-update': { id: 'abc', version: 1 },
  '${n.name}-delete': { id: 'abc', version: 1 },
  '${n.name}-export': { language: 'en' },
};

export const rules: KindFixtures['rules'] = {
  '${n.name}-list': 'staff',
  '${n.name}-get': 'staff',
  '${n.name}-create': 'staff',
  '${n.name}-update': 'staff',
  '${n.name}-delete': 'admin',
  '${n.name}-export': 'staff',
};
`;

/** functions/test/kinds/<name>.test.ts: the kind's callables end to end against the emulators. */
export const testFile = (
  n: KindNames,
) => `// ${n.label}: create, search, update, history, export and delete through the callables (written by new-resource).
import { beforeAll, describe, expect, it } from 'vitest';
import { bucket, db } from '../../src/common/firebase.js';
import { auditOf, call, callError, expectError, issuesOf, persona, unique, useProject, type Persona } from '../helpers.js';

useProject('${n.name}');
let editor: Persona;
let admin: Persona;

beforeAll(async () => {
  [editor, admin] = await Promise.all([persona('editor'), persona('admin')]);
});

describe('${n.name}', () => {
  it('creates (trimmed, defaults filled), reads back and audits', async () => {
    const name = unique('Northern ');
    const created = await call('${n.name}-create', { name: \` \${name} \` }, editor);
    expect(created).toMatchObject({ name, notes: '', version: 1, createdBy: editor.uid });
    expect(await call('${n.name}-get', { id: created.id }, editor)).toEqual(created);
    const stored = (await db().collection('${n.name}').doc(created.id).get()).data()!;
    expect(stored.nameSort).toBe(name.toLowerCase());
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('finds a record by a word of its name, in name order', async () => {
    const word = unique('zq');
    const [b, a] = [
      await call('${n.name}-create', { name: \`B \${word}\` }, editor),
      await call('${n.name}-create', { name: \`A \${word}\` }, editor),
    ];
    const found = await call('${n.name}-list', { page: 1, pageSize: 10, search: word, sort: 'name:asc' }, editor);
    expect(found.items.map((item) => item.id)).toEqual([a.id, b.id]);
    expect(found.total).toBe(2);
  });

  it('updates at the version seen, refuses a stale one, and keeps the history', async () => {
    const created = await call('${n.name}-create', { name: unique('Old ') }, editor);
    const updated = await call('${n.name}-update', { id: created.id, version: 1, notes: 'Moved' }, editor);
    expect(updated).toMatchObject({ name: created.name, notes: 'Moved', version: 2 });
    await expectError(
      callError('${n.name}-update', { id: created.id, version: 1, name: 'Late' }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    const history = await call('audit-list', { page: 1, pageSize: 10, entity: '${n.name}', entityId: created.id }, editor);
    expect(history.items.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history.items[0].changes).toEqual({ notes: { from: '', to: 'Moved' } });
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = (await db().collection('${n.name}').count().get()).data().count;
    const error = await callError('${n.name}-create', { name: '  ', notes: 'x'.repeat(5000), extra: 1 }, editor);
    expect(issuesOf(error).map((issue) => issue.path).sort()).toEqual(['extra', 'name', 'notes']);
    expect((await db().collection('${n.name}').count().get()).data().count).toBe(before);
  });

  it('exports the rows its search matches', async () => {
    const word = unique('xport');
    await call('${n.name}-create', { name: \`\${word} one\`, notes: 'a, "quoted" note' }, editor);
    const result = await call('${n.name}-export', { language: 'fr', search: word }, editor);
    expect(result.rows).toBe(1);
    const [bytes] = await bucket().file(result.path).download();
    const [header, row] = bytes.toString('utf8').replace(/^\\uFEFF/, '').trim().split('\\r\\n');
    expect(header).toBe('ID,Nom,Notes,Créé le,Modifié le');
    expect(row).toContain('"a, ""quoted"" note"');
  });

  it('lets only an Admin delete, then the record is gone', async () => {
    const created = await call('${n.name}-create', { name: unique('Gone ') }, editor);
    await expectError(
      callError('${n.name}-delete', { id: created.id, version: 1 }, editor),
      'permission-denied',
      'errors.permissionDenied',
    );
    expect(await call('${n.name}-delete', { id: created.id, version: 1 }, admin)).toEqual({ id: created.id });
    await expectError(callError('${n.name}-get', { id: created.id }, editor), 'not-found', 'errors.notFound');
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(['create', 'delete']);
  });
});
`;
