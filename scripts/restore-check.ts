// `npm run restore-check -- <export folder>`: loads a Firestore managed export (a nightly backup copied from its
// bucket) into the built-in Firestore emulator, in this process, and prints each collection's document count, read
// back from the emulator (docs/operations.md, "Backups and restore").
import { startEmulator } from '@trialdesk/emulator';
import type { Value } from '@trialdesk/emulator';
import { collectionForm, ExportFormatError, readExport } from '@trialdesk/emulator/export-reader';

const PROJECT = 'restore-check';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
/** Writes per commit: Firestore's limit. */
const BATCH = 500;

/** A value in proto3 JSON, the form of Firestore's REST API. */
function json(value: Value): unknown {
  if (value.timestampValue) {
    const { seconds = 0, nanos = 0 } = value.timestampValue;
    const at = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
    return { timestampValue: `${at}.${String(nanos).padStart(9, '0')}Z` };
  }
  if (value.bytesValue) return { bytesValue: Buffer.from(value.bytesValue).toString('base64') };
  if (value.doubleValue !== undefined && !Number.isFinite(value.doubleValue)) {
    return { doubleValue: Number.isNaN(value.doubleValue) ? 'NaN' : value.doubleValue > 0 ? 'Infinity' : '-Infinity' };
  }
  if (value.mapValue) return { mapValue: { fields: fieldsJson(value.mapValue.fields ?? {}) } };
  if (value.arrayValue) return { arrayValue: { values: (value.arrayValue.values ?? []).map(json) } };
  return value;
}

const fieldsJson = (fields: Record<string, Value>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, json(value)]));

/** One request to the emulator's REST API as the admin. */
async function rest(base: string, method: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}/v1/${DATABASE}/documents:${method}`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${method}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The documents of every collection named `id`, wherever it is (a collection group count). */
async function groupCount(base: string, id: string): Promise<number> {
  const query = { from: [{ collectionId: id, allDescendants: true }] };
  const aggregation = { structuredQuery: query, aggregations: [{ alias: 'n', count: {} }] };
  const answer = (await rest(base, 'runAggregationQuery', { structuredAggregationQuery: aggregation })) as {
    result?: { aggregateFields: { n: { integerValue: string } } };
  }[];
  return Number(answer.find((part) => part.result)?.result?.aggregateFields.n.integerValue ?? 0);
}

async function main(folder: string | undefined): Promise<void> {
  if (!folder) throw new ExportFormatError('usage: npm run restore-check -- <export folder>');
  const contents = readExport(folder, DATABASE);
  const counts = new Map<string, number>();
  for (const { path } of contents.documents) {
    const form = collectionForm(path);
    counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  const emulator = await startEmulator({ port: 0, quiet: true });
  try {
    const base = `http://${emulator.host}:${emulator.port}`;
    for (let at = 0; at < contents.documents.length; at += BATCH) {
      const writes = contents.documents.slice(at, at + BATCH).map(({ path, fields }) => ({
        update: { name: `${DATABASE}/documents/${path.join('/')}`, fields: fieldsJson(fields) },
      }));
      await rest(base, 'commit', { writes });
    }
    // Read back: each collection id's documents in the emulator must be those of the export's collections so named.
    const expected = new Map<string, number>();
    for (const [form, count] of counts) {
      const id = form.split('/').at(-1)!;
      expected.set(id, (expected.get(id) ?? 0) + count);
    }
    for (const [id, count] of expected) {
      const loaded = await groupCount(base, id);
      if (loaded !== count) throw new Error(`${id}: ${count} documents in the export, ${loaded} in the emulator`);
    }
  } finally {
    await emulator.stop();
  }
  const forms = [...counts.keys()].sort();
  const width = Math.max('collection'.length, ...forms.map((form) => form.length));
  console.log(
    `${contents.metadata}: ${contents.files.length} file${contents.files.length === 1 ? '' : 's'}, ${contents.documents.length} documents, loaded`,
  );
  console.log(`${'collection'.padEnd(width)}  documents`);
  for (const form of forms) console.log(`${form.padEnd(width)}  ${String(counts.get(form)).padStart(9)}`);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(`restore-check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
