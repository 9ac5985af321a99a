// Writes the root firestore.indexes.json from the callables' query shapes: `npm run indexes -w functions`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { indexesFile } from '../src/queryShapes.js';

const target = fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url));
const file = indexesFile();
writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
console.log(`${file.indexes.length} composite indexes written to ${target}`);
